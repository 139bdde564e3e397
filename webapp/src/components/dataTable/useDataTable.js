/**
 * The react-table instance behind a DataTable, in client mode (search, filters, sort and paging here) or server
 * mode (`server`: page, page size and sort controlled by the query the page was asked with, every change sent to
 * server.onQuery), with go(index), changePageSize(n) and sort(column) that work in both.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useFilters, useGlobalFilter, usePagination, useSortBy, useTable } from 'react-table';
import { nextSort, prepareColumns, searchTexts, sortByOf } from './columns.js';
import { globalSearch } from './matching.js';

/** react-table's hook for controlled state: the table option `controlled` overrides the state it holds. */
function useControlledState(state, { instance }) {
  const { controlled } = instance;
  return useMemo(() => (controlled ? { ...state, ...controlled } : state), [state, controlled]);
}

const rowIdOf = (row, i) => String(row && row.id !== undefined ? row.id : i);

export default function useDataTable({ columns, data, server, firstPageSize, initialSortBy, getRowId }) {
  const isServer = !!server;
  const cols = useMemo(() => prepareColumns(columns, isServer), [columns, isServer]);
  const globalFilter = useMemo(() => globalSearch(searchTexts(columns)), [columns]);
  const q = server ? server.query : null;
  const [qPage, qPerPage, qSort] = q ? [q.page, q.perPage, q.sort] : [];
  const controlled = useMemo(() => (isServer
    ? { pageIndex: qPage - 1, pageSize: qPerPage, sortBy: sortByOf(qSort, columns) } : null), [isServer, qPage, qPerPage, qSort, columns]);

  const table = useTable(
    {
      columns: cols,
      data,
      globalFilter,
      getRowId: getRowId || rowIdOf,
      initialState: { pageSize: firstPageSize, pageIndex: 0, sortBy: initialSortBy },
      // Keep the reader's page, sort and filters when a row changes (a lock, an edit).
      autoResetPage: false,
      autoResetSortBy: false,
      autoResetFilters: false,
      autoResetGlobalFilter: false,
      manualPagination: isServer,
      manualSortBy: isServer,
      manualGlobalFilter: isServer,
      manualFilters: isServer,
      // (react-table reads options as instance fields: a pageCount of undefined would stop client paging)
      ...(isServer ? { pageCount: Math.ceil(server.total / Math.max(1, q.perPage)) } : {}),
      controlled,
      useControlledState,
    },
    useFilters, useGlobalFilter, useSortBy, usePagination,
  );
  const { gotoPage, setPageSize, pageCount, state: { pageIndex, filters, globalFilter: activeSearch, sortBy } } = table;
  const onQuery = server ? server.onQuery : null;
  const go = useCallback((index) => (onQuery ? onQuery({ page: index + 1 }) : gotoPage(index)), [onQuery, gotoPage]);
  const changePageSize = (n) => (onQuery ? onQuery({ perPage: n }) : setPageSize(n));
  const sort = (col) => onQuery({ sort: nextSort(qSort, col.sortKey) });

  // Client mode: a new search, filter or sort starts from the first page (the server's query does it itself).
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) { firstRender.current = false; return; }
    if (!isServer) gotoPage(0);
  }, [filters, activeSearch, sortBy, gotoPage, isServer]);
  // A page that vanished (the last rows deleted, a smaller total) goes to the last one.
  const lastIndex = Math.max(0, pageCount - 1);
  const vanished = pageIndex > 0 && pageIndex >= pageCount && !(isServer && server.busy);
  useEffect(() => {
    if (vanished) go(lastIndex);
  }, [vanished, lastIndex, go]);

  return { ...table, isServer, go, changePageSize, sort };
}
