import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn() } };
});

// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import FeedList, { FEED_PAGE } from './FeedList.jsx';

const entry = (id) => ({
  id, created: '2026-11-05T10:00:00+00:00', createdBy: 'Sofia', description: `Entry ${id}`, operation: 'add', category: 'module',
});
/** A feed of `total` entries, ids total..1, paged as the API does: newest first, `before` an id. */
function feed(total) {
  return (url) => {
    const params = new URL(url, 'http://x').searchParams;
    const before = Number(params.get('before')) || total + 1;
    const older = Array.from({ length: before - 1 }, (_, i) => entry(before - 1 - i));
    return Promise.resolve({ data: { list: older.slice(0, Number(params.get('perPage'))), meta: { page: 1, perPage: 20, total: older.length } } });
  };
}

beforeEach(() => api.get.mockReset());

describe('FeedList', () => {
  test('the first page, then Show more asks for the entries before the last one shown', async () => {
    api.get.mockImplementation(feed(45));
    render(<MemoryRouter><FeedList url="/api/feed/list/5" /></MemoryRouter>);
    await waitFor(() => expect(screen.getAllByTestId('feed-item')).toHaveLength(FEED_PAGE));
    expect(api.get).toHaveBeenLastCalledWith('/api/feed/list/5?perPage=20');
    expect(screen.getByTestId('feed-left')).toHaveTextContent('25 older');
    fireEvent.click(screen.getByTestId('feed-more'));
    await waitFor(() => expect(screen.getAllByTestId('feed-item')).toHaveLength(40));
    expect(api.get).toHaveBeenLastCalledWith('/api/feed/list/5?perPage=20&before=26');
    fireEvent.click(screen.getByTestId('feed-more'));
    await waitFor(() => expect(screen.getAllByTestId('feed-item')).toHaveLength(45));
    expect(screen.queryByTestId('feed-more')).toBeNull();
    const ids = screen.getAllByTestId('feed-item').map((li) => Number(li.dataset.id));
    expect(ids).toEqual(Array.from({ length: 45 }, (_, i) => 45 - i));
  });

  test('a short feed has no Show more; an empty one says so', async () => {
    api.get.mockImplementation(feed(3));
    const { unmount } = render(<MemoryRouter><FeedList moduleId={7} /></MemoryRouter>);
    await waitFor(() => expect(screen.getAllByTestId('feed-item')).toHaveLength(3));
    expect(api.get).toHaveBeenLastCalledWith('/api/feed/list/7?perPage=20');
    expect(screen.queryByTestId('feed-more')).toBeNull();
    unmount();
    api.get.mockImplementation(feed(0));
    render(<MemoryRouter><FeedList moduleId={7} /></MemoryRouter>);
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
  });
});
