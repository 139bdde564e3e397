/**
 * The HTTP client (spec §7, §8): base URL by host, bearer token and credentials on every call.
 * A status outside 200-399, or a 302, is an error.
 */
import { create } from 'axios';
import { getConfig } from './config.js';
import { getToken } from './session.js';
import { sessionLost } from './sessionEvents.js';

export function isOkStatus(status) {
  return status >= 200 && status < 400 && status !== 302;
}

const api = create({
  baseURL: getConfig().apiBase,
  withCredentials: true,
  validateStatus: isOkStatus,
});

/*
 * Conditional GET (docs/architecture.md): module/view and module/list send an ETag and answer 304 while nothing
 * they show has changed. We keep the last tag and body per URL, in memory and for one signed-in user (the token
 * they were read with), send If-None-Match, and hand a 304 on as a 200 with the kept body.
 */
const REVALIDATED = /^\/api\/module\/(view|list)\/\d+$/;
export const KEPT_READS_MAX = 200;
const kept = new Map(); // url -> {etag, data}, oldest use first
let keptFor = null;

/** Forget every kept body (sign-out, session expired). */
export function forgetKeptReads() {
  kept.clear();
  keptFor = null;
}

/** The kept bodies of `token`'s user: another session starts empty. */
function keptOf(token) {
  if (token !== keptFor) {
    kept.clear();
    keptFor = token;
  }
  return kept;
}

// Said for these requests whatever the client's default is: axios' own default rejects a 304.
const acceptNotModified = (status) => status === 304 || isOkStatus(status);

api.interceptors.request.use((cfg) => {
  const token = getToken();
  if (token) {
    cfg.headers = cfg.headers || {};
    cfg.headers.Authorization = `Bearer ${token}`;
  }
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

export const getItem = (url, cfg) => api.get(url, cfg).then((r) => r.data.item);
export const getList = (url, cfg) => api.get(url, cfg).then((r) => r.data.list || []);
