import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import DataTable, { PAGE_SIZES } from './DataTable.jsx';
import { nextSort, sortByOf } from './dataTable/columns.js';
import { fuzzyMatch, prefixFilter, rangeFilter } from './dataTable/matching.js';

const NAMES = ['Marco Rossi', 'Maria Lopes', 'Elena Novak', 'Lars Berg', 'Sofia Marques', 'Viktor Hansen',
  'Paula Weber', 'Ada Administrator', 'Nora Newcomer', 'Émile Zola', 'Anna Karenina', 'Bruno Marsh'];
// 23 rows: ids 1..23, names cycling, sizes 100 * id
const DATA = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1, name: `${NAMES[i % NAMES.length]}${i >= NAMES.length ? ' II' : ''}`, size: (i + 1) * 100, note: i % 2 ? 'odd' : 'even',
}));
const COLUMNS = [
  { Header: 'ID', accessor: 'id', filter: 'range' },
  { Header: 'Name', accessor: 'name' },
  { Header: 'Size', accessor: 'size', filter: 'range', searchText: (v) => `${v} units` },
  { Header: 'Note', accessor: 'note', filter: false, sortable: false },
  { Header: 'Actions', id: 'actions', Cell: ({ row }) => <button type="button">Open {row.original.id}</button> },
];

function renderTable(props = {}) {
  return render(<DataTable columns={COLUMNS} data={DATA} rowProps={(r) => ({ 'data-testid': `row-${r.id}` })} {...props} />);
}

const ids = () => screen.queryAllByTestId(/^row-/).map((r) => Number(r.getAttribute('data-testid').slice(4)));

afterEach(() => vi.useRealTimers());

describe('fuzzy, prefix and range matching', () => {
  test('fuzzyMatch: substrings, letters in order, every word, accents ignored', () => {
    expect(fuzzyMatch(['Energy audit summary'], 'audit')).toBe(true);
    expect(fuzzyMatch(['Energy audit summary'], 'enrgy')).toBe(true);
    expect(fuzzyMatch(['Marco Rossi', 'marco@demo.eu'], 'mrc rossi')).toBe(true);
    expect(fuzzyMatch(['Émile Zola'], 'emile')).toBe(true);
    expect(fuzzyMatch(['Energy audit summary'], 'xyz')).toBe(false);
    expect(fuzzyMatch(['Marco Rossi'], 'marco lars')).toBe(false);
    // letters far apart are no match
    expect(fuzzyMatch(['Marco Rossi'], 'mri')).toBe(false);
    expect(fuzzyMatch(['Marco Rossi'], 'mx')).toBe(false);
    expect(fuzzyMatch(['anything'], '   ')).toBe(true);
  });

  test('prefixFilter matches the start only; rangeFilter takes open bounds', () => {
    const rows = DATA.map((d) => ({ values: d }));
    expect(prefixFilter(rows, ['name'], 'mar').map((r) => r.values.name)).toEqual(
      ['Marco Rossi', 'Maria Lopes', 'Marco Rossi II', 'Maria Lopes II'],
    );
    expect(prefixFilter(rows, ['name'], 'rossi')).toHaveLength(0);
    expect(rangeFilter(rows, ['size'], [500, 800]).map((r) => r.values.id)).toEqual([5, 6, 7, 8]);
    expect(rangeFilter(rows, ['size'], [undefined, 200]).map((r) => r.values.id)).toEqual([1, 2]);
    expect(rangeFilter(rows, ['size'], [2200, undefined]).map((r) => r.values.id)).toEqual([22, 23]);
    expect(rangeFilter.autoRemove([undefined, undefined])).toBe(true);
  });
});

describe('DataTable', () => {
  test('pages of 10 by default with Back, Next and go-to-page', () => {
    renderTable();
    expect(ids()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(screen.getByTestId('dt-pageinfo')).toHaveTextContent('Page 1 of 3');
    expect(screen.getByTestId('dt-back')).toBeDisabled();
    fireEvent.click(screen.getByTestId('dt-next'));
    expect(ids()[0]).toBe(11);
    expect(screen.getByTestId('dt-pageinfo')).toHaveTextContent('Page 2 of 3');
    fireEvent.change(screen.getByTestId('dt-goto'), { target: { value: '3' } });
    expect(ids()).toEqual([21, 22, 23]);
    expect(screen.getByTestId('dt-next')).toBeDisabled();
    fireEvent.click(screen.getByTestId('dt-back'));
    expect(ids()[0]).toBe(11);
    // beyond the last page goes to the last page
    fireEvent.change(screen.getByTestId('dt-goto'), { target: { value: '99' } });
    expect(ids()).toEqual([21, 22, 23]);
  });

  test('page sizes 5, 10, 20, 30, 40, 50', () => {
    renderTable();
    const select = screen.getByTestId('dt-pagesize');
    expect(within(select).getAllByRole('option').map((o) => Number(o.value))).toEqual(PAGE_SIZES);
    expect(PAGE_SIZES).toEqual([5, 10, 20, 30, 40, 50]);
    fireEvent.change(select, { target: { value: '5' } });
    expect(ids()).toHaveLength(5);
    expect(screen.getByTestId('dt-pageinfo')).toHaveTextContent('Page 1 of 5');
    fireEvent.change(select, { target: { value: '50' } });
    expect(ids()).toHaveLength(23);
    expect(screen.getByTestId('dt-pageinfo')).toHaveTextContent('Page 1 of 1');
  });

  test('the global search is fuzzy and waits 200 ms after the last key', () => {
    vi.useFakeTimers();
    renderTable();
    fireEvent.change(screen.getByTestId('dt-search'), { target: { value: 'lrs brg' } });
    act(() => { vi.advanceTimersByTime(150); });
    expect(ids()).toHaveLength(10);
    act(() => { vi.advanceTimersByTime(60); });
    expect(ids()).toEqual([4, 16]);
    expect(screen.getByTestId('dt-count')).toHaveTextContent('2 of 23 rows');
    // searchText: the search sees '1500 units'
    fireEvent.change(screen.getByTestId('dt-search'), { target: { value: '1500 units' } });
    act(() => { vi.advanceTimersByTime(200); });
    expect(ids()).toEqual([15]);
    fireEvent.change(screen.getByTestId('dt-search'), { target: { value: 'nothing like this' } });
    act(() => { vi.advanceTimersByTime(200); });
    expect(ids()).toEqual([]);
    expect(screen.getByTestId('dt-empty')).toHaveTextContent('No matching rows');
    fireEvent.change(screen.getByTestId('dt-search'), { target: { value: '' } });
    act(() => { vi.advanceTimersByTime(200); });
    expect(ids()).toHaveLength(10);
  });

  test('a search from page 3 starts again at page 1', () => {
    vi.useFakeTimers();
    renderTable();
    fireEvent.change(screen.getByTestId('dt-goto'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('dt-search'), { target: { value: 'marco' } });
    act(() => { vi.advanceTimersByTime(200); });
    expect(ids()).toEqual([1, 13]);
    expect(screen.getByTestId('dt-pageinfo')).toHaveTextContent('Page 1 of 1');
  });

  test('prefix text filters and min/max range filters per column; no filter where disabled', () => {
    renderTable();
    expect(screen.queryByTestId('filter-note')).toBeNull();
    expect(screen.queryByTestId('filter-actions')).toBeNull();
    fireEvent.change(screen.getByTestId('filter-name'), { target: { value: 'ma' } });
    expect(ids()).toEqual([1, 2, 13, 14]);
    fireEvent.change(screen.getByTestId('filter-size-min'), { target: { value: '1000' } });
    expect(ids()).toEqual([13, 14]);
    fireEvent.change(screen.getByTestId('filter-size-max'), { target: { value: '1300' } });
    expect(ids()).toEqual([13]);
    fireEvent.change(screen.getByTestId('filter-name'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('filter-size-min'), { target: { value: '' } });
    expect(ids()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    fireEvent.change(screen.getByTestId('filter-size-max'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('filter-id-min'), { target: { value: '20' } });
    expect(ids()).toEqual([20, 21, 22, 23]);
  });

  test('a range filter may read units through parseFilter', () => {
    const cols = [{ Header: 'ID', accessor: 'id' }, { Header: 'Size', accessor: 'size', filter: 'range', parseFilter: (s) => (s ? Number(s) * 1000 : undefined) }];
    render(<DataTable columns={cols} data={DATA} rowProps={(r) => ({ 'data-testid': `row-${r.id}` })} />);
    fireEvent.change(screen.getByTestId('filter-size-min'), { target: { value: '2' } });
    expect(ids()).toEqual([20, 21, 22, 23]);
  });

  test('headers sort up, down and back', () => {
    renderTable();
    const th = screen.getByTestId('th-name');
    fireEvent.click(th);
    expect(th).toHaveAttribute('aria-sort', 'ascending');
    expect(ids()[0]).toBe(8); // Ada Administrator
    fireEvent.click(th);
    expect(th).toHaveAttribute('aria-sort', 'descending');
    expect(ids()[0]).toBe(18); // Viktor Hansen II (Émile sorts as E)
    fireEvent.click(th);
    expect(th).not.toHaveAttribute('aria-sort');
    expect(ids()[0]).toBe(1);
    // the keyboard sorts too
    fireEvent.keyDown(th, { key: 'Enter' });
    expect(th).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.click(th);
    fireEvent.click(th);
    // columns without sort do nothing
    fireEvent.click(screen.getByTestId('th-note'));
    expect(screen.getByTestId('th-note')).not.toHaveAttribute('aria-sort');
    // sorting numbers
    fireEvent.click(screen.getByTestId('th-size'));
    fireEvent.click(screen.getByTestId('th-size'));
    expect(ids()[0]).toBe(23);
  });

  test('cells render, the empty text shows without rows', () => {
    const { unmount } = renderTable();
    expect(screen.getByText('Open 3')).toBeInTheDocument();
    unmount();
    render(<DataTable columns={COLUMNS} data={[]} emptyText="No files Yet" />);
    expect(screen.getByTestId('dt-empty')).toHaveTextContent('No files Yet');
    expect(screen.getByTestId('dt-pageinfo')).toHaveTextContent('Page 0 of 0');
  });

  test('each cell is labelled by its column header for the card layout of phones; a headerless one is not', () => {
    render(<DataTable columns={[...COLUMNS.slice(0, 2), { Header: '', id: 'more', Cell: () => '…' }]} data={DATA}
      rowProps={(r) => ({ 'data-testid': `row-${r.id}` })} />);
    const cells = within(screen.getByTestId('row-1')).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['ID', 'Name', null]);
  });

  test('the held column (else the first) is marked to stay in sight when the table scrolls sideways', () => {
    const held = () => within(screen.getByTestId('row-1')).getAllByRole('cell').map((c) => c.classList.contains('dt__held'));
    const { unmount } = renderTable();
    expect(held()).toEqual([true, false, false, false, false]);
    expect(screen.getAllByRole('columnheader')[0]).toHaveClass('dt__held');
    unmount();
    renderTable({ columns: COLUMNS.map((c) => (c.accessor === 'name' ? { ...c, held: true } : c)) });
    expect(held()).toEqual([false, true, false, false, false]);
  });

  test("the row's actions (a last column with id 'actions', or one marked end) stay in sight at the right", () => {
    const end = () => within(screen.getByTestId('row-1')).getAllByRole('cell').map((c) => c.classList.contains('dt__end'));
    const heads = () => screen.getAllByRole('columnheader').map((c) => c.classList.contains('dt__end'));
    const filters = () => [...document.querySelectorAll('.dt__filters td')].map((c) => c.classList.contains('dt__end'));
    const { unmount } = renderTable();
    expect(end()).toEqual([false, false, false, false, true]);
    expect(heads()).toEqual([false, false, false, false, true]);
    expect(filters()).toEqual([false, false, false, false, true]);
    unmount();
    // not when the actions are not last, nor when a table says not to; any last column it marks
    const moved = [COLUMNS[4], ...COLUMNS.slice(0, 4)];
    const { unmount: again } = renderTable({ columns: moved });
    expect(end()).toEqual([false, false, false, false, false]);
    again();
    const { unmount: third } = renderTable({ columns: COLUMNS.map((c) => (c.id === 'actions' ? { ...c, end: false } : c)) });
    expect(end()).toEqual([false, false, false, false, false]);
    third();
    renderTable({ columns: COLUMNS.slice(0, 4).map((c, i) => (i === 3 ? { ...c, end: true } : c)) });
    expect(end()).toEqual([false, false, false, true]);
  });

  test('keeps the page when the data changes, and leaves a page that vanished', () => {
    const { rerender } = renderTable();
    fireEvent.change(screen.getByTestId('dt-goto'), { target: { value: '3' } });
    const changed = DATA.map((d) => (d.id === 22 ? { ...d, name: 'Changed' } : d));
    rerender(<DataTable columns={COLUMNS} data={changed} rowProps={(r) => ({ 'data-testid': `row-${r.id}` })} />);
    expect(ids()).toEqual([21, 22, 23]);
    rerender(<DataTable columns={COLUMNS} data={changed.slice(0, 18)} rowProps={(r) => ({ 'data-testid': `row-${r.id}` })} />);
    expect(ids()).toEqual([11, 12, 13, 14, 15, 16, 17, 18]);
  });
});

// Server mode: a fake server pages, sorts and searches DATA for the query the table asks for.
const SERVER_COLUMNS = [
  { Header: 'ID', accessor: 'id', sortKey: 'id' },
  { Header: 'Name', accessor: 'name', sortKey: 'name' },
  { Header: 'Size', accessor: 'size' },
  { Header: 'Note', accessor: 'note', sortKey: 'note' },
];

function ServerTable({ asked, total: fixedTotal, busy = false, groupBy, first = {} }) {
  const [query, setQuery] = useState({ page: 1, perPage: 10, sort: '', q: '', ...first });
  const key = query.sort.replace(/^-/, '');
  const found = DATA.filter((d) => !query.q || d.name.toLowerCase().includes(query.q.toLowerCase()));
  if (key) {
    found.sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) * (query.sort.startsWith('-') ? -1 : 1));
  }
  const rows = found.slice((query.page - 1) * query.perPage, query.page * query.perPage);
  const onQuery = (patch) => {
    asked.push(patch);
    setQuery((q) => ({ ...q, page: 1, ...patch }));
  };
  return (
    <DataTable columns={SERVER_COLUMNS} data={rows} groupBy={groupBy} pageSizes={[5, 10, 20]}
      server={{ query, total: fixedTotal === undefined ? found.length : fixedTotal, onQuery, busy }}
      rowProps={(r) => ({ 'data-testid': `row-${r.id}` })} />
  );
}

describe('DataTable in server mode', () => {
  test('sort keys: the API sort as sortBy, and the header cycle', () => {
    expect(sortByOf('-name', SERVER_COLUMNS)).toEqual([{ id: 'name', desc: true }]);
    expect(sortByOf('id', SERVER_COLUMNS)).toEqual([{ id: 'id', desc: false }]);
    expect(sortByOf('nothing', SERVER_COLUMNS)).toEqual([]);
    expect(sortByOf('', SERVER_COLUMNS)).toEqual([]);
    expect([nextSort('', 'name'), nextSort('name', 'name'), nextSort('-name', 'name'), nextSort('-id', 'name')])
      .toEqual(['name', '-name', '', 'name']);
  });

  test('shows the page it is given; Back, Next, go-to-page and page size ask for another page', () => {
    const asked = [];
    render(<ServerTable asked={asked} />);
    expect(ids()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(screen.getByTestId('dt-pageinfo')).toHaveTextContent('Page 1 of 3');
    expect(screen.getByTestId('dt-count')).toHaveTextContent('23 rows');
    expect(screen.getByTestId('dt-search')).toHaveAttribute('placeholder', 'Search 23 records...');
    fireEvent.click(screen.getByTestId('dt-next'));
    expect(asked).toEqual([{ page: 2 }]);
    expect(ids()).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(screen.getByTestId('dt-pageinfo')).toHaveTextContent('Page 2 of 3');
    fireEvent.change(screen.getByTestId('dt-goto'), { target: { value: '3' } });
    expect(ids()).toEqual([21, 22, 23]);
    expect(screen.getByTestId('dt-next')).toBeDisabled();
    fireEvent.click(screen.getByTestId('dt-back'));
    expect(asked.slice(-1)).toEqual([{ page: 2 }]);
    expect(within(screen.getByTestId('dt-pagesize')).getAllByRole('option').map((o) => Number(o.value))).toEqual([5, 10, 20]);
    fireEvent.change(screen.getByTestId('dt-pagesize'), { target: { value: '5' } });
    expect(asked.slice(-1)).toEqual([{ perPage: 5 }]);
    expect(ids()).toEqual([1, 2, 3, 4, 5]);
    expect(screen.getByTestId('dt-pageinfo')).toHaveTextContent('Page 1 of 5');
  });

  test('only columns with a sort key sort, through the query; no column filters', () => {
    const asked = [];
    render(<ServerTable asked={asked} first={{ page: 2 }} />);
    expect(screen.queryByTestId('filter-name')).toBeNull();
    const th = screen.getByTestId('th-name');
    fireEvent.click(th);
    expect(asked).toEqual([{ sort: 'name' }]);
    expect(th).toHaveAttribute('aria-sort', 'ascending');
    expect(ids()[0]).toBe(8); // Ada Administrator, on page 1 again
    fireEvent.keyDown(th, { key: 'Enter' });
    expect(asked.slice(-1)).toEqual([{ sort: '-name' }]);
    expect(th).toHaveAttribute('aria-sort', 'descending');
    fireEvent.click(th);
    expect(asked.slice(-1)).toEqual([{ sort: '' }]);
    expect(th).not.toHaveAttribute('aria-sort');
    fireEvent.click(screen.getByTestId('th-size'));
    expect(asked).toHaveLength(3);
    expect(screen.getByTestId('th-size')).not.toHaveAttribute('aria-sort');
  });

  test('the search box sends q 200 ms after the last key', () => {
    vi.useFakeTimers();
    const asked = [];
    render(<ServerTable asked={asked} />);
    fireEvent.change(screen.getByTestId('dt-search'), { target: { value: 'mar' } });
    fireEvent.change(screen.getByTestId('dt-search'), { target: { value: 'marco ' } });
    act(() => { vi.advanceTimersByTime(150); });
    expect(asked).toEqual([]);
    act(() => { vi.advanceTimersByTime(60); });
    expect(asked).toEqual([{ q: 'marco' }]);
    expect(ids()).toEqual([1, 13]);
    fireEvent.change(screen.getByTestId('dt-search'), { target: { value: 'nobody like this' } });
    act(() => { vi.advanceTimersByTime(200); });
    expect(screen.getByTestId('dt-empty')).toHaveTextContent('No matching rows');
    fireEvent.change(screen.getByTestId('dt-search'), { target: { value: '' } });
    act(() => { vi.advanceTimersByTime(200); });
    expect(asked.slice(-1)).toEqual([{ q: '' }]);
    expect(ids()).toHaveLength(10);
  });

  test('a page that vanished asks for the last one; not while a page is loading', () => {
    const asked = [];
    const { rerender } = render(<ServerTable asked={asked} first={{ page: 3 }} total={12} busy />);
    expect(asked).toEqual([]);
    rerender(<ServerTable asked={asked} first={{ page: 3 }} total={12} />);
    expect(asked).toEqual([{ page: 2 }]);
  });

  test('groups of a page under their headings, in order of first appearance', () => {
    const asked = [];
    render(<ServerTable asked={asked} groupBy={(r) => ({ key: r.note, label: `Group ${r.note}` })} />);
    const groups = screen.getAllByTestId('dt-group');
    expect(groups.map((g) => g.textContent)).toEqual(['Group even 5', 'Group odd 5']);
    // rows follow their heading: the even ones first
    expect(ids()).toEqual([1, 3, 5, 7, 9, 2, 4, 6, 8, 10]);
  });
});
