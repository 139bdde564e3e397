import { describe, expect, test, vi } from 'vitest';
import { fetchAllPages } from './paging.js';

describe('fetchAllPages', () => {
  const list = (n) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));
  const pager = (rows, extra = {}) => vi.fn((q) => Promise.resolve({
    list: rows.slice((q.page - 1) * q.perPage, q.page * q.perPage), meta: { page: q.page, perPage: q.perPage, total: rows.length }, ...extra,
  }));

  test('every page of the query, 500 at a time, until meta.total', async () => {
    const fetchPage = pager(list(1203));
    const rows = await fetchAllPages(fetchPage, { page: 4, perPage: 20, sort: '-deadline', q: 'survey', status: 'BLOCKED' });
    expect(rows.map((r) => r.id)).toEqual(list(1203).map((r) => r.id));
    expect(fetchPage.mock.calls.map(([q]) => q)).toEqual([1, 2, 3].map((page) => ({ page, perPage: 500, sort: '-deadline', q: 'survey', status: 'BLOCKED' })));
  });

  test('stops at a short or empty page; a row met twice is kept once', async () => {
    const exact = pager(list(500));
    expect(await fetchAllPages(exact, {})).toHaveLength(500);
    expect(exact).toHaveBeenCalledTimes(1);
    const empty = pager([]);
    expect(await fetchAllPages(empty, {})).toEqual([]);
    expect(empty).toHaveBeenCalledTimes(1);
    // the list grew while it was read: page 2 starts with the last row of page 1
    const moving = vi.fn((q) => Promise.resolve(q.page === 1
      ? { list: list(3), meta: { total: 5 } } : { list: [{ id: 3 }, { id: 4 }, { id: 5 }], meta: { total: 6 } }));
    expect((await fetchAllPages(moving, {}, { perPage: 3 })).map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
    // a page that brings nothing new ends it (page 3 answers page 2 again)
    expect(moving).toHaveBeenCalledTimes(3);
  });

  test('rowsOf finds the rows of another answer shape; maxPages bounds a list that never ends', async () => {
    const vault = vi.fn(() => Promise.resolve({ item: { files: [{ id: 7 }] }, meta: { total: 1 } }));
    expect(await fetchAllPages(vault, {}, { rowsOf: (a) => a.item.files })).toEqual([{ id: 7 }]);
    const endless = vi.fn((q) => Promise.resolve({ list: [{ id: `${q.page}a` }, { id: `${q.page}b` }] }));
    expect(await fetchAllPages(endless, {}, { perPage: 2, maxPages: 4 })).toHaveLength(8);
  });

  test('a failed page fails the whole export', async () => {
    const failing = vi.fn((q) => (q.page === 2 ? Promise.reject(new Error('down')) : Promise.resolve({ list: list(2), meta: { total: 4 } })));
    await expect(fetchAllPages(failing, {}, { perPage: 2 })).rejects.toThrow('down');
  });
});
