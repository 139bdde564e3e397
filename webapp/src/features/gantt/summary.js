/** The Gantt's view of a subtree (rows depth first, as module/tree gives them): parents' summary spans, the dates. */
import { indexTree } from '../../lib/tree.js';
import { parseDay } from './window.js';

/** {id: {from, to}} (days) for every parent: the span of its descendants' start dates and deadlines. */
export function summarySpans(rows) {
  const { byId } = indexTree(rows);
  const spans = new Map();
  for (const r of rows) {
    const d = r.deliverable;
    const days = d ? [parseDay(d.startDate), parseDay(d.deadline)].filter((x) => x !== null) : [];
    if (!days.length) continue;
    const lo = Math.min(...days);
    const hi = Math.max(...days);
    for (let p = byId.get(r.parentId); p; p = byId.get(p.parentId)) {
      const s = spans.get(p.id);
      spans.set(p.id, s ? { from: Math.min(s.from, lo), to: Math.max(s.to, hi) } : { from: lo, to: hi });
    }
  }
  return spans;
}

/** The first and last day of the rows' start dates and deadlines, or null when none has a date. */
export function dateRange(rows) {
  let from = null;
  let to = null;
  for (const r of rows) {
    const d = r.deliverable;
    if (!d) continue;
    for (const day of [parseDay(d.startDate), parseDay(d.deadline)]) {
      if (day === null) continue;
      from = from === null ? day : Math.min(from, day);
      to = to === null ? day : Math.max(to, day);
    }
  }
  return from === null ? null : { from, to };
}
