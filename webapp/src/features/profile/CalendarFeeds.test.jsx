import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn(), delete: vi.fn() } };
});

// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import CalendarFeeds, { webcalUrl } from './CalendarFeeds.jsx';

const LINK = { url: '/api/calendar-feed/list', method: 'GET', label: 'Calendar feeds' };
const ADD = { url: '/api/calendar-feed/add', method: 'POST', label: 'New calendar feed' };
const feed = (id, extra = {}) => ({
  id, name: `Feed ${id}`, scope: 'mine', portal: null, created: '2026-03-01T09:00:00Z', lastUsed: null,
  links: { delete: { url: `/api/calendar-feed/delete/${id}`, method: 'DELETE', label: 'Revoke' } }, ...extra,
});
const FORM = {
  method: 'POST', action: '/api/calendar-feed/add',
  elements: [
    { name: 'name', label: 'Name', type: 'text', value: '', required: true, options: [] },
    { name: 'scope', label: 'Tasks', type: 'select', value: 'mine', options: [{ value: 'mine', label: 'Tasks I own', selected: true }, { value: 'watched', label: 'Tasks I watch' }] },
    { name: 'portalId', label: 'Portal', type: 'select', value: '', options: [{ value: '', label: 'All portals' }, { value: '4', label: 'Consortium' }] },
  ],
};
const SECRET_URL = 'https://app.example.org/api/calendar-feed/ical/s3cr3t.ics';

let feeds;
beforeEach(() => {
  feeds = [feed(1), feed(2, { scope: 'watched', portal: { id: 4, name: 'Consortium' }, lastUsed: '2026-03-03T10:00:00Z' })];
  Object.values(api).forEach((fn) => fn.mockReset());
  api.get.mockImplementation((url) => Promise.resolve({ data: url === ADD.url ? FORM : { list: feeds, links: { add: ADD } } }));
  api.delete.mockImplementation((url) => {
    feeds = feeds.filter((f) => url !== f.links.delete.url);
    return Promise.resolve({ data: {} });
  });
});
afterEach(() => { delete navigator.clipboard; });

describe('CalendarFeeds', () => {
  test('nothing without the currentuser\'s link', () => {
    const { container } = render(<CalendarFeeds link={undefined} />);
    expect(container).toBeEmptyDOMElement();
    expect(api.get).not.toHaveBeenCalled();
  });

  test('the list: name, whose tasks, portal or all, created and last used', async () => {
    render(<CalendarFeeds link={LINK} />);
    const rows = await screen.findAllByTestId('calendar-feed');
    expect(api.get).toHaveBeenCalledWith('/api/calendar-feed/list');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Calendar feeds');
    expect(rows[0]).toHaveTextContent('Feed 1 Tasks I own, All portals');
    expect(rows[0]).toHaveTextContent(/created 1st Mar 2026 @ \d\d:00 · never used/);
    expect(rows[1]).toHaveTextContent('Feed 2 Tasks I watch, Consortium');
    expect(rows[1]).toHaveTextContent(/last used 3rd Mar 2026/);
    expect(within(rows[0]).getByTestId('revoke-feed')).toHaveAccessibleName('Revoke calendar feed Feed 1');
  });

  test('a new feed: the server\'s form, then its address once, with Copy and the webcal: link', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    api.post.mockImplementation(() => {
      feeds = [...feeds, feed(3, { name: 'Work' })];
      return Promise.resolve({ data: { item: feeds[2], url: SECRET_URL } });
    });
    render(<CalendarFeeds link={LINK} />);
    fireEvent.click(await screen.findByTestId('new-calendar-feed'));
    const dialog = await screen.findByRole('dialog', { name: 'New calendar feed' });
    fireEvent.change(await within(dialog).findByLabelText(/^Name/), { target: { value: 'Work' } });
    fireEvent.change(within(dialog).getByLabelText(/^Tasks/), { target: { value: 'watched' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create feed' }));
    const shown = await screen.findByRole('dialog', { name: 'Your calendar feed address' });
    const sent = api.post.mock.calls[0][1];
    expect(api.post.mock.calls[0][0]).toBe('/api/calendar-feed/add');
    expect([sent.get('name'), sent.get('scope'), sent.get('portalId')]).toEqual(['Work', 'watched', '']);
    expect(screen.getByTestId('feed-url')).toHaveValue(SECRET_URL);
    expect(screen.getByTestId('feed-url')).toHaveAttribute('readonly');
    expect(shown).toHaveTextContent('it will not be shown again');
    expect(shown).toHaveTextContent('Anyone who has this address can see the deadlines of these tasks');
    expect(within(shown).getByRole('link', { name: 'Open in calendar app' }))
      .toHaveAttribute('href', 'webcal://app.example.org/api/calendar-feed/ical/s3cr3t.ics');
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET_URL);
    await waitFor(() => expect(shown).toHaveTextContent('Address copied.'));
    await waitFor(() => expect(screen.getAllByTestId('calendar-feed')).toHaveLength(3));
    // closed, the address is gone for good
    fireEvent.click(within(shown).getAllByRole('button', { name: 'Close' })[0]);
    expect(screen.queryByTestId('feed-url')).toBeNull();
  });

  test('without the clipboard, Copy selects the address for Ctrl+C', async () => {
    api.post.mockResolvedValue({ data: { item: feed(3), url: SECRET_URL } });
    render(<CalendarFeeds link={LINK} />);
    fireEvent.click(await screen.findByTestId('new-calendar-feed'));
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Work' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create feed' }));
    const input = await screen.findByTestId('feed-url');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(input).toHaveFocus();
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, SECRET_URL.length]);
    expect(screen.getByRole('dialog', { name: 'Your calendar feed address' })).toHaveTextContent('press Ctrl+C');
  });

  test('Revoke asks, then follows the feed\'s delete link', async () => {
    render(<CalendarFeeds link={LINK} />);
    const rows = await screen.findAllByTestId('calendar-feed');
    fireEvent.click(within(rows[1]).getByTestId('revoke-feed'));
    const confirm = screen.getByRole('dialog', { name: 'Revoke calendar feed' });
    expect(confirm).toHaveTextContent('Revoke the calendar feed Feed 2?');
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' })));
    expect(api.delete).toHaveBeenCalledWith('/api/calendar-feed/delete/2');
    await waitFor(() => expect(screen.getAllByTestId('calendar-feed')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('the webcal: address of an https one', () => {
    expect(webcalUrl('https://h/x.ics')).toBe('webcal://h/x.ics');
    expect(webcalUrl('http://h/x.ics')).toBe('webcal://h/x.ics');
  });
});
