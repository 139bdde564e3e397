/**
 * Moving a bar (pure): a drag of `dx` pixels over a track of `width` pixels showing `days` days moves it by whole
 * days. Dragging the bar moves both dates; an end changes the start date or the deadline alone, never past the
 * other. What may move follows the row deliverable's links (edit_start_date, edit_deadline).
 */
import { isoDay, parseDay } from './window.js';

/** The edit link of each date field, and the other way round. */
export const LINK_OF = { startDate: 'edit_start_date', deadline: 'edit_deadline' };

/** Whole days for a horizontal drag (0 until the pointer has moved half a day). */
export function daysFromPixels(dx, width, days) {
  if (!width || !days) return 0;
  const n = Math.round((dx * days) / width);
  return n === 0 ? 0 : n; // no -0
}

/** A deliverable's bar dates as days: {start, end} (either may be null). */
export function datesOf(deliverable) {
  const d = deliverable || {};
  return { start: parseDay(d.startDate), end: parseDay(d.deadline) };
}

/** What this bar lets the user do: {move, start, end} (booleans). */
export function dragModes(deliverable) {
  const links = (deliverable && deliverable.links) || {};
  const { start, end } = datesOf(deliverable);
  const canStart = !!links.edit_start_date;
  const canEnd = !!links.edit_deadline;
  const some = start !== null || end !== null;
  return {
    start: some && canStart,
    end: some && canEnd,
    move: some && (start === null || canStart) && (end === null || canEnd),
  };
}

/** The dates after moving by `delta` days in `mode` ('move', 'start' or 'end'). */
export function dragDates({ start, end }, mode, delta) {
  if (mode === 'move') return { start: start === null ? null : start + delta, end: end === null ? null : end + delta };
  if (mode === 'start') {
    const moved = (start === null ? end : start) + delta;
    return { start: end === null ? moved : Math.min(moved, end), end };
  }
  const moved = (end === null ? start : end) + delta;
  return { start, end: start === null ? moved : Math.max(moved, start) };
}

/**
 * The edits that take `before` to `after`: [[field, 'YYYY-MM-DD'], ...], ordered so the start date never passes
 * the deadline in between (later: the deadline first; earlier: the start date first), as the server checks.
 */
export function plannedEdits(before, after) {
  const edits = [];
  if (after.start !== before.start && after.start !== null) edits.push(['startDate', isoDay(after.start)]);
  if (after.end !== before.end && after.end !== null) edits.push(['deadline', isoDay(after.end)]);
  if (edits.length === 2 && after.end > before.end) edits.reverse();
  return edits;
}

/** The row's deliverable as shown: its dates replaced by `dates` ({start, end} days) when given. */
export function withDates(deliverable, dates) {
  if (!dates) return deliverable;
  return {
    ...deliverable,
    startDate: dates.start === null ? deliverable.startDate : isoDay(dates.start),
    deadline: dates.end === null ? deliverable.deadline : isoDay(dates.end),
  };
}
