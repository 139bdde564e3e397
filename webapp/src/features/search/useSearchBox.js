/**
 * The state of the top bar's search box: the text, what the server answered for it (debounced 200 ms, spec §9),
 * whether the list is open, the active option (↑ ↓ move through the hits and 'See all results', Enter opens it,
 * Escape closes) and the scope (the module page's 'only here' toggle).
 */
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import useFetch from '../../hooks/useFetch.js';
import { searchItems } from './api.js';
import { flatten, groupHits, hitHref, nextActive, resultsHref } from './hits.js';
import useDebounced from './useDebounced.js';

export const DEBOUNCE_MS = 200;
// The box shows the best hits of each kind, so many of each: an exact hit of any kind is always in sight.
export const PER_KIND = 3;

export default function useSearchBox(scope) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  // The active option belongs to one answer (its query and scope): another answer starts with none.
  const [picked, setPicked] = useState({ key: '', index: -1 });
  const [scopedAsked, setScoped] = useState(false);
  const scoped = !!scope && scopedAsked;
  const q = useDebounced(text.trim(), DEBOUNCE_MS);
  const moduleId = scoped ? scope.id : undefined;
  const key = `${q}|${moduleId || ''}`;
  const active = picked.key === key ? picked.index : -1;
  const setActive = useCallback((next) => setPicked((p) => {
    const current = p.key === key ? p.index : -1;
    return { key, index: typeof next === 'function' ? next(current) : next };
  }), [key]);
  const state = useFetch(q ? searchItems : null, [{ q, perKind: PER_KIND, module: moduleId }], { keep: true });
  const answer = q ? state.data : null;
  const groups = useMemo(() => (answer ? groupHits(answer.list, answer.facets && answer.facets.kind) : []), [answer]);
  const options = useMemo(() => flatten(groups), [groups]);
  const count = options.length + 1; // the hits, then 'See all results'

  const close = useCallback(() => { setOpen(false); setActive(-1); }, [setActive]);
  const go = useCallback((to) => {
    close();
    navigate(to);
  }, [close, navigate]);
  const choose = useCallback((index) => {
    if (index >= 0 && index < options.length) go(hitHref(options[index]));
    else if (text.trim()) go(resultsHref(text.trim(), moduleId));
  }, [options, go, text, moduleId]);

  const onKeyDown = (e) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) { setOpen(true); return; }
      setActive((a) => nextActive(a, count, e.key === 'ArrowDown' ? 1 : -1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(active);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (open) close();
      else setText('');
    }
  };

  return {
    text, q, open, active, scoped, groups, options, answer, status: state.status, error: state.error,
    setText: (v) => { setText(v); setOpen(true); }, setOpen, setActive, setScoped, close, choose, onKeyDown,
    moduleId,
  };
}
