import { useCallback, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ancestorIds } from './content.js';

/** The branches to open for the library's URL: down to the article shown, and the parent being added under. */
function wantedBy(tree, pathname, baseUrl) {
  if (!tree || !pathname.startsWith(baseUrl)) return [];
  const m = /^\/(?:(new|add|reader)\/)?(\d+)(?:\/edit)?\/?$/.exec(pathname.slice(baseUrl.length));
  if (!m) return [];
  const id = Number(m[2]);
  const want = ancestorIds(tree, id);
  if (m[1] === 'new' || m[1] === 'add') want.push(id);
  return want;
}

/**
 * The open branches of the article tree: landing on an article's URL (or adding under one) opens the branches
 * down to it, once per tree and URL; the reader opens and closes the rest.
 */
export default function useOpenBranches(tree, baseUrl) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => new Set());
  const [seen, setSeen] = useState({ tree: null, pathname: null, baseUrl: null });
  if (seen.tree !== tree || seen.pathname !== pathname || seen.baseUrl !== baseUrl) {
    setSeen({ tree, pathname, baseUrl });
    const want = wantedBy(tree, pathname, baseUrl);
    if (want.length && !want.every((x) => open.has(x))) setOpen(new Set([...open, ...want]));
  }
  const toggle = useCallback((id) => setOpen((s) => {
    const n = new Set(s);
    if (n.has(id)) n.delete(id); else n.add(id);
    return n;
  }), []);
  const expandAll = () => {
    const ids = new Set();
    const walk = (list) => (list || []).forEach((a) => { if ((a.children || []).length) { ids.add(a.id); walk(a.children); } });
    walk(tree);
    setOpen(ids);
  };
  const openUnder = (parent) => setOpen((s) => new Set([...s, parent.id, ...ancestorIds(tree || [], parent.id)]));
  return { open, toggle, expandAll, collapseAll: () => setOpen(new Set()), openUnder };
}
