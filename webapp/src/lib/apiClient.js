/**
 * The HTTP client as the app calls it (spec §7, §8): get, post, put, patch and delete, each a promise of axios'
 * answer. The client (`httpClient.js`: axios, the bearer token, conditional GETs) loads on the first call, so that
 * it is not part of the JavaScript every route waits for first (issue 40: 22 KB of 102 KB); the first call of a
 * page starts that load alongside the route's own chunk.
 */
export { forgetKeptReads, isOkStatus, KEPT_READS_MAX } from './keptReads.js';

let loading = null;
/** The axios instance, loaded once. */
export function httpClient() {
  if (!loading) loading = import('./httpClient.js').then((m) => m.default);
  return loading;
}

const call = (method) => (...args) => httpClient().then((client) => client[method](...args));
const api = { get: call('get'), post: call('post'), put: call('put'), patch: call('patch'), delete: call('delete') };

export default api;

export const getItem = (url, cfg) => api.get(url, cfg).then((r) => r.data.item);
export const getList = (url, cfg) => api.get(url, cfg).then((r) => r.data.list || []);
