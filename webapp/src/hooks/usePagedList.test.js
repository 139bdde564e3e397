import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn() } };
});

// eslint-disable-next-line import/first
import api from '../lib/apiClient.js';
// eslint-disable-next-line import/first
import usePagedList, { tableServer } from './usePagedList.js';
// eslint-disable-next-line import/first
import { withQuery } from '../lib/paging.js';

beforeEach(() => api.get.mockReset());

describe('withQuery', () => {
  test('adds the set parameters, leaves out the empty ones, encodes', () => {
    expect(withQuery('/api/feed/list/5', { page: 2, perPage: 20, sort: '', q: undefined, before: null })).toBe('/api/feed/list/5?page=2&perPage=20');
    expect(withQuery('/api/x', { q: 'a&b c', status: 'NOT_STARTED,BLOCKED' })).toBe('/api/x?q=a%26b+c&status=NOT_STARTED%2CBLOCKED');
    expect(withQuery('/api/x?scope=subtree', { page: 1 })).toBe('/api/x?scope=subtree&page=1');
    expect(withQuery('/api/x', {})).toBe('/api/x');
  });
});

describe('usePagedList', () => {
  test('asks for the query; a change starts again from page 1; the last page stays while the next loads', async () => {
    let resolveNext;
    api.get.mockResolvedValueOnce({ data: { list: [{ id: 1 }], meta: { page: 1, perPage: 10, total: 31 } } });
    const { result } = renderHook(() => usePagedList('/api/membership/list/5', { perPage: 10 }));
    await waitFor(() => expect(result.current.status).toBe('succeeded'));
    expect(api.get).toHaveBeenLastCalledWith('/api/membership/list/5?page=1&perPage=10');
    expect(result.current.meta.total).toBe(31);
    expect(tableServer(result.current)).toMatchObject({ total: 31, busy: false, query: { page: 1, perPage: 10 } });

    api.get.mockReturnValueOnce(new Promise((r) => { resolveNext = r; }));
    act(() => result.current.update({ page: 3 }));
    await waitFor(() => expect(result.current.status).toBe('reloading'));
    expect(api.get).toHaveBeenLastCalledWith('/api/membership/list/5?page=3&perPage=10');
    expect(result.current.data.list).toEqual([{ id: 1 }]);
    expect(tableServer(result.current).busy).toBe(true);
    await act(async () => resolveNext({ data: { list: [{ id: 21 }], meta: { page: 3, perPage: 10, total: 31 } } }));
    expect(result.current.data.list).toEqual([{ id: 21 }]);

    api.get.mockResolvedValueOnce({ data: { list: [], meta: { page: 1, perPage: 10, total: 0 } } });
    act(() => result.current.update({ q: 'zz', sort: '-name' }));
    await waitFor(() => expect(result.current.meta.total).toBe(0));
    expect(api.get).toHaveBeenLastCalledWith('/api/membership/list/5?page=1&perPage=10&sort=-name&q=zz');
  });

  test('a failed page keeps the last answer and says why', async () => {
    api.get.mockResolvedValueOnce({ data: { list: [{ id: 1 }], meta: { page: 1, perPage: 20, total: 1 } } });
    const { result } = renderHook(() => usePagedList('/api/feed/list/5'));
    await waitFor(() => expect(result.current.status).toBe('succeeded'));
    api.get.mockRejectedValueOnce({ response: { status: 400, data: { error: 'Bad list parameters' } } });
    act(() => result.current.update({ sort: 'nonsense' }));
    await waitFor(() => expect(result.current.error).toBe('Bad list parameters'));
    expect(result.current.data.list).toEqual([{ id: 1 }]);
    expect(result.current.httpStatus).toBe(400);
  });

  test('fetchPage asks the same list (url or call with its args) for another query: what the export reads', async () => {
    api.get.mockResolvedValue({ data: { list: [], meta: { page: 1, perPage: 20, total: 0 } } });
    const { result } = renderHook(() => usePagedList('/api/membership/list/5', { perPage: 10 }));
    await waitFor(() => expect(result.current.status).toBe('succeeded'));
    await result.current.fetchPage({ page: 2, perPage: 500, q: 'ann' });
    expect(api.get).toHaveBeenLastCalledWith('/api/membership/list/5?page=2&perPage=500&q=ann');
    expect(tableServer(result.current).fetchPage).toBe(result.current.fetchPage);

    const source = vi.fn(() => Promise.resolve({ list: [], meta: { total: 0 } }));
    const { result: byCall, rerender } = renderHook(({ id }) => usePagedList(source, {}, [id]), { initialProps: { id: 7 } });
    await waitFor(() => expect(byCall.current.status).toBe('succeeded'));
    const first = byCall.current.fetchPage;
    rerender({ id: 7 });
    expect(byCall.current.fetchPage).toBe(first); // stable while the args are the same
    await byCall.current.fetchPage({ page: 3, perPage: 500, status: 'BLOCKED' });
    expect(source).toHaveBeenLastCalledWith(7, { page: 3, perPage: 500, status: 'BLOCKED' });
    expect(renderHook(() => usePagedList(null)).result.current.fetchPage).toBeNull();
  });
});
