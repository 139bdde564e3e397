import { useCallback, useEffect, useRef, useState } from 'react';
import { useModuleLive } from '../../hooks/useLive.js';
import { errorMessage } from '../../lib/errors.js';
import { listThreads } from './api.js';

/** Threads per page: newest first, so a new comment shows under the box and 'Show older' pages back. */
export const THREADS_PER_PAGE = 20;

/**
 * The threads of a module, refreshed every `refreshMs` unless the module's live stream is up (`module`: its `live`
 * link; then a comment hint says when to read again): every load (a refresh, a post, 'Show older', a hint) reads
 * again each page shown, so what is shown stays current; a failed refresh keeps the comments already shown.
 * -> {state: {status, list, total, error}, load(pageCount?), showOlder(), busy, live: 'connecting'|'live'|'down'}
 */
export default function useThreads(moduleId, refreshMs, module = null) {
  const [state, setState] = useState({ status: 'loading', list: [], total: 0, error: null });
  const [busy, setBusy] = useState(false);
  const seq = useRef(0);
  const pages = useRef(1);

  const load = useCallback((count = pages.current) => {
    const mine = ++seq.current;
    return Promise.all(Array.from({ length: count }, (_, i) => listThreads(moduleId, i + 1, THREADS_PER_PAGE)))
      .then((answers) => {
        if (mine !== seq.current) return;
        pages.current = count;
        const seen = new Set();
        // A thread posted between two page reads can push one onto the next page: show it once.
        const list = answers.flatMap((d) => d.list || []).filter((c) => !seen.has(c.id) && seen.add(c.id));
        const total = answers[0].meta ? answers[0].meta.total : list.length;
        setState({ status: 'succeeded', list, total, error: null });
      })
      .catch((err) => {
        if (mine === seq.current) setState((s) => ({ ...s, status: s.list.length ? s.status : 'failed', error: errorMessage(err) }));
      });
  }, [moduleId]);

  const live = useModuleLive(module, (m) => { if (m.kind === 'open' || m.kind.startsWith('comment.')) load(); });
  useEffect(() => {
    pages.current = 1;
    load(1);
  }, [load]);
  useEffect(() => {
    if (live === 'live') return undefined;
    const t = setInterval(() => load(), refreshMs);
    return () => clearInterval(t);
  }, [load, refreshMs, live]);

  const showOlder = async () => {
    setBusy(true);
    await load(pages.current + 1);
    setBusy(false);
  };
  return { state, load, showOlder, busy, live };
}
