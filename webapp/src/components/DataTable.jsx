/**
 * The one table of the app (spec §5 Tables, §9), on react-table 7:
 * - a global fuzzy search, debounced 200 ms;
 * - per-column filters: text columns match a prefix, number columns a min/max range;
 * - sortable columns (click a header; again to reverse; a third time to clear);
 * - pages of 5, 10, 20, 30, 40 or 50 rows with Back/Next and go-to-page.
 *
 * Columns are react-table column objects, plus:
 *   filter: 'text' (default for columns with an accessor) | 'range' | false
 *   parseFilter(input) -> number|undefined   how a range bound is read (e.g. '1.5 MB'); Number by default
 *   searchText(value, original) -> string   what the global search sees of a cell (the raw value by default)
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFilters, useGlobalFilter, usePagination, useSortBy, useTable } from 'react-table';
import './DataTable.css';

export const PAGE_SIZES = [5, 10, 20, 30, 40, 50];
export const SEARCH_DEBOUNCE_MS = 200;

/** Lower case without accents, for comparisons. */
export function fold(value) {
  return String(value === null || value === undefined ? '' : value)
    .normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Whether `word` occurs in `text` as a substring, or its letters in order with small gaps. */
function wordMatches(text, word) {
  if (text.includes(word)) return true;
  if (word.length < 3) return false;
  const maxSpan = word.length * 2;
  for (let start = text.indexOf(word[0]); start !== -1; start = text.indexOf(word[0], start + 1)) {
    let pos = start;
    let ok = true;
    for (let i = 1; i < word.length; i += 1) {
      pos = text.indexOf(word[i], pos + 1);
      if (pos === -1 || pos - start >= maxSpan) { ok = false; break; }
    }
    if (ok) return true;
  }
  return false;
}

/**
 * Fuzzy match of a query against the texts of a row: every word of the query must match one of the
 * texts, as a substring or as its letters in order with small gaps ('enrgy' finds 'Energy', 'mrc' 'Marco').
 */
export function fuzzyMatch(texts, query) {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const folded = (Array.isArray(texts) ? texts : [texts]).map(fold);
  return words.every((w) => folded.some((t) => wordMatches(t, w)));
}

/** Prefix text filter (case and accent blind). */
export function prefixFilter(rows, ids, filterValue) {
  const want = fold(filterValue).trim();
  if (!want) return rows;
  return rows.filter((row) => ids.some((id) => fold(row.values[id]).startsWith(want)));
}
prefixFilter.autoRemove = (v) => !v || !String(v).trim();

const isNum = (v) => typeof v === 'number' && Number.isFinite(v);

/** Min/max range filter: [min, max], either side may be missing. */
export function rangeFilter(rows, ids, filterValue) {
  const [min, max] = filterValue || [];
  return rows.filter((row) => ids.some((id) => {
    const v = Number(row.values[id]);
    if (row.values[id] === null || row.values[id] === undefined || Number.isNaN(v)) return false;
    return (!isNum(min) || v >= min) && (!isNum(max) || v <= max);
  }));
}
rangeFilter.autoRemove = (v) => !v || (!isNum(v[0]) && !isNum(v[1]));

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Default sort: numbers as numbers, text in the reader's alphabet ('Émile' next to 'Elena'), empty last. */
export function naturalSort(rowA, rowB, id) {
  const a = rowA.values[id];
  const b = rowB.values[id];
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : (emptyA ? 1 : -1);
  if (typeof a === 'number' && typeof b === 'number') return a === b ? 0 : (a > b ? 1 : -1);
  if (typeof a === 'boolean' || typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

function TextFilter({ column }) {
  return (
    <input className="dt__filter" type="search" size={6} value={column.filterValue || ''}
      placeholder="Starts with..." aria-label={`Filter ${column.filterLabel}`}
      data-testid={`filter-${column.id}`}
      onChange={(e) => column.setFilter(e.target.value || undefined)} />
  );
}

function RangeFilter({ column }) {
  const parse = column.parseFilter || ((s) => (String(s).trim() === '' ? undefined : Number(s)));
  const [text, setText] = useState(['', '']);
  const value = column.filterValue;
  // Cleared from outside (e.g. reset): clear the inputs too.
  useEffect(() => { if (!value) setText(['', '']); }, [value]);
  const set = (i, s) => {
    const next = i === 0 ? [s, text[1]] : [text[0], s];
    setText(next);
    const nums = next.map((x) => {
      const n = parse(x);
      return isNum(n) ? n : undefined;
    });
    column.setFilter(nums[0] === undefined && nums[1] === undefined ? undefined : nums);
  };
  return (
    <div className="dt__range">
      <input className="dt__filter" type="text" size={3} inputMode="decimal" placeholder="Min" value={text[0]}
        aria-label={`Minimum ${column.filterLabel}`} data-testid={`filter-${column.id}-min`}
        onChange={(e) => set(0, e.target.value)} />
      <input className="dt__filter" type="text" size={3} inputMode="decimal" placeholder="Max" value={text[1]}
        aria-label={`Maximum ${column.filterLabel}`} data-testid={`filter-${column.id}-max`}
        onChange={(e) => set(1, e.target.value)} />
    </div>
  );
}

function headerText(col) {
  return typeof col.Header === 'string' ? col.Header : (col.id || col.accessor || '');
}

/** Our column options turned into react-table's (Filter component, filter type). */
function prepareColumns(columns) {
  return columns.map((col) => {
    const out = { ...col, filterLabel: col.filterLabel || headerText(col) };
    if (col.columns) out.columns = prepareColumns(col.columns);
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
    if (col.sortable === false || !hasAccessor) out.disableSortBy = true;
    if (!col.sortType) out.sortType = naturalSort;
    return out;
  });
}

function flatColumns(columns) {
  return columns.flatMap((c) => (c.columns ? flatColumns(c.columns) : [c]));
}

/**
 * @param columns   column definitions (memoise them, as react-table asks)
 * @param data      the rows (memoise them)
 * @param pageSize  the first page size (10)
 * @param emptyText shown when there are no rows at all
 * @param toolbar   extra controls next to the search box
 * @param rowProps  (original) -> props for the <tr> (data-testid, className, ...)
 */
export default function DataTable({
  columns, data, pageSize: firstPageSize = 10, emptyText = 'Nothing here yet', noMatchText = 'No matching rows',
  search = true, filters = true, toolbar = null, rowProps, getRowId, initialSortBy = [], testId = 'data-table',
  caption,
}) {
  const cols = useMemo(() => prepareColumns(columns), [columns]);
  const searchTextOf = useMemo(() => {
    const map = {};
    flatColumns(columns).forEach((c) => {
      const id = c.id || (typeof c.accessor === 'string' ? c.accessor : undefined);
      if (id && c.searchText) map[id] = c.searchText;
    });
    return map;
  }, [columns]);

  const globalFilter = useMemo(() => {
    const fn = (rows, ids, query) => rows.filter((row) => fuzzyMatch(
      ids.map((id) => (searchTextOf[id] ? searchTextOf[id](row.values[id], row.original) : row.values[id])), query,
    ));
    fn.autoRemove = (v) => !v || !String(v).trim();
    return fn;
  }, [searchTextOf]);

  const table = useTable(
    {
      columns: cols,
      data,
      globalFilter,
      getRowId: getRowId || ((row, i) => String(row && row.id !== undefined ? row.id : i)),
      initialState: { pageSize: firstPageSize, pageIndex: 0, sortBy: initialSortBy },
      // Keep the reader's page, sort and filters when a row changes (a lock, an edit).
      autoResetPage: false,
      autoResetSortBy: false,
      autoResetFilters: false,
      autoResetGlobalFilter: false,
    },
    useFilters, useGlobalFilter, useSortBy, usePagination,
  );
  const {
    getTableProps, getTableBodyProps, headerGroups, prepareRow, page, rows, canPreviousPage, canNextPage,
    pageCount, gotoPage, nextPage, previousPage, setPageSize, setGlobalFilter,
    state: { pageIndex, pageSize, filters: activeFilters, globalFilter: activeSearch, sortBy },
  } = table;

  // The search box: typed at once, applied 200 ms after the last key.
  const [query, setQuery] = useState(activeSearch || '');
  const timer = useRef(null);
  const onSearch = (value) => {
    setQuery(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setGlobalFilter(value && value.trim() ? value : undefined), SEARCH_DEBOUNCE_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  // A new search, filter or sort starts from the first page; a page that vanished goes to the last one.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) { firstRender.current = false; return; }
    gotoPage(0);
  }, [activeFilters, activeSearch, sortBy, gotoPage]);
  useEffect(() => {
    if (pageIndex > 0 && pageIndex >= pageCount) gotoPage(Math.max(0, pageCount - 1));
  }, [pageIndex, pageCount, gotoPage]);

  const [goTo, setGoTo] = useState('');
  useEffect(() => { setGoTo(String(pageIndex + 1)); }, [pageIndex]);
  const submitGoTo = (value) => {
    const n = parseInt(value, 10);
    if (Number.isFinite(n)) gotoPage(Math.min(Math.max(n, 1), Math.max(pageCount, 1)) - 1);
  };

  const anyFilter = filters && headerGroups.some((g) => g.headers.some((h) => h.hasFilter));
  const colCount = flatColumns(cols).length;
  const total = data.length;

  return (
    <div className="dt" data-testid={testId}>
      {(search || toolbar) && (
        <div className="dt__toolbar">
          {search && (
            <input className="dt__search" type="search" value={query} placeholder={`Search ${total} records...`}
              aria-label="Search" data-testid="dt-search" onChange={(e) => onSearch(e.target.value)} />
          )}
          <div className="dt__tools">{toolbar}</div>
        </div>
      )}
      <div className="dt__scroll">
        <table className="table dt__table" {...getTableProps()}>
          {caption && <caption className="dt__caption">{caption}</caption>}
          <thead>
            {headerGroups.map((group) => {
              const { key, ...groupProps } = group.getHeaderGroupProps();
              return (
                <tr key={key} {...groupProps}>
                  {group.headers.map((col) => {
                    const { key: hk, ...hp } = col.getHeaderProps(col.canSort ? col.getSortByToggleProps({ title: undefined }) : undefined);
                    const sort = col.isSorted ? (col.isSortedDesc ? 'descending' : 'ascending') : undefined;
                    return (
                      <th key={hk} {...hp} style={{ ...(hp.style || {}), width: col.width !== 150 ? col.width : undefined }}
                        className={col.canSort ? 'dt__th dt__th--sortable' : 'dt__th'} aria-sort={sort}
                        tabIndex={col.canSort ? 0 : undefined}
                        onKeyDown={col.canSort ? (e) => {
                          if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); hp.onClick(e); }
                        } : undefined}
                        data-testid={`th-${col.id}`}>
                        {col.render('Header')}
                        {col.canSort && (
                          <span className="dt__sort" aria-hidden="true">{col.isSorted ? (col.isSortedDesc ? '\u00a0▼' : '\u00a0▲') : '\u00a0⇅'}</span>
                        )}
                      </th>
                    );
                  })}
                </tr>
              );
            })}
            {anyFilter && headerGroups.length > 0 && (
              <tr className="dt__filters">
                {headerGroups[headerGroups.length - 1].headers.map((col) => (
                  <th key={col.id} className="dt__filter-cell">{col.hasFilter && col.canFilter ? col.render('Filter') : null}</th>
                ))}
              </tr>
            )}
          </thead>
          <tbody {...getTableBodyProps()}>
            {page.map((row) => {
              prepareRow(row);
              const { key, ...rp } = row.getRowProps(rowProps ? rowProps(row.original) : undefined);
              return (
                <tr key={key} {...rp}>
                  {row.cells.map((cell) => {
                    const { key: ck, ...cp } = cell.getCellProps();
                    return <td key={ck} {...cp} className={cell.column.className}>{cell.render('Cell')}</td>;
                  })}
                </tr>
              );
            })}
            {!page.length && (
              <tr>
                <td colSpan={colCount} className="dt__empty" data-testid="dt-empty">
                  {total ? noMatchText : emptyText}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <div className="dt__pager" data-testid="dt-pager">
        <button type="button" className="btn btn--small" onClick={() => previousPage()} disabled={!canPreviousPage}
          data-testid="dt-back">
          Back
        </button>
        <span className="dt__pageinfo" data-testid="dt-pageinfo">
          Page <strong>{pageCount ? pageIndex + 1 : 0}</strong> of <strong>{pageCount}</strong>
        </span>
        <button type="button" className="btn btn--small" onClick={() => nextPage()} disabled={!canNextPage}
          data-testid="dt-next">
          Next
        </button>
        <label className="dt__goto">
          Go to page
          <input type="number" min={1} max={Math.max(pageCount, 1)} value={goTo} data-testid="dt-goto"
            onChange={(e) => { setGoTo(e.target.value); submitGoTo(e.target.value); }} />
        </label>
        <select value={pageSize} aria-label="Rows per page" data-testid="dt-pagesize"
          onChange={(e) => setPageSize(Number(e.target.value))}>
          {PAGE_SIZES.map((n) => <option key={n} value={n}>Show {n}</option>)}
        </select>
        <span className="dt__count muted" data-testid="dt-count">
          {rows.length === total ? `${total} ${total === 1 ? 'row' : 'rows'}` : `${rows.length} of ${total} rows`}
        </span>
      </div>
    </div>
  );
}
