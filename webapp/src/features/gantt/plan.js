/**
 * The Gantt's planning helpers (issue 42): the critical path's rows, project months, and what a row's tooltip
 * says of its float. Pure: the server computes floats and what a move moves; these only present them.
 */
import { t } from '../../lib/i18n.js';
import { indexTree } from '../../lib/tree.js';

/** The rows on the critical path and the parents they sit under (the 'Critical only' filter), in order. */
export function criticalRows(rows) {
  const { byId } = indexTree(rows);
  const keep = new Set();
  rows.forEach((r) => {
    if (!r.critical) return;
    for (let p = r; p && !keep.has(p.id); p = byId.get(p.parentId)) keep.add(p.id);
  });
  return rows.filter((r) => keep.has(r.id));
}

/** Does any row carry a float (the server computed a critical path for these rows)? */
export const hasPlan = (rows) => rows.some((r) => typeof r.float === 'number');

/**
 * 'M12' for an ISO day counted from the project's start date (M1 is the month that starts on it, as EU work plans
 * number months); null before the start or without one.
 */
export function projectMonth(iso, startIso) {
  if (!iso || !startIso) return null;
  const [y1, m1, d1] = startIso.split('-').map(Number);
  const [y2, m2, d2] = iso.split('-').map(Number);
  const months = (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0);
  return months < 0 ? null : `M${months + 1}`;
}

/** What the tooltip adds about the plan: on the critical path, or how far it may slip. */
export function floatText(row) {
  if (typeof row.float !== 'number') return '';
  // a clause of the bar's name, after its status (GanttRow.barName)
  if (row.float <= 0) return `, ${t('gantt.onCriticalPath')}`;
  return `, ${t('gantt.maySlip', { count: row.float })}`;
}

/** {id: {startDate, deadline}} of what a preview answer moves (the ghost bars). */
export function ghostsOf(schedule) {
  const out = {};
  ((schedule && schedule.moved) || []).forEach((m) => { out[m.id] = { startDate: m.startDate, deadline: m.deadline }; });
  return out;
}
