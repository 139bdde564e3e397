/** The board's calls: the picklist fields its swimlanes may follow and their values, and the quick add. */
import api from '../../lib/apiClient.js';
import { saveField } from '../../lib/inPlace.js';

/** The picklist custom fields lanes may follow under a module: [{id, name, options: ['A', 'B']}]. */
export function listLaneFields(moduleId) {
  return api.get(`/api/board/lanes/${moduleId}`).then((r) => (r.data && r.data.fields) || []);
}

/** One field's values: {field, values: {moduleId: 'A'}}. */
export function laneValues(moduleId, fieldId) {
  return api.get(`/api/board/lanes/${moduleId}?field=${encodeURIComponent(fieldId)}`)
    .then((r) => ({ field: (r.data && r.data.field) || null, values: (r.data && r.data.values) || {} }));
}

/**
 * A new card named `name` through the add form (`addLink`), then, for a status column, that status: through the
 * new item's deliverable form where it has one, else through its 'Add Status' form (a new module has no
 * deliverable). Resolves with the item; a refusal is an Error with the server's reason (saveField's), and a
 * status refused after the card was made carries `created` (the item) so the caller can say both.
 */
export async function quickAdd(addLink, name, status) {
  const answer = await saveField(addLink.url, 'name', name);
  const item = (answer && answer.item) || null;
  if (!status || !item) return item;
  const d = item.deliverable;
  const current = d && d.status ? d.status.name : null;
  if (current === status) return item;
  const edit = d && d.links && d.links.edit;
  const add = !d && item.links && item.links.add_deliverable;
  const link = edit || add;
  if (!link) return item;
  try {
    await saveField(link.url, 'status', status);
  } catch (err) {
    err.created = item;
    throw err;
  }
  return item;
}
