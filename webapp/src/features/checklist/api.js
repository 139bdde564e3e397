/** The checklist's call (spec §2 Checklist): flip a module's checklist through its toggle link's server form. */
import api from '../../lib/apiClient.js';
import { flippedOption } from './checklist.js';

/**
 * Flip a checklist (the state of checklistOf): GET the toggle link's form, POST the flipped option to its
 * action with _method and _token. Returns the custom field item the server answers with.
 */
export async function toggleChecklist(state) {
  const form = (await api.get(state.toggle.url)).data;
  const els = form.elements || [];
  const optionEl = els.find((e) => e.name === 'option') || els.find((e) => e.type === 'select');
  const tokenEl = els.find((e) => e.name === '_token');
  const fd = new FormData();
  fd.append('_method', (form.method || 'POST').toUpperCase());
  fd.append(optionEl ? optionEl.name : 'option', flippedOption(state, optionEl && optionEl.options));
  if (tokenEl) fd.append('_token', tokenEl.value);
  const res = await api.post(form.action, fd);
  return res.data.item;
}
