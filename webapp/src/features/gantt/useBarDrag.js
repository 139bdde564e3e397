import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, fieldErrors } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { previewMove, saveDate, saveDates } from './api.js';
import { LINK_OF, datesOf, daysFromPixels, dragDates, plannedEdits, withDates } from './drag.js';
import { ghostsOf } from './plan.js';
import { isoDay } from './window.js';

/** What a failed save says: the server's message and, for a 422, each field's. */
export function failureText(err) {
  const fields = Object.values(fieldErrors(err)).flat();
  const base = errorMessage(err, t('gantt.datesNotSaved'));
  return fields.length ? t('gantt.failureWithFields', { message: base, fields: fields.join(' ') }) : base;
}

const sameDates = (a, b) => a.startDate === b.startDate && a.deadline === b.deadline;
// A drag asks the server what it would move once the pointer rests this long on a day (not on every pixel).
const PREVIEW_MS = 80;

/** {startDate, deadline} of days, without the missing one. */
function isoDates({ start, end }) {
  const out = {};
  if (start !== null) out.startDate = isoDay(start);
  if (end !== null) out.deadline = isoDay(end);
  return out;
}

/**
 * Save `after` through the deliverable's links: both dates in one write where it offers one (what follows then
 * moves once), else each date (the deadline first when it moves later, so the start never passes it). `got` is
 * called with each answer ({item, schedule}) as it comes: when a second write fails, the first was kept.
 */
async function saveMove(d, before, after, got) {
  const edits = plannedEdits(before, after);
  if (edits.length === 2 && d.links.edit_dates) {
    got(await saveDates(d.links.edit_dates, Object.fromEntries(edits)));
    return;
  }
  for (const [field, value] of edits) got(await saveDate(d.links[LINK_OF[field]], field, value));
}

/** saveMove, then the deliverable as the server kept it (null when nothing was saved; a failure goes to `fail`). */
async function savedItem(d, before, after, fail) {
  let item = null;
  try {
    // (what the move made follow is told by the form's submit: lib/schedule.js)
    await saveMove(d, before, after, (answer) => { if (answer && answer.item) item = answer.item; });
  } catch (err) {
    fail(failureText(err));
  }
  return item;
}

/**
 * What a drag would move (`ghosts`: id -> {startDate, deadline}): asked of the server (the deliverable's
 * `preview_move` link) once the pointer rests on a day, where `previewable(row)`; a newer question cancels the last.
 */
function useMovePreview(previewable) {
  const [ghosts, setGhosts] = useState({});
  const asking = useRef({ timer: null, abort: null });
  const cancel = () => {
    clearTimeout(asking.current.timer);
    if (asking.current.abort) asking.current.abort.abort();
    asking.current = { timer: null, abort: null };
  };
  const stopPreview = useCallback(() => {
    cancel();
    setGhosts({});
  }, []);
  useEffect(() => stopPreview, [stopPreview]);
  const askPreview = (row, d, after) => {
    cancel();
    const link = d && d.links && d.links.preview_move;
    if (!link || !previewable(row)) return;
    const abort = new AbortController();
    asking.current = {
      abort,
      timer: setTimeout(() => {
        previewMove(link, isoDates(after), abort.signal)
          .then((schedule) => { if (!abort.signal.aborted) setGhosts(ghostsOf(schedule)); })
          .catch(() => {}); // a preview that fails shows no ghosts; the drop still says what went wrong
      }, PREVIEW_MS),
    };
  };
  return { ghosts, askPreview, stopPreview };
}

/**
 * Dragging and nudging bars (`days`: the days the window shows). A pointer drag previews the new dates, and
 * where `previewable(row)` (it has successors or a parent) asks the server what the move would move: `ghosts`.
 * On release it saves them (saveMove); arrow keys do the same by one day. A failure shows a dialog (`error`) and puts the bar
 * back; a success shows the server's dates at once (until the rows given change) and calls `onChanged`.
 */
export default function useBarDrag({ days, onChanged, previewable = () => false }) {
  const [drag, setDrag] = useState(null); // {id, mode, delta}: the preview of a pointer drag
  const [saving, setSaving] = useState(null); // {id, dates}: what is being saved
  const [saved, setSaved] = useState({}); // id -> {was, now}: the server's dates while the rows still show `was`
  const [error, setError] = useState(null);
  const live = useRef(null);
  const { ghosts, askPreview, stopPreview } = useMovePreview(previewable);

  const current = useCallback((row) => {
    const d = row.deliverable;
    const s = d && saved[row.id];
    return s && sameDates(s.was, d) ? { ...d, ...s.now } : d;
  }, [saved]);

  const commit = async (row, mode, delta) => {
    const d = current(row);
    const before = datesOf(d);
    const after = dragDates(before, mode, delta);
    setDrag(null);
    stopPreview();
    if (!plannedEdits(before, after).length) return;
    setSaving({ id: row.id, dates: after });
    const item = await savedItem(d, before, after, setError);
    if (item) {
      const was = { startDate: row.deliverable.startDate, deadline: row.deliverable.deadline };
      setSaved((s) => ({ ...s, [row.id]: { was, now: { startDate: item.startDate, deadline: item.deadline } } }));
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
        const d = current(l.row);
        if (delta) askPreview(l.row, d, dragDates(datesOf(d), l.mode, delta));
        else stopPreview();
      }
    },
    onPointerUp: () => {
      const l = live.current;
      live.current = null;
      if (l && l.delta) commit(l.row, l.mode, l.delta);
      else {
        setDrag(null);
        stopPreview();
      }
    },
    onPointerCancel: () => { live.current = null; setDrag(null); stopPreview(); },
    onKeyDown: (e) => {
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      e.preventDefault();
      let mode = 'move';
      if (e.shiftKey) mode = 'end';
      else if (e.altKey) mode = 'start';
      if (!saving && modes[mode]) commit(row, mode, e.key === 'ArrowLeft' ? -1 : 1);
    },
  });

  return {
    shown, handlers, ghosts, savingId: saving && saving.id, draggingId: drag && drag.id, error, clearError: () => setError(null),
  };
}
