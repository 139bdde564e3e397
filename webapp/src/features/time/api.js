/**
 * The time feature's calls (issue 45, /tmp contract 'Entries, timer, activities'): the time entries of a module's
 * subtree, an entry's removal, the list exported by the server (CSV, XLSX), and the running timer. Besides, a tiny
 * emitter: `timeChanged()` tells whoever shows time (the Time tab) that an entry was logged, changed or removed.
 */
import api from '../../lib/apiClient.js';
import { getPage, withQuery } from '../../lib/paging.js';
import saveBlob, { filenameFromDisposition } from '../../lib/saveFile.js';

/** One page of the time entries at a module's `time` link: {list, meta, totalMinutes, totalHours}. */
export const listEntries = (url, query) => getPage(url, query);

/** Remove an entry through its `delete` link. */
export const deleteEntry = (entry) => api.delete(entry.links.delete.url);

/**
 * Download the list at `url` as the server writes it (`format` 'csv' or 'xlsx') with the list's filters and sort,
 * through the authenticated client; the file is named by the server (else `fallback.<format>`).
 */
export async function downloadEntries(url, filters, format, fallback = 'time') {
  const res = await api.get(withQuery(url, { ...filters, format }), { responseType: 'blob' });
  const headers = res.headers || {};
  saveBlob(res.data, filenameFromDisposition(headers['content-disposition']) || `${fallback}.${format}`);
}

/** The reader's running timer at the currentuser's `timer` link: its item, or null when none runs. */
export const getTimer = (link) => api.get(link.url).then((r) => (r.data && r.data.item) || null);

/** Start a timer through the module's `start_timer` link (a running one is stopped and its entry saved first): its item. */
export const startTimer = (module) => api.post(module.links.start_timer.url).then((r) => r.data.item);

/** Stop the running timer (its `stop` link): resolves with the entry it logged. */
export const stopTimer = (timer) => api.post(timer.links.stop.url).then((r) => r.data.item);

/** Throw the running timer away (its `discard` link): nothing is logged. */
export const discardTimer = (timer) => api.delete(timer.links.discard.url);

const listeners = new Set();

/** Listen for time logged, changed or removed anywhere in the app; returns the function that stops listening. */
export function onTimeChanged(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Say that time was logged, changed or removed (`entry`: the entry, when there is one). */
export function timeChanged(entry) {
  listeners.forEach((fn) => fn(entry));
}
