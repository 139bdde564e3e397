/**
 * Paged lists (docs/architecture.md 'Paged lists'): the API pages, sorts, searches and filters; the client keeps
 * the query ({page from 1, perPage, sort, q, filters...}) and shows the answer's page with its meta.total.
 */
import { useCallback, useMemo, useState } from 'react';
import { getPage } from '../lib/paging.js';
import useFetch from './useFetch.js';

/**
 * One page of a list and the query that asked for it. `source` is a feature's list call, run as
 * source(...args, query), or the url of a list (a link's url). `update(patch)` changes the query; any change but
 * the page itself starts again from the first page (a new search or sort on page 7 would land anywhere).
 * data is the whole answer ({list, meta} or {item, meta}); the previous page stays shown while the next loads.
 * `fetchPage(query)` asks the same list for any other query (the CSV export reads every page with it).
 */
export default function usePagedList(source, initial = {}, args = []) {
  const [query, setQuery] = useState(() => ({ page: 1, perPage: 20, sort: '', q: '', ...initial }));
  const update = useCallback((patch) => setQuery((q) => ({ ...q, page: 1, ...patch })), []);
  const byUrl = typeof source === 'string';
  const state = useFetch(source ? (byUrl ? getPage : source) : null, byUrl ? [source, query] : [...args, query], { keep: true });
  const meta = (state.data && state.data.meta) || { page: query.page, perPage: query.perPage, total: 0 };
  const argsKey = JSON.stringify(args);
  const fetchPage = useMemo(() => {
    if (!source) return null;
    const fixed = JSON.parse(argsKey);
    return (q) => (byUrl ? getPage(source, q) : source(...fixed, q));
  }, [source, byUrl, argsKey]);
  return { ...state, query, update, meta, fetchPage };
}

/**
 * The `server` prop of a DataTable showing a paged list (`filtered`: filters beside the search are set;
 * `fetchPage(query)` answers {list, meta} for any query: every page of the export).
 */
export function tableServer(paged, filtered = false) {
  return {
    query: paged.query, total: paged.meta.total, onQuery: paged.update, busy: paged.status === 'reloading', filtered,
    fetchPage: paged.fetchPage,
  };
}
