import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn(), delete: vi.fn() } };
});

// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import Discussion, { THREADS_PER_PAGE } from './Discussion.jsx';

let threads;
const comment = (id, parentId = null) => ({
  id, parentId, content: `Comment ${id}`, createdBy: 'Sofia', created: '2026-11-05T10:00:00+00:00', deleted: false, links: {},
});
/** The API: a page of threads, newest first (sort=-id), each followed by its replies. */
function discussion(url) {
  const params = new URL(url, 'http://x').searchParams;
  expect(params.get('sort')).toBe('-id');
  const page = Number(params.get('page'));
  const per = Number(params.get('perPage'));
  const roots = threads.filter((c) => c.parentId === null).sort((a, b) => b.id - a.id).slice((page - 1) * per, page * per);
  const list = roots.flatMap((r) => [r, ...threads.filter((c) => c.parentId === r.id)]);
  return Promise.resolve({ data: { list, meta: { page, perPage: per, total: threads.filter((c) => c.parentId === null).length } } });
}

beforeEach(() => {
  Object.values(api).forEach((fn) => fn.mockReset());
  api.get.mockImplementation(discussion);
  threads = Array.from({ length: 25 }, (_, i) => comment(i + 1));
  threads.push(comment(100, 1)); // a reply in the oldest thread
});
afterEach(() => vi.useRealTimers());

const roots = () => screen.getAllByTestId('comment').filter((c) => c.dataset.depth === '0').map((c) => Number(c.dataset.commentId));

describe('Discussion pages', () => {
  test('the newest threads first; Show older adds the next page with its replies', async () => {
    render(<Discussion module={{ id: 5, links: {} }} />);
    await waitFor(() => expect(roots()).toHaveLength(THREADS_PER_PAGE));
    expect(roots()[0]).toBe(25);
    expect(screen.getByTestId('comments-left')).toHaveTextContent('5 more threads');
    fireEvent.click(screen.getByTestId('comments-more'));
    await waitFor(() => expect(roots()).toHaveLength(25));
    expect(screen.queryByTestId('comments-more')).toBeNull();
    const reply = screen.getAllByTestId('comment').find((c) => c.dataset.commentId === '100');
    expect(reply.dataset.depth).toBe('1');
  });

  test('the refresh reads again every page shown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<Discussion module={{ id: 5, links: {} }} refreshMs={30000} />);
    await waitFor(() => expect(roots()).toHaveLength(20));
    fireEvent.click(screen.getByTestId('comments-more'));
    await waitFor(() => expect(roots()).toHaveLength(25));
    threads.push(comment(26));
    api.get.mockClear();
    await act(async () => { vi.advanceTimersByTime(30000); });
    await waitFor(() => expect(roots()).toHaveLength(26));
    expect(roots()[0]).toBe(26);
    expect(roots()).toContain(1);
    expect(api.get.mock.calls.map(([url]) => new URL(url, 'http://x').searchParams.get('page'))).toEqual(['1', '2']);
  });
});
