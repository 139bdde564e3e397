/**
 * The HTTP client (spec §7, §8): base URL by host, bearer token and credentials on every call.
 * A status outside 200-399, or a 302, is an error.
 */
import axios from 'axios';
import { getConfig } from './config.js';
import { getToken } from './session.js';

export function isOkStatus(status) {
  return status >= 200 && status < 400 && status !== 302;
}

const api = axios.create({
  baseURL: getConfig().apiBase,
  withCredentials: true,
  validateStatus: isOkStatus,
});

api.interceptors.request.use((cfg) => {
  const token = getToken();
  if (token) {
    cfg.headers = cfg.headers || {};
    cfg.headers.Authorization = `Bearer ${token}`;
  }
  return cfg;
});

let onUnauthorized = null;
/** Called with the error when a signed-in call answers 401 (session gone): the store logs out. */
export function setUnauthorizedHandler(fn) {
  onUnauthorized = fn;
}

api.interceptors.response.use(
  (res) => res,
  (err) => {
    const status = err.response && err.response.status;
    const url = (err.config && err.config.url) || '';
    if (status === 401 && onUnauthorized && !url.startsWith('/json/login')) onUnauthorized(err);
    return Promise.reject(err);
  },
);

export default api;

/** A person-readable message out of a failed call. */
export function errorMessage(err, fallback = 'Something went wrong') {
  if (!err) return fallback;
  const data = err.response && err.response.data;
  if (data && typeof data === 'object' && data.error) return data.error;
  if (data && typeof data === 'object' && data.message) return data.message;
  if (err.response && err.response.statusText) return err.response.statusText;
  return err.message || fallback;
}

/** Per-element errors of a 400/422 answer, or {}. */
export function fieldErrors(err) {
  const data = err && err.response && err.response.data;
  return (data && data.errors) || {};
}

export const getItem = (url, cfg) => api.get(url, cfg).then((r) => r.data.item);
export const getList = (url, cfg) => api.get(url, cfg).then((r) => r.data.list || []);

/** Fetch an authenticated image as an object URL (logos, avatars). */
export async function fetchBlobUrl(url) {
  const res = await api.get(url, { responseType: 'blob' });
  return URL.createObjectURL(res.data);
}
