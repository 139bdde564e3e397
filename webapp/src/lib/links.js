/**
 * Links (docs/architecture.md 'Links'): the client follows a link's url with its operation and never builds
 * an address itself, except to fill a templated link's placeholders (reindex: '{previous_id}').
 */
import api from './apiClient.js';

export function fillLink(link, values) {
  if (!link || !link.url) return null;
  return Object.entries(values).reduce((url, [name, value]) => url
    .split(`{${name}}`).join(encodeURIComponent(String(value)))
    .split(`%7B${name}%7D`).join(encodeURIComponent(String(value))), link.url);
}

/**
 * Follow a link: its operation (GET, DELETE, PATCH, POST) on its url. `data` is the body of a PATCH or POST;
 * `fill` the values of a templated link's placeholders. Resolves with the whole answer.
 */
export function callLink(link, data, fill) {
  const url = fill ? fillLink(link, fill) : link.url;
  const op = String(link.operation || 'GET').toLowerCase();
  if (op === 'delete') return api.delete(url);
  if (op === 'patch') return api.patch(url, data);
  if (op === 'post') return api.post(url, data);
  return api.get(url);
}
