import { useRef, useState } from 'react';
import { formatDate } from '../../lib/dates.js';
import { t } from '../../lib/i18n.js';
import { saveField } from '../../lib/inPlace.js';
import { toast } from '../../lib/toast.js';
import { editUrl, movedDate } from './entries.js';
import { clampDay } from './grid.js';

const without = (map, key) => {
  const next = { ...map };
  delete next[key];
  return next;
};

/**
 * The lifted entry ({entry, date, keyboard} or null): as rendered, and as it is now (a ref: the events of one
 * gesture, a lift and its first move, a drop and the blur it causes, come before the next render).
 */
function useLifted() {
  const [lifted, setState] = useState(null);
  const now = useRef(null);
  const set = (value) => {
    now.current = value;
    setState(value);
  };
  return [lifted, now, set];
}

/**
 * Moving entries (issue 44): an entry is lifted (by the pointer or the keyboard), taken over days, dropped on one.
 * A drop moves it at once and saves its date through the deliverable's edit link (saveField); a refusal puts it
 * back and shows the server's reason (a toast), a success calls `onSaved` (the page re-reads the period). While
 * the answer is awaited the entry shows on its new day, and after it until `data` is read again. What happens is
 * said in `message` (an aria-live region). `days`: the days shown (a lifted entry stays among them); `reveal(day)`:
 * make the day's entries visible (where a move lands, or where a refusal puts it back; a keyboard move keeps the
 * focus on the moved entry).
 */
export default function useCalendarMoves({ data, days, onSaved, reveal }) {
  const [moves, setMoves] = useState({}); // key -> {date, pending, base}: moves not yet in `data`
  const [lifted, liftedNow, setLifted] = useLifted();
  const [message, setMessage] = useState('');
  const [focusKey, setFocusKey] = useState(null); // {key}: the entry whose move button takes the focus back

  /** Where an entry shows: its move being saved, or saved and not read again yet, else its own date. */
  const dateOf = (entry) => {
    const m = moves[entry.key];
    return m && (m.pending || m.base === data) ? m.date : entry.date;
  };
  const busy = (entry) => !!(moves[entry.key] && moves[entry.key].pending);
  const name = (entry) => entry.row.name;

  const save = async (entry, date, keyboard) => {
    const from = entry.date;
    const before = moves[entry.key]; // a move saved earlier and not read again yet: where a refusal puts it back
    setMoves((m) => ({ ...m, [entry.key]: { date, pending: true, base: data } }));
    setMessage(t('calendar.moved', { name: name(entry), date: formatDate(date) }));
    reveal(date);
    try {
      await saveField(editUrl(entry.row), entry.field, date);
      setMoves((m) => (m[entry.key] ? { ...m, [entry.key]: { ...m[entry.key], pending: false } } : m));
      if (onSaved) onSaved();
    } catch (err) {
      setMoves((m) => (before ? { ...m, [entry.key]: before } : without(m, entry.key)));
      setMessage(t('calendar.movedBack', { name: name(entry), date: formatDate(from) }));
      toast((err && err.message) || t('calendar.notSaved'), 'error');
      reveal(from);
      if (keyboard) setFocusKey({ key: entry.key });
    }
  };

  const lift = (entry, keyboard) => {
    if (!entry.movable || busy(entry)) return;
    setLifted({ entry, date: entry.date, keyboard });
    setMessage(t('calendar.moving', { name: name(entry), date: formatDate(entry.date) }));
  };
  /** The lifted `entry` is over `date` (null: over no day). */
  const over = (date, entry) => {
    if (!liftedNow.current) return;
    setLifted({ ...liftedNow.current, date });
    if (date) setMessage(t('calendar.moving', { name: name(entry), date: formatDate(date) }));
  };
  const cancel = () => {
    if (!liftedNow.current) return;
    setLifted(null);
    setMessage(t('calendar.cancelled'));
  };
  const drop = (entry, date) => {
    const now = liftedNow.current;
    if (!now || now.entry.key !== entry.key) return; // never lifted (its last move is still being saved)
    const { keyboard } = now;
    setLifted(null);
    if (!date || date === entry.date) {
      setMessage(t('calendar.cancelled'));
      return;
    }
    if (keyboard) setFocusKey({ key: entry.key });
    save(entry, date, keyboard);
  };

  /** The move button's keys: Space (or Enter) lifts and drops, arrows move a day or a week, Escape cancels. */
  const onKeyDown = (entry) => (e) => {
    const now = liftedNow.current;
    const mine = now && now.entry.key === entry.key;
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      if (mine) drop(entry, now.date);
      else lift(entry, true);
    } else if (mine && e.key === 'Escape') {
      e.preventDefault();
      cancel();
    } else if (mine && movedDate(now.date, e.key)) {
      e.preventDefault();
      over(clampDay(movedDate(now.date, e.key), days), entry);
    }
  };

  return {
    dateOf, busy, lifted, message, focusKey, onKeyDown, lift, over, drop, cancel,
    /** A lifted entry loses the focus (Tab): the move is cancelled. */
    onBlur: (entry) => () => {
      const now = liftedNow.current;
      if (now && now.keyboard && now.entry.key === entry.key) cancel();
    },
  };
}
