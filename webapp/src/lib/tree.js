/**
 * A module's subtree as module/tree gives it (rows depth first, each with `depth`, `parentId`, `tab` and, on a
 * parent, `rollup`): what the tree table and the Gantt show of it, expanded, collapsed or filtered.
 */
import { statusStyle } from './format.js';
import { formatNumber, t } from './i18n.js';

/** {byId, kids: {id: [child ids]}} of the rows. */
export function indexTree(rows) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const kids = new Map();
  for (const r of rows) {
    if (byId.has(r.parentId)) {
      if (!kids.has(r.parentId)) kids.set(r.parentId, []);
      kids.get(r.parentId).push(r.id);
    }
  }
  return { byId, kids };
}

/**
 * The rows (depth first) with each row's children ordered by `compare` (a stable sort: equals keep their order),
 * still depth first: a tree sorted level by level (a child list by spent time, issue 45).
 */
export function sortTree(rows, compare) {
  const { byId, kids } = indexTree(rows);
  const out = [];
  const walk = (ids) => [...ids].sort((a, b) => compare(byId.get(a), byId.get(b))).forEach((id) => {
    out.push(byId.get(id));
    walk(kids.get(id) || []);
  });
  walk(rows.filter((r) => !byId.has(r.parentId)).map((r) => r.id));
  return out;
}

/** The names from the top of the subtree down to the row's parent (the rows shown only). */
export function parentPath(row, byId) {
  const out = [];
  for (let p = byId.get(row.parentId); p; p = byId.get(p.parentId)) out.unshift(p.name);
  return out;
}

/**
 * The rows to show: without a filter, every row whose ancestors are all expanded (`collapsed`: a Set of ids);
 * with one (words of the name, any case), the matching rows and, for each, its parent path (`path`).
 */
export function shownRows(rows, collapsed, filter = '') {
  const { byId } = indexTree(rows);
  const q = filter.trim().toLowerCase();
  if (q) {
    return rows.filter((r) => r.name.toLowerCase().includes(q)).map((r) => ({ row: r, path: parentPath(r, byId) }));
  }
  const out = [];
  let hiddenBelow = null; // the depth of the collapsed row whose subtree is being skipped
  for (const r of rows) {
    if (hiddenBelow !== null && r.depth > hiddenBelow) continue;
    hiddenBelow = collapsed.has(r.id) ? r.depth : null;
    out.push({ row: r, path: null });
  }
  return out;
}

/**
 * The page of a row: its parent's page and the tab it lives under there, down from `baseUrl` (the module's page,
 * `moduleId`). A row whose parent is not shown opens over the module's page as its child would.
 */
export function rowUrl(row, byId, baseUrl) {
  const chain = [row];
  for (let p = byId.get(row.parentId); p; p = byId.get(p.parentId)) chain.unshift(p);
  return chain.reduce((url, r) => `${url}/${r.tab}/${r.id}`, baseUrl);
}

/** '3 of 7 done: 2 In Progress, 1 Blocked, ...' : a roll-up in words (what a screen reader and a tooltip say). */
export function rollupText(rollup) {
  const parts = Object.entries(rollup.byStatus)
    .map(([name, n]) => t('components.rollupStatus', { n: formatNumber(n), status: statusStyle(name).label }));
  const done = { done: formatNumber(rollup.done), total: formatNumber(rollup.total) };
  return parts.length ? t('components.rollupDoneBy', { ...done, statuses: parts.join(', ') }) : t('components.rollupDone', done);
}

/** The by-status segments of a roll-up's bar, in the statuses' order: [{name, n, colour, width (percent)}]. */
export const STATUS_ORDER = ['VERIFIED_COMPLETE', 'COMPLETED', 'IN_PROGRESS', 'NOT_STARTED', 'BLOCKED', ''];
export function rollupSegments(rollup) {
  if (!rollup.total) return [];
  return STATUS_ORDER.filter((s) => rollup.byStatus[s]).map((s) => ({
    name: s, n: rollup.byStatus[s], colour: statusStyle(s).colour, width: (rollup.byStatus[s] / rollup.total) * 100,
  }));
}
