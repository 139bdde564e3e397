/**
 * Images behind the bearer token (logos, avatars): fetched as blobs and shown through object URLs.
 *
 * Avatars: one fetch per avatar URL for the page (many comments by one author share it); a missing avatar is
 * asked again after a while. refreshAvatar(src) drops the cached image and tells every mounted Avatar of that
 * URL (after an upload), bypassing the browser's HTTP cache with a version parameter.
 */
import api from './apiClient.js';

/** Fetch an authenticated image as an object URL. */
export async function fetchBlobUrl(url) {
  const res = await api.get(url, { responseType: 'blob' });
  return URL.createObjectURL(res.data);
}

const cache = new Map(); // src -> {promise, at, url}
const VERSION_KEY = 'avatarVersions';
const MISSING_TTL_MS = 5 * 60 * 1000;
const listeners = new Set();

function readVersions() {
  // Kept across reloads: the browser may hold the old image of a URL for a few minutes.
  try {
    return new Map(Object.entries(JSON.parse(window.localStorage.getItem(VERSION_KEY) || '{}')));
  } catch {
    return new Map();
  }
}
const versions = readVersions();

function saveVersions() {
  try {
    window.localStorage.setItem(VERSION_KEY, JSON.stringify(Object.fromEntries(versions)));
  } catch { /* private mode: the version lives for this page only */ }
}

/** The object URL of an avatar (null when there is none), fetched once per page and version. */
export function loadAvatar(src) {
  const hit = cache.get(src);
  if (hit && (hit.url || Date.now() - hit.at < MISSING_TTL_MS)) return hit.promise;
  const v = versions.get(src);
  const entry = { at: Date.now(), url: null };
  entry.promise = fetchBlobUrl(v ? `${src}${src.includes('?') ? '&' : '?'}v=${v}` : src)
    .then((u) => { entry.url = u; return u; })
    .catch(() => null);
  cache.set(src, entry);
  return entry.promise;
}

/** A new avatar was saved at `src`: drop the cached image and reload every Avatar showing it. */
export function refreshAvatar(src) {
  if (!src) return;
  cache.delete(src);
  versions.set(src, Date.now().toString(36));
  saveVersions();
  listeners.forEach((fn) => fn(src));
}

/** Call `fn(src)` whenever refreshAvatar(src) runs; returns the unsubscribe. */
export function onAvatarRefresh(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
