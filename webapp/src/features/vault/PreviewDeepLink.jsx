import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import useLatest from '../../hooks/useLatest.js';

/** The file and page a Files tab address asks to preview (`?hit=file-12&preview=1&page=3`), or null. */
export function previewAsked(search) {
  const q = new URLSearchParams(search);
  const m = /^file-(\d+)$/.exec(q.get('hit') || '');
  if (!m || q.get('preview') !== '1') return null;
  const page = Number.parseInt(q.get('page') || '', 10);
  return { id: m[1], page: page > 0 ? page : null };
}

/**
 * Opens the preview a search hit links to (`onOpen(file, page)`) once that file is among the loaded `files`
 * (a file on another page of the table is not looked for). Once per address: a reload of the list, or closing
 * the pane, does not open it again.
 */
export default function PreviewDeepLink({ files, onOpen }) {
  const { search } = useLocation();
  const done = useRef(null);
  const open = useLatest(onOpen);
  useEffect(() => {
    const asked = previewAsked(search);
    if (!asked || done.current === search) return;
    const file = (files || []).find((f) => String(f.id) === asked.id);
    if (!file) return;
    done.current = search;
    open.current(file, asked.page);
  }, [search, files, open]);
  return null;
}
