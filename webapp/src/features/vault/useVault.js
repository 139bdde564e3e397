import { useCallback, useMemo } from 'react';
import useLatest from '../../hooks/useLatest.js';
import { useModuleLive } from '../../hooks/useLive.js';
import usePagedList from '../../hooks/usePagedList.js';
import { viewVault } from './api.js';

/**
 * The vault of a module: one page of its files (paged, sorted and searched by the server; meta counts the
 * files) and all its references, with helpers to replace, add or drop a file or reference in place.
 * `perPage`: files per page (the references tab, which shows no file, asks for the smallest page).
 * `fetchPage(query)` answers a page of the files as a list ({list, meta}): what the files table's export reads.
 * With `module` (its `live` link), files and references changed by someone else are read again at once.
 * `refresh()` reads the shown page again quietly (no busy table; a failure keeps what is shown): the polling of
 * files whose text is being read.
 */
export default function useVault(moduleId, { perPage = 10, module = null } = {}) {
  const paged = usePagedList(moduleId ? viewVault : null, { perPage }, [moduleId]);
  // Someone else's upload, lock or deletion shows at once (the module's live stream, when `module` is given).
  const { reload } = paged;
  useModuleLive(module, (m) => { if (m.kind === 'open' || /^(file|reference)\./.test(m.kind)) reload(); });
  const { data, setData, fetchPage: vaultPage } = paged;
  const fetchPage = useMemo(() => vaultPage && ((query) => vaultPage(query)
    .then((answer) => ({ list: (answer.item && answer.item.files) || [], meta: answer.meta }))), [vaultPage]);
  const { query } = paged;
  const shownQuery = useLatest(query);
  const refresh = useCallback(() => (vaultPage ? vaultPage(query)
    .then((answer) => { if (shownQuery.current === query) setData(answer); }) // not over a page asked since
    .catch(() => {}) : Promise.resolve()), [vaultPage, query, shownQuery, setData]);
  const patch = useCallback((key, fn) => {
    if (!data) return;
    setData({ ...data, item: { ...data.item, [key]: fn(data.item[key] || []) } });
  }, [data, setData]);
  const put = useCallback((key, item) => patch(key, (list) => (list.some((x) => x.id === item.id)
    ? list.map((x) => (x.id === item.id ? { ...x, ...item } : x)) : [...list, item])), [patch]);
  const drop = useCallback((key, id) => patch(key, (list) => list.filter((x) => x.id !== id)), [patch]);
  return { ...paged, fetchPage, vault: data ? data.item : null, fileCount: paged.meta.total, put, drop, refresh };
}
