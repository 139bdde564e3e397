import { useCallback, useRef, useState } from 'react';
import { errorMessage, fieldErrors } from '../../lib/errors.js';
import { saveDate } from './api.js';
import { LINK_OF, datesOf, daysFromPixels, dragDates, plannedEdits, withDates } from './drag.js';

/** What a failed save says: the server's message and, for a 422, each field's. */
export function failureText(err) {
  const fields = Object.values(fieldErrors(err)).flat();
  const base = errorMessage(err, 'The dates could not be saved');
  return fields.length ? `${base}: ${fields.join(' ')}` : base;
}

const sameDates = (a, b) => a.startDate === b.startDate && a.deadline === b.deadline;

/**
 * Dragging and nudging bars (`days`: the days the window shows). A pointer drag previews the new dates and, on
 * release, saves them through the row deliverable's edit links (the deadline first when it moves later, so the
 * start never passes it); arrow keys do the same by one day. A failure shows a dialog (`error`) and puts the bar
 * back; a success shows the server's dates at once (until the rows given change) and calls `onChanged`.
 */
export default function useBarDrag({ days, onChanged }) {
  const [drag, setDrag] = useState(null); // {id, mode, delta}: the preview of a pointer drag
  const [saving, setSaving] = useState(null); // {id, dates}: what is being saved
  const [saved, setSaved] = useState({}); // id -> {was, now}: the server's dates while the rows still show `was`
  const [error, setError] = useState(null);
  const live = useRef(null);

  const current = useCallback((row) => {
    const d = row.deliverable;
    const s = d && saved[row.id];
    return s && sameDates(s.was, d) ? { ...d, ...s.now } : d;
  }, [saved]);

  const commit = async (row, mode, delta) => {
    const d = current(row);
    const before = datesOf(d);
    const after = dragDates(before, mode, delta);
    const edits = plannedEdits(before, after);
    setDrag(null);
    if (!edits.length) return;
    setSaving({ id: row.id, dates: after });
    let item = null;
    try {
      for (const [field, value] of edits) item = await saveDate(d.links[LINK_OF[field]], field, value);
    } catch (err) {
      setError(failureText(err));
    }
    if (item) {
      const now = { startDate: item.startDate, deadline: item.deadline };
      setSaved((s) => ({ ...s, [row.id]: { was: { startDate: row.deliverable.startDate, deadline: row.deliverable.deadline }, now } }));
    }
    setSaving(null);
    if (item && onChanged) onChanged();
  };

  /** The row's deliverable as it is shown now: saved, being saved or dragged. */
  const shown = (row) => {
    const d = current(row);
    if (!d) return d;
    if (saving && saving.id === row.id) return withDates(d, saving.dates);
    if (drag && drag.id === row.id) return withDates(d, dragDates(datesOf(d), drag.mode, drag.delta));
    return d;
  };

  /** Handlers of one row's bar; `modes` from dragModes(). */
  const handlers = (row, modes) => ({
    onPointerDown: (e) => {
      const mode = (e.target.dataset && e.target.dataset.edge) || 'move';
      if (e.button !== 0 || saving || !modes[mode]) return;
      const track = e.currentTarget.parentElement;
      live.current = { row, mode, x0: e.clientX, width: track.getBoundingClientRect().width, delta: 0 };
      if (e.currentTarget.setPointerCapture && e.pointerId !== undefined) e.currentTarget.setPointerCapture(e.pointerId);
      setDrag({ id: row.id, mode, delta: 0 });
    },
    onPointerMove: (e) => {
      const l = live.current;
      if (!l) return;
      const delta = daysFromPixels(e.clientX - l.x0, l.width, days);
      if (delta !== l.delta) {
        l.delta = delta;
        setDrag({ id: l.row.id, mode: l.mode, delta });
      }
    },
    onPointerUp: () => {
      const l = live.current;
      live.current = null;
      if (l && l.delta) commit(l.row, l.mode, l.delta);
      else setDrag(null);
    },
    onPointerCancel: () => { live.current = null; setDrag(null); },
    onKeyDown: (e) => {
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      e.preventDefault();
      let mode = 'move';
      if (e.shiftKey) mode = 'end';
      else if (e.altKey) mode = 'start';
      if (!saving && modes[mode]) commit(row, mode, e.key === 'ArrowLeft' ? -1 : 1);
    },
  });

  return { shown, handlers, savingId: saving && saving.id, draggingId: drag && drag.id, error, clearError: () => setError(null) };
}
