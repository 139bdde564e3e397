/**
 * What a DataTable's 'Export CSV' writes: the columns that hold data (an accessor, or a `csv` export accessor),
 * each as its header and its plain-text value per row, in the order the table has them. Column options:
 *   csv: false                 not exported (actions, avatars)
 *   csv: (original) => value   the exported value (dates as YYYY-MM-DD, a status as its label, sizes in bytes)
 *   csvHeader: 'Text'          the header when the column's Header is not a plain text
 *   csvOnly: true              exported but not shown (a grouping the table shows as headings)
 */
import { fetchAllPages } from '../../lib/paging.js';
import { toCsv } from '../../lib/csv.js';
import { t } from '../../lib/i18n.js';
import { flatColumns } from './columns.js';

const byPath = (row, path) => String(path).split('.').reduce((v, k) => (v === null || v === undefined ? undefined : v[k]), row);

function headerOf(col) {
  if (col.csvHeader) return col.csvHeader;
  if (typeof col.Header === 'string' && col.Header) return col.Header;
  return col.id || String(col.accessor);
}

/** The exported columns of a table's column definitions: [{header, value(original, index)}]. */
export function exportColumns(columns) {
  return flatColumns(columns)
    .filter((col) => col.csv !== false && (typeof col.csv === 'function' || col.accessor !== undefined))
    .map((col) => ({
      header: headerOf(col),
      value: (row, i) => {
        if (typeof col.csv === 'function') return col.csv(row);
        return typeof col.accessor === 'function' ? col.accessor(row, i) : byPath(row, col.accessor);
      },
    }));
}

/** The CSV text of `rows` (originals, in the order to write) under the table's columns. */
export function csvOfRows(columns, rows) {
  const cols = exportColumns(columns);
  return toCsv(cols.map((c) => c.header), rows.map((row, i) => cols.map((c) => c.value(row, i))));
}

/**
 * The rows to export: in client mode the rows as searched, filtered and sorted (every page); in server mode every
 * page of the list for the current query (sort, q, filters) through `server.fetchPage`.
 */
export function rowsToExport(table, server) {
  if (!server) return Promise.resolve(table.rows.map((r) => r.original));
  if (!server.fetchPage) return Promise.reject(new Error(t('components.cannotExport')));
  return fetchAllPages(server.fetchPage, server.query); // page and perPage: fetchAllPages' own
}
