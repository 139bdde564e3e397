import { useCallback, useMemo, useRef, useState } from 'react';
import useLatest from '../../hooks/useLatest.js';
import { t } from '../../lib/i18n.js';
import { saveField } from '../../lib/inPlace.js';
import { toast } from '../../lib/toast.js';
import { columnLabel } from './labels.js';
import { limitState, movable, moveTarget, serverStatus, shownStatus } from './group.js';

/** Moves whose rows now say something else than they did: the server's answer is on the page, drop them. */
function pruned(moves, byId) {
  const next = {};
  let changed = false;
  for (const [id, m] of Object.entries(moves)) {
    const row = byId.get(Number(id)) || byId.get(id);
    if (row && (m.saving || serverStatus(row) === m.was)) next[id] = m;
    else changed = true;
  }
  return changed ? next : moves;
}

/** How many cards the column `to` holds once one more is in it (to say when that passes its limit). */
function countAfter({ byId, moves, cardType }, to) {
  let n = 1;
  for (const r of byId.values()) if (r.type === cardType && shownStatus(r, moves) === to) n += 1;
  return n;
}

/**
 * Changing a card's status: optimistic (the card shows in its new column at once), saved through its
 * deliverable's edit form (saveField: the server judges), put back with the server's reason on a refusal (a toast
 * and the live region), `onChanged()` after a save. `moves` ({id: {to, was, saving}}) is what the board shows
 * beyond the rows; `move(row, to)`; `announce(text)` speaks in the board's live region.
 */
export function useSaveMove({ byId, cardType, onChanged, announce, limits }) {
  const [moves, setMoves] = useState({});
  // New rows (the page read them again): forget the moves they now show, during the render (no second pass).
  const [seen, setSeen] = useState(byId);
  if (seen !== byId) {
    setSeen(byId);
    setMoves((m) => pruned(m, byId));
  }
  const latest = useLatest({ byId, cardType, moves, onChanged, limits });

  const move = useCallback(async (row, to) => {
    const from = shownStatus(row, latest.current.moves);
    const name = row.name;
    if (!movable(row) || to === from || !to) {
      announce(t('board.stays', { name, status: columnLabel(from) }));
      return;
    }
    const was = serverStatus(row);
    const { limit, over } = limitState(countAfter(latest.current, to), (latest.current.limits || {})[to]);
    setMoves((m) => ({ ...m, [row.id]: { to, was, saving: true } }));
    try {
      await saveField(row.deliverable.links.edit.url, 'status', to, row.deliverable.version);
      setMoves((m) => (m[row.id] && m[row.id].to === to ? { ...m, [row.id]: { to, was, saving: false } } : m));
      announce(over ? t('board.movedOverLimit', { name, status: columnLabel(to), limit })
        : t('board.moved', { name, status: columnLabel(to) }));
      if (latest.current.onChanged) latest.current.onChanged();
    } catch (err) {
      setMoves((m) => {
        const next = { ...m };
        delete next[row.id];
        return next;
      });
      const message = (err && err.message) || t('board.notSaved');
      toast(message, 'error');
      announce(t('board.notMoved', { name, message }));
    }
  }, [announce, latest]);
  return { moves, move };
}

/**
 * The keyboard way (each card's move button): Space or Enter (the button's click) lifts the card, Left and
 * Right (Home, End) choose the column, Space drops it there (move), Escape or leaving the button cancels; each
 * step is said in the live region. `lifted`: {id, from, to} or null. `focusAfter(id)`: the board gives the
 * focus back to the card's button once it has moved.
 */
export function useKeyboardMove({ byId, moves, move, announce, focusAfter }) {
  const [lifted, setShown] = useState(null);
  // Read by the handlers at once (a blur may come before the next render's effects).
  const liftedRef = useRef(null);
  const latest = useLatest({ byId, moves, move });
  const actions = useMemo(() => {
    const setLifted = (value) => {
      liftedRef.current = value;
      setShown(value);
    };
    const rowOf = (id) => latest.current.byId.get(Number(id)) || latest.current.byId.get(id);
    const cancel = () => {
      const l = liftedRef.current;
      if (!l) return;
      setLifted(null);
      const row = rowOf(l.id);
      if (row) announce(t('board.cancelled', { name: row.name, status: columnLabel(l.from) }));
    };
    const toggle = (id) => {
      const l = liftedRef.current;
      const row = rowOf(id);
      if (!row) return;
      if (l && l.id === id) {
        setLifted(null);
        focusAfter(id);
        latest.current.move(row, l.to).finally(() => focusAfter(id));
        return;
      }
      const m = latest.current.moves[id];
      if (m && m.saving) return; // one change at a time per card
      const from = shownStatus(row, latest.current.moves);
      setLifted({ id, from, to: from });
      announce(t('board.lifted', { name: row.name, status: columnLabel(from) }));
    };
    const key = (id, e) => {
      const l = liftedRef.current;
      if (!l || l.id !== id) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        cancel();
        return;
      }
      const to = moveTarget(l.to, e.key);
      if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return;
      e.preventDefault();
      setLifted({ ...l, to });
      announce(t('board.overColumn', { status: columnLabel(to) }));
    };
    const blur = (id) => {
      const l = liftedRef.current;
      if (l && l.id === id) cancel();
    };
    return { toggle, key, blur };
  }, [announce, focusAfter, latest]);
  return { lifted, actions };
}
