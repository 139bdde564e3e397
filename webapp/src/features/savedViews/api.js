/** Saved views (issue 44, point 4): the views of a screen, one view, and deleting one. */
import api from '../../lib/apiClient.js';
import { fetchForm } from '../../lib/serverForm.js';

/** The views the reader sees on a module's screen of this kind, and the link to save one: {list, links}. */
export const listViews = (moduleId, kind) => api.get(`/api/view/list/${moduleId}`, { params: { kind } }).then((r) => r.data);

/** One view (404 when it is another person's private view, or shared on a module the reader cannot see). */
export const getView = (id) => api.get(`/api/view/${id}`).then((r) => r.data.item);

/** Delete through the view's own link. */
export const deleteView = (link) => api.delete(link.url).then((r) => r.data);

/**
 * The save form with what is being saved filled in and hidden: the person names it (and shares it, where the
 * server offers that); the kind and the state are the screen's.
 */
export async function loadSaveForm(url, kind, state) {
  const form = await fetchForm(url);
  const fixed = { kind, state: JSON.stringify(state) };
  return {
    ...form,
    elements: form.elements.map((el) => (el.name in fixed ? { ...el, type: 'hidden', value: fixed[el.name] } : el)),
  };
}
