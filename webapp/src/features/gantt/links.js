/** The Gantt's arrows (issue 42): where each relation between two shown rows leaves one bar and enters the other. */
import { parseDay, position } from './window.js';

// Where a relation leaves its predecessor's bar and enters its successor's: FS and 'blocks' from the end to the
// start, SS start to start, FF end to end, SF start to end ('relates to' draws nothing).
const LEAVES = { FS: 'end', SS: 'start', FF: 'end', SF: 'start', BLOCKS: 'end' };
const ENTERS = { FS: 'start', SS: 'start', FF: 'end', SF: 'end', BLOCKS: 'start' };

/** The day a bar begins or ends at (its end is the day after its last), as the bar is drawn; null without dates. */
export function edgeDay(d, side) {
  if (!d) return null;
  const start = parseDay(d.startDate);
  const end = parseDay(d.deadline);
  if (start === null && end === null) return null;
  return side === 'start' ? (start ?? end) : (end ?? start) + 1;
}

/**
 * [{id, fromId, toId, kind, critical, violated, x1, y1, x2, y2, enters}] of the relations whose two rows are shown (`shown`: the rows in order; `dOf(row)`:
 * its deliverable as drawn, a dragged bar's included) and which cross the rendered rows `range` ({start, end}):
 * x in percent of the timeline, y in pixels from the top of the body, mid-row.
 */
export function arrows(relations, shown, dOf, win, rowHeight, range) {
  if (!relations || !relations.length) return [];
  const index = new Map(shown.map((m, i) => [m.id, i]));
  const out = [];
  relations.forEach((r) => {
    if (!LEAVES[r.kind]) return;
    const a = index.get(r.fromId);
    const b = index.get(r.toId);
    if (a === undefined || b === undefined) return;
    if (Math.max(a, b) < range.start || Math.min(a, b) >= range.end) return;
    const from = edgeDay(dOf(shown[a]), LEAVES[r.kind]);
    const to = edgeDay(dOf(shown[b]), ENTERS[r.kind]);
    if (from === null || to === null) return;
    out.push({
      id: r.id, fromId: r.fromId, toId: r.toId, kind: r.kind, critical: !!r.critical, violated: !!r.violated, enters: ENTERS[r.kind],
      x1: position(win, from), x2: position(win, to),
      y1: a * rowHeight + rowHeight / 2, y2: b * rowHeight + rowHeight / 2,
    });
  });
  return out;
}

/**
 * The arrow's path (SVG, x in percent, y in pixels): out of the first bar a little, along to the row of the
 * second (between rows when it must turn back), and into it: right angles only.
 */
export function route(a, rowHeight, step = 0.6) {
  const out = a.x1 + (LEAVES[a.kind] === 'end' ? step : -step); // out of an end to the right, of a start to the left
  const into = a.enters === 'start' ? a.x2 - step : a.x2 + step;
  const forward = a.enters === 'start' ? into >= out : into <= out;
  if (forward) return `M${a.x1} ${a.y1}H${out}V${a.y2}H${a.x2}`;
  const between = a.y2 + (a.y2 > a.y1 ? -rowHeight / 2 : rowHeight / 2);
  return `M${a.x1} ${a.y1}H${out}V${between}H${into}V${a.y2}H${a.x2}`;
}
