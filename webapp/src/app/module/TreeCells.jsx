import { t } from '../../lib/i18n.js';

/** The expand / collapse button of a row with rows below (a leaf keeps its place with a spacer, in a tree). */
export function Toggle({ row, open, hasKids, onToggle }) {
  if (!hasKids) return <span className="tree__toggle tree__toggle--leaf" aria-hidden="true" />;
  return (
    <button type="button" className="tree__toggle" aria-expanded={open} onClick={() => onToggle(row.id)}
      aria-label={open ? t('app.collapseRow', { name: row.name }) : t('app.expandRow', { name: row.name })} data-testid="tree-toggle">
      <span aria-hidden="true">{open ? '▾' : '▸'}</span>
    </button>
  );
}

/** Most time spent first (a child list sorted by its Spent column, issue 45). */
export const MOST_SPENT = (a, b) => (b.spentMinutes || 0) - (a.spentMinutes || 0);

/** The Spent column's header: a button that sorts each level of the tree by time spent, or back to the plan's order. */
export function SpentHeader({ on, onToggle }) {
  return (
    <th style={{ width: 90 }} aria-sort={on ? 'descending' : 'none'}>
      <button type="button" className="btn btn--ghost btn--small" onClick={onToggle} data-testid="sort-spent">
        {t('app.spentHours')}{on && <span aria-hidden="true"> ▼</span>}
      </button>
    </th>
  );
}
