/**
 * The HTTP client itself (spec §7, §8): axios with the base URL by host, bearer token and credentials on every
 * call; a status outside 200-399, or a 302, is an error. Loaded on first use through `apiClient.js`, so that its
 * ~22 KB (gzipped) are not in the JavaScript every route waits for first (issue 40).
 */
import { create } from 'axios';
import { getConfig } from './config.js';
import { getLanguage } from './i18n.js';
import { KEPT_READS_MAX, isOkStatus, keptOf } from './keptReads.js';
import { getToken } from './session.js';
import { sessionLost } from './sessionEvents.js';

const api = create({
  baseURL: getConfig().apiBase,
  withCredentials: true,
  validateStatus: isOkStatus,
});

const REVALIDATED = /^\/api\/module\/(view|list)\/\d+$/;

// Said for these requests whatever the client's default is: axios' own default rejects a 304.
const acceptNotModified = (status) => status === 304 || isOkStatus(status);

api.interceptors.request.use((cfg) => {
  const token = getToken();
  cfg.headers = cfg.headers || {};
  // The API answers in the page's language (an account's own choice wins on the server).
  cfg.headers['Accept-Language'] = getLanguage() === 'pseudo' ? 'en' : getLanguage();
  if (token) cfg.headers.Authorization = `Bearer ${token}`;
  const url = cfg.url || '';
  if (token && String(cfg.method || 'get').toLowerCase() === 'get' && REVALIDATED.test(url)) {
    const entry = keptOf(token).get(url);
    // The entry travels with the request: a sign-out meanwhile cannot take the body a 304 stands for.
    cfg.revalidate = { url, token, entry };
    if (entry) {
      cfg.headers['If-None-Match'] = entry.etag;
      cfg.validateStatus = acceptNotModified;
    }
  }
  return cfg;
});

function revalidated(res) {
  const r = res.config && res.config.revalidate;
  if (!r) return res;
  if (res.status === 304 && r.entry) {
    if (r.token === getToken()) {
      const store = keptOf(r.token);
      store.delete(r.url); // the most recently used go last: the least recently used are dropped first
      store.set(r.url, r.entry);
    }
    return { ...res, status: 200, statusText: 'OK', data: r.entry.data, notModified: true };
  }
  const headers = res.headers || {};
  const etag = typeof headers.get === 'function' ? headers.get('etag') : headers.etag;
  if (r.token !== getToken()) return res;
  const store = keptOf(r.token);
  store.delete(r.url);
  if (etag && res.status === 200) {
    store.set(r.url, { etag: String(etag), data: res.data });
    if (store.size > KEPT_READS_MAX) store.delete(store.keys().next().value);
  }
  return res;
}

api.interceptors.response.use(
  revalidated,
  (err) => {
    const status = err.response && err.response.status;
    const url = (err.config && err.config.url) || '';
    if (status === 401 && !url.startsWith('/json/login')) sessionLost(err);
    return Promise.reject(err);
  },
);

export default api;
