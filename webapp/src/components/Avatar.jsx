import { useEffect, useState } from 'react';
import { initials } from '../lib/format.js';
import { fetchBlobUrl } from '../lib/apiClient.js';

const PALETTE = ['#0b6e4f', '#1d5fa8', '#8e44ad', '#c0392b', '#d35400', '#16a085', '#2c3e50', '#7f8c8d'];

function colourFor(name) {
  let h = 0;
  for (const c of String(name || '')) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length];
}

/*
 * One fetch per avatar URL for the page (many comments by one author share it); a missing avatar is
 * asked again after a while. refreshAvatar(src) drops the cached image and reloads every mounted Avatar
 * of that URL (after an upload), bypassing the browser's HTTP cache with a version parameter.
 */
const cache = new Map(); // src -> {promise, at}
const VERSION_KEY = 'avatarVersions';
function readVersions() {
  // Kept across reloads: the browser may hold the old image of a URL for a few minutes.
  try {
    return new Map(Object.entries(JSON.parse(window.localStorage.getItem(VERSION_KEY) || '{}')));
  } catch (e) {
    return new Map();
  }
}
const versions = readVersions();
function saveVersions() {
  try {
    window.localStorage.setItem(VERSION_KEY, JSON.stringify(Object.fromEntries(versions)));
  } catch (e) { /* private mode: the version lives for this page only */ }
}
const listeners = new Set();
const MISSING_TTL_MS = 5 * 60 * 1000;

function loadAvatar(src) {
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

export function refreshAvatar(src) {
  if (!src) return;
  cache.delete(src);
  versions.set(src, Date.now().toString(36));
  saveVersions();
  listeners.forEach((fn) => fn(src));
}

/** Initials over an avatar image (the image hides the initials once it has loaded). */
export default function Avatar({ name, src, size = 32, title, className = '' }) {
  const [url, setUrl] = useState(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!src) return undefined;
    const fn = (changed) => { if (changed === src) setVersion((n) => n + 1); };
    listeners.add(fn);
    return () => listeners.delete(fn);
  }, [src]);
  useEffect(() => {
    let live = true;
    setUrl(null);
    if (src) {
      if (/^(data:|blob:)/.test(src)) setUrl(src);
      else loadAvatar(src).then((u) => { if (live && u) setUrl(u); });
    }
    return () => { live = false; };
  }, [src, version]);
  return (
    <span className={`avatar ${className}`} title={title || name}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.36), background: colourFor(name) }}
      data-testid="avatar">
      <span className="avatar__initials">{initials(name)}</span>
      {url && <img className="avatar__img" src={url} alt="" onError={() => setUrl(null)} />}
    </span>
  );
}
