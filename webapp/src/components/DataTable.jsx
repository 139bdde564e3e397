/**
 * The one table of the app (spec §5 Tables, §9), on react-table 7:
 * - a global search, debounced 200 ms;
 * - per-column filters: text columns match a prefix, number columns a min/max range;
 * - sortable columns (click a header; again to reverse; a third time to clear);
 * - pages of 5, 10, 20, 30, 40 or 50 rows (or `pageSizes`) with Back/Next and go-to-page;
 * - optional group headings within a page (`groupBy`);
 * - 'Export CSV' (unless `exportCsv={false}`): every row as searched, filtered and sorted, all pages (server mode
 *   reads every page of the current query), the columns' headers and plain-text values (dataTable/exportCsv.js).
 *
 * Two modes. Client mode (small lists): `data` is every row; search (fuzzy), filters, sort and paging happen
 * here. Server mode (`server`, for the API's paged lists): `data` is one page; the page index, page size and
 * sort are controlled by `server.query` ({page from 1, perPage, sort: 'key' | '-key' | '', q}) and every change
 * goes to `server.onQuery(patch)`, which fetches the page; the search box sends `q`. Column filters are off.
 *
 * Columns are react-table column objects, plus:
 *   filter: 'text' (default for columns with an accessor) | 'range' | false
 *   parseFilter(input) -> number|undefined   how a range bound is read (e.g. '1.5 MB'); Number by default
 *   searchText(value, original) -> string   what the global search sees of a cell (the raw value by default)
 *   sortKey: the API's sort key of the column (server mode: only columns with one sort)
 *   csv: false | (original) => value, csvHeader, csvOnly: what the CSV export writes (dataTable/exportCsv.js)
 *   held: the column kept in sight at the left when the table scrolls sideways in its box (else the first column)
 *   end: the last column, kept in sight at the right (the row's actions, id 'actions', are)
 *
 * The parts live in components/dataTable/: matching (search, filters, sort), columns, the react-table instance
 * (useDataTable), Toolbar, TableHead, TableBody and Pager.
 */
import { useMemo } from 'react';
import { flatColumns } from './dataTable/columns.js';
import ExportButton from './dataTable/ExportButton.jsx';
import Pager from './dataTable/Pager.jsx';
import TableBody from './dataTable/TableBody.jsx';
import TableHead from './dataTable/TableHead.jsx';
import Toolbar from './dataTable/Toolbar.jsx';
import useDataTable from './dataTable/useDataTable.js';
import useSideways from '../hooks/useSideways.js';
import { formatNumber, t } from '../lib/i18n.js';
import './DataTable.css';

export const PAGE_SIZES = [5, 10, 20, 30, 40, 50];

function rowCount(isServer, shown, total) {
  if (isServer || shown === total) return t('components.rowCount', { count: total });
  return t('components.rowsOfTotal', { shown: formatNumber(shown), total: formatNumber(total) });
}

/**
 * @param columns   column definitions (memoise them, as react-table asks)
 * @param data      the rows (memoise them); in server mode the rows of the page shown
 * @param server    server mode: {query, total, onQuery(patch), busy, filtered} (see hooks/usePagedList.tableServer)
 * @param pageSize  the first page size (10), client mode
 * @param pageSizes the page sizes offered
 * @param groupBy   (original) -> {key, label}: a heading row before each group of the page
 * @param emptyText shown when there are no rows at all
 * @param toolbar   extra controls next to the search box
 * @param rowProps  (original) -> props for the <tr> (data-testid, className, ...)
 * @param exportCsv the 'Export CSV' button (true); false where an export makes no sense
 * @param exportName what the file holds: 'members' or ['tasks', portal.name] (the day is added); `testId` by default
 */
export default function DataTable({
  columns, data, pageSize: firstPageSize = 10, pageSizes = PAGE_SIZES, emptyText = t('components.nothingHereYet'),
  noMatchText = t('components.noMatchingRows'), search = true, filters = true, toolbar = null, rowProps, getRowId, initialSortBy = [],
  testId = 'data-table', caption, server = null, groupBy = null, exportCsv = true, exportName,
}) {
  const shown = useMemo(() => columns.filter((c) => !c.csvOnly), [columns]);
  const table = useDataTable({ columns: shown, data, server, firstPageSize, initialSortBy, getRowId });
  const { isServer, headerGroups, getTableProps, rows, setGlobalFilter, state: { globalFilter: activeSearch } } = table;
  const onSearch = (text) => (isServer ? server.onQuery({ q: text ? text.trim() : '' }) : setGlobalFilter(text));
  const anyFilter = !isServer && filters && headerGroups.some((g) => g.headers.some((h) => h.hasFilter));
  const total = isServer ? server.total : data.length;
  const narrowed = isServer ? !!(server.query.q || server.filtered) : total > 0;
  const busy = isServer && server.busy;
  const [scrollRef, { sideways }] = useSideways();

  return (
    <div className={busy ? 'dt dt--busy' : 'dt'} data-testid={testId} aria-busy={busy ? true : undefined}>
      <Toolbar search={search} tools={toolbar} total={total} onSearch={onSearch}
        initialSearch={isServer ? server.query.q || '' : activeSearch || ''}
        exporter={exportCsv && <ExportButton table={table} server={server} columns={columns} name={exportName || testId.replace(/-table$/, '')} />} />
      <div className={sideways ? 'dt__scroll dt__scroll--sideways' : 'dt__scroll'} ref={scrollRef}>
        <table className="table dt__table table--cards" {...getTableProps()}>
          {caption && <caption className="dt__caption">{caption}</caption>}
          <TableHead headerGroups={headerGroups} showFilters={anyFilter} onSort={isServer ? table.sort : null} />
          <TableBody table={table} groupBy={groupBy} rowProps={rowProps} colCount={flatColumns(shown).length}
            emptyText={narrowed ? noMatchText : emptyText} />
        </table>
      </div>
      <Pager table={table} pageSizes={pageSizes} count={rowCount(isServer, rows.length, total)} />
    </div>
  );
}
