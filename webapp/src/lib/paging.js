/**
 * Paged lists (docs/architecture.md 'Paged lists'): the API pages, sorts, searches and filters; the client sends
 * the query ({page from 1, perPage, sort, q, filters...}) as the query string.
 */
import api from './apiClient.js';

/** `url` with `params` as its query string; empty values (undefined, null, '') are left out. */
export function withQuery(url, params = {}) {
  const qs = new URLSearchParams();
  Object.entries(params).forEach(([k, v]) => {
    if (v !== undefined && v !== null && v !== '') qs.append(k, String(v));
  });
  const s = qs.toString();
  if (!s) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${s}`;
}

/** One page of the list at `url`: the whole answer ({list, meta} or {item, meta}). */
export function getPage(url, query) {
  return api.get(withQuery(url, query)).then((r) => r.data);
}

/** The largest page the API's paged lists give (perPage 1-500). */
export const MAX_PER_PAGE = 500;

/**
 * Every row of a paged list for one query (its sort, q and filters): pages of `perPage` (500) asked one after
 * the other through `fetchPage(query)` until meta.total rows came (or a page came empty), in the
 * list's order. A row seen on an earlier page (the list moved while it was read) is kept once (by `id`), and a
 * page that brings nothing new ends the reading.
 * `rowsOf(answer)` finds the rows of an answer ({list, meta} by default); `maxPages` bounds a list that never ends.
 */
export async function fetchAllPages(fetchPage, query = {}, { perPage = MAX_PER_PAGE, rowsOf = (a) => a.list, maxPages = 1000 } = {}) {
  const rows = [];
  const seen = new Set();
  let total = Infinity;
  for (let page = 1; rows.length < total && page <= maxPages; page += 1) {
    // Pages depend on one another (when to stop): one at a time, in order.
    const answer = await fetchPage({ ...query, page, perPage });
    const list = (answer && rowsOf(answer)) || [];
    if (answer && answer.meta && Number.isFinite(answer.meta.total)) total = answer.meta.total;
    const before = rows.length;
    list.forEach((row) => {
      const id = row && row.id;
      if (id !== undefined && id !== null) {
        if (seen.has(id)) return;
        seen.add(id);
      }
      rows.push(row);
    });
    // An empty page, or one that brought nothing new: the list has no more to give. Without a total, a short
    // page is the last; with one, a short page may be the server's own page size, so the reading goes on.
    if (!list.length || rows.length === before || (total === Infinity && list.length < perPage)) break;
  }
  return rows;
}
