/** Column definitions of the DataTable turned into react-table's, and the sort and grouping helpers. */
import { RangeFilter, TextFilter } from './Filters.jsx';
import { naturalSort, prefixFilter, rangeFilter } from './matching.js';

function headerText(col) {
  return typeof col.Header === 'string' ? col.Header : (col.id || col.accessor || '');
}

/** Our column options turned into react-table's (Filter component, filter type). When the table is wider than its
 *  box and scrolls sideways, the column marked `held` (else the first) stays in sight at the left (the task's name
 *  rather than its ID), and the last one at the right when it is marked `end` or is the row's actions (id
 *  'actions'): a laptop beside the side menu had a file's Edit and Delete out of sight. */
export function prepareColumns(columns, server, top = true) {
  const out = columns.map((col) => {
    const out = { ...col, filterLabel: col.filterLabel || headerText(col) };
    if (col.columns) out.columns = prepareColumns(col.columns, server, false);
    const hasAccessor = col.accessor !== undefined;
    out.hasFilter = !(col.filter === false || !hasAccessor);
    if (!out.hasFilter) {
      out.disableFilters = true;
      delete out.filter;
    } else if (col.filter === 'range') {
      out.Filter = RangeFilter;
      out.filter = rangeFilter;
    } else {
      out.Filter = TextFilter;
      out.filter = prefixFilter;
    }
    if (server ? !(col.sortKey && hasAccessor) : (col.sortable === false || !hasAccessor)) out.disableSortBy = true;
    if (!col.sortType) out.sortType = naturalSort;
    return out;
  });
  if (top && out.length && !out.some((c) => c.held) && !out[0].columns) out[0] = { ...out[0], held: true };
  const last = out[out.length - 1];
  if (top && out.length > 1 && last.end === undefined && last.id === 'actions' && !last.columns) {
    out[out.length - 1] = { ...last, end: true };
  }
  return out;
}

/** The classes that keep a column's cells in sight when the table scrolls sideways (DataTable.css). */
export function keptClasses(col) {
  return [col.held && 'dt__held', col.end && 'dt__end'];
}

export function flatColumns(columns) {
  return columns.flatMap((c) => (c.columns ? flatColumns(c.columns) : [c]));
}

/** {column id: searchText(value, original)} of the columns that say what the search sees of them. */
export function searchTexts(columns) {
  const map = {};
  flatColumns(columns).forEach((c) => {
    const id = c.id || (typeof c.accessor === 'string' ? c.accessor : undefined);
    if (id && c.searchText) map[id] = c.searchText;
  });
  return map;
}

/** The API's sort ('name', '-deadline', '') as react-table's sortBy, through the columns' sort keys. */
export function sortByOf(sort, columns) {
  if (!sort) return [];
  const key = sort.replace(/^-/, '');
  const col = flatColumns(columns).find((c) => c.sortKey === key);
  return col ? [{ id: col.id || col.accessor, desc: sort.startsWith('-') }] : [];
}

/** A header click on a column sorted by `key`: ascending, then descending, then the list's own order. */
export function nextSort(sort, key) {
  if (sort === key) return `-${key}`;
  if (sort === `-${key}`) return '';
  return key;
}

/** The rows of a page under their group headings, groups in order of first appearance. */
export function groupRows(rows, groupBy) {
  if (!groupBy) return [{ key: null, rows }];
  const groups = [];
  const byKey = new Map();
  rows.forEach((row) => {
    const g = groupBy(row.original);
    if (!byKey.has(g.key)) {
      byKey.set(g.key, { ...g, rows: [] });
      groups.push(byKey.get(g.key));
    }
    byKey.get(g.key).rows.push(row);
  });
  return groups;
}
