import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('../lib/csv.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, downloadCsv: vi.fn() };
});

// eslint-disable-next-line import/first
import { BOM, downloadCsv } from '../lib/csv.js';
// eslint-disable-next-line import/first
import DataTable from './DataTable.jsx';
// eslint-disable-next-line import/first
import { exportColumns } from './dataTable/exportCsv.js';

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

// 23 rows; row 5 has a name that looks like a formula, row 7 a comma and quotes
const DATA = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1,
  name: { 4: '=HYPERLINK("http://evil")', 6: 'Façade "east", phase I' }[i] || `Item ${String(i + 1).padStart(2, '0')}`,
  size: (i + 1) * 1024,
  created: `2026-11-${String((i % 28) + 1).padStart(2, '0')}T10:00:00+00:00`,
  group: i % 2 ? 'Odd' : 'Even',
}));
const COLUMNS = [
  { Header: 'Group', id: 'group', accessor: 'group', csvOnly: true },
  { Header: 'ID', accessor: 'id', filter: 'range' },
  { Header: 'Name', accessor: 'name', sortKey: 'name' },
  { Header: 'Size', accessor: 'size', Cell: ({ value }) => `${value / 1024} KB` },
  { Header: () => <em>Added</em>, csvHeader: 'Date Added', id: 'created', accessor: (r) => `day ${r.created.slice(8, 10)}`, csv: (r) => r.created.slice(0, 10) },
  { Header: 'Secret', accessor: 'id', id: 'secret', csv: false },
  { Header: '', id: 'actions', Cell: () => <button type="button">Open</button> },
];

/** The lines of the last CSV saved, and its file name. */
function saved() {
  const [name, text] = downloadCsv.mock.calls[downloadCsv.mock.calls.length - 1];
  expect(text.startsWith(BOM)).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  return { name, lines: text.slice(1, -2).split('\r\n') };
}

beforeEach(() => downloadCsv.mockReset());

describe('which columns a CSV has', () => {
  test('data columns with their headers; csv: false and columns without data are left out; csvOnly is in', () => {
    expect(exportColumns(COLUMNS).map((c) => c.header)).toEqual(['Group', 'ID', 'Name', 'Size', 'Date Added']);
    expect(exportColumns(COLUMNS).map((c) => c.value(DATA[0], 0))).toEqual(['Even', 1, 'Item 01', 1024, '2026-11-01']);
    expect(exportColumns([{ Header: 'Deep', accessor: 'a.b' }])[0].value({ a: { b: 7 } })).toBe(7);
  });
});

describe('Export CSV in client mode', () => {
  test('every row as searched and sorted, all pages, plain values, formulas escaped', async () => {
    render(<DataTable columns={COLUMNS} data={DATA} exportName={['items', 'Lisbon Façade']} />);
    // csvOnly columns are not shown
    expect(screen.queryByTestId('th-group')).toBeNull();
    fireEvent.click(screen.getByTestId('dt-export'));
    await waitFor(() => expect(downloadCsv).toHaveBeenCalledTimes(1));
    const { name, lines } = saved();
    expect(name).toBe(`items-lisbon-facade-${today()}.csv`);
    expect(lines).toHaveLength(24);
    expect(lines[0]).toBe('Group,ID,Name,Size,Date Added');
    expect(lines[1]).toBe('Even,1,Item 01,1024,2026-11-01');
    expect(lines[5]).toBe('Even,5,"\'=HYPERLINK(""http://evil"")",5120,2026-11-05');
    expect(lines[7]).toBe('Even,7,"Façade ""east"", phase I",7168,2026-11-07');

    // sorted by name, descending, then filtered by the ID range: the export follows
    fireEvent.click(screen.getByTestId('th-name'));
    fireEvent.click(screen.getByTestId('th-name'));
    fireEvent.change(screen.getByTestId('filter-id-max'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('dt-export'));
    await waitFor(() => expect(downloadCsv).toHaveBeenCalledTimes(2));
    const ids = saved().lines.slice(1).map((l) => Number(l.split(',')[1]));
    expect(ids).toEqual([12, 11, 10, 9, 8, 6, 4, 3, 2, 1, 7, 5]);
  });

  test('the file is named after the table by default; exportCsv={false} takes the button away', () => {
    const { unmount } = render(<DataTable columns={COLUMNS} data={DATA} exportCsv={false} search={false} />);
    expect(screen.queryByTestId('dt-export')).toBeNull();
    unmount();
    render(<DataTable columns={COLUMNS} data={[]} testId="members-table" search={false} />);
    fireEvent.click(screen.getByTestId('dt-export'));
    return waitFor(() => {
      expect(saved().name).toBe(`members-${today()}.csv`);
      expect(saved().lines).toEqual(['Group,ID,Name,Size,Date Added']);
    });
  });
});

/** A server-mode table over DATA whose pages come from `fetchPage` (sort by name, q on the name). */
function answer(query) {
  const key = (query.sort || '').replace(/^-/, '');
  const found = DATA.filter((d) => !query.q || d.name.toLowerCase().includes(query.q.toLowerCase()));
  if (key) found.sort((a, b) => String(a[key]).localeCompare(String(b[key])) * (query.sort.startsWith('-') ? -1 : 1));
  return { list: found.slice((query.page - 1) * query.perPage, query.page * query.perPage), meta: { page: query.page, perPage: query.perPage, total: found.length } };
}

function ServerTable({ fetchPage, first }) {
  const [query, setQuery] = useState({ page: 1, perPage: 5, sort: '', q: '', ...first });
  const page = answer(query);
  return (
    <DataTable columns={COLUMNS} data={page.list} exportName="items"
      server={{ query, total: page.meta.total, onQuery: (p) => setQuery((q) => ({ ...q, page: 1, ...p })), busy: false, fetchPage }} />
  );
}

describe('Export CSV in server mode', () => {
  test('reads every page of the current query (500 at a time) until meta.total', async () => {
    // a fake API that pages by at most 10, whatever is asked: the export must go on until the total
    const fetchPage = vi.fn((q) => Promise.resolve(answer({ ...q, perPage: Math.min(q.perPage, 10) })));
    render(<ServerTable fetchPage={fetchPage} first={{ page: 3, sort: '-name', q: 'item', status: 'BLOCKED' }} />);
    fireEvent.click(screen.getByTestId('dt-export'));
    await waitFor(() => expect(downloadCsv).toHaveBeenCalledTimes(1));
    expect(fetchPage.mock.calls.map(([q]) => q)).toEqual([1, 2, 3].map((page) => ({ page, perPage: 500, sort: '-name', q: 'item', status: 'BLOCKED' })));
    const { lines } = saved();
    expect(lines).toHaveLength(22); // 21 rows named 'Item ..', and the header
    expect(lines[1]).toBe('Even,23,Item 23,23552,2026-11-23');
    expect(lines[21]).toBe('Even,1,Item 01,1024,2026-11-01');
  });

  test('the button says it is working, and a failed page shows the error', async () => {
    let fail;
    const fetchPage = vi.fn(() => new Promise((_, reject) => { fail = reject; }));
    render(<ServerTable fetchPage={fetchPage} />);
    fireEvent.click(screen.getByTestId('dt-export'));
    expect(screen.getByTestId('dt-export')).toBeDisabled();
    expect(screen.getByTestId('dt-export')).toHaveTextContent('Exporting…');
    fail({ response: { status: 503, data: { error: 'The database is not available' } } });
    expect(await screen.findByTestId('dt-export-error')).toHaveTextContent('The database is not available');
    expect(screen.getByTestId('dt-export')).toBeEnabled();
    expect(downloadCsv).not.toHaveBeenCalled();
  });
});
