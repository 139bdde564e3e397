import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn(), delete: vi.fn(), patch: vi.fn() } };
});

// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import NotificationBell from './NotificationBell.jsx';
// eslint-disable-next-line import/first
import NotificationItem from './NotificationItem.jsx';
// eslint-disable-next-line import/first
import { badgeText, KINDS, notificationHref } from './notify.js';

const note = (id, extra = {}) => ({
  id, kind: 'comment', created: new Date().toISOString(), read: false, text: `commented on 'Lisbon': “hi ${id}”`,
  actor: { id: 2, name: 'Sofia Marques', avatar: null },
  module: { id: 5, name: 'Lisbon', platform: '4rineu', portalId: 4, tab: 'comments' },
  links: { read: { url: `/api/notification/read/${id}`, operation: 'POST' } }, ...extra,
});

describe('notification helpers', () => {
  test('a notification leads to its module page and tab, on its platform', () => {
    expect(notificationHref(note(1))).toBe('/portal/4/module/5/comments');
    expect(notificationHref(note(1, { module: { id: 9, platform: 'calibr', portalId: 8, tab: null } }))).toBe('/calibr/8/module/9');
    expect(notificationHref(note(1, { kind: 'webhook', module: { id: 8, platform: 'peb', portalId: 8 } }))).toBe('/peb/8/settings/webhooks');
    expect(notificationHref(note(1, { module: null }))).toBe('/notifications');
  });
  test('the kinds one filters by, the quiet ones among them', () => {
    expect(KINDS.map(([k]) => k)).toEqual(['mention', 'reply', 'task', 'comment', 'file', 'lock', 'activity', 'webhook']);
  });
  test('the badge', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(120)).toBe('99+');
  });
});

describe('NotificationBell', () => {
  let unread;
  beforeEach(() => {
    unread = 2;
    Object.values(api).forEach((fn) => fn.mockReset());
    api.get.mockImplementation((url) => Promise.resolve({ data: url.startsWith('/api/notification/list')
      ? { list: [note(2), note(1, { read: unread < 2 })], meta: { page: 1, perPage: 8, total: 2, unread } }
      : { item: { url: '/live/u/1?t=x' } } }));
    api.post.mockImplementation((url) => {
      unread = url.endsWith('read-all') ? 0 : unread - 1;
      return Promise.resolve({ data: url.endsWith('read-all') ? { marked: 2 } : { item: note(2, { read: true }) } });
    });
  });

  test('the unread count; the panel lists who did what, unread first; an item opens its page and is read', async () => {
    render(<MemoryRouter><NotificationBell /></MemoryRouter>);
    await waitFor(() => expect(screen.getByTestId('bell-count')).toHaveTextContent('2'));
    expect(screen.getByTestId('bell')).toHaveAccessibleName('Notifications, 2 unread');
    fireEvent.click(screen.getByTestId('bell'));
    const items = within(screen.getByTestId('bell-panel')).getAllByTestId('notification');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("Sofia Marques commented on 'Lisbon': “hi 2”");
    expect(items[0].querySelector('a')).toHaveAttribute('href', '/portal/4/module/5/comments');
    expect(items[0]).toHaveTextContent(/ago/);
    fireEvent.click(items[0].querySelector('a'));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/api/notification/read/2', undefined));
    await waitFor(() => expect(screen.getByTestId('bell-count')).toHaveTextContent('1'));
  });

  test('Mark all read', async () => {
    render(<MemoryRouter><NotificationBell /></MemoryRouter>);
    fireEvent.click(await screen.findByTestId('bell'));
    await waitFor(() => expect(screen.getByTestId('bell-read-all')).not.toBeDisabled());
    fireEvent.click(screen.getByTestId('bell-read-all'));
    await waitFor(() => expect(screen.queryByTestId('bell-count')).toBeNull());
    expect(api.post).toHaveBeenCalledWith('/api/notification/read-all');
  });
});

describe('NotificationItem', () => {
  test('a group says who made how many changes where, counts them on the avatar and opens the module', () => {
    const group = note(3, {
      kind: 'activity', count: 4, others: 2, text: "and 2 others made 4 changes in 'Lisbon'",
      module: { id: 5, name: 'Lisbon', platform: '4rineu', portalId: 4, tab: null },
    });
    render(<MemoryRouter><ul><NotificationItem n={group} /></ul></MemoryRouter>);
    const item = screen.getByTestId('notification');
    expect(item).toHaveAttribute('data-count', '4');
    expect(item.querySelector('.note__text')).toHaveTextContent("Sofia Marques and 2 others made 4 changes in 'Lisbon'");
    expect(item.querySelector('.note__count')).toHaveTextContent('4');
    expect(item.querySelector('a')).toHaveAttribute('href', '/portal/4/module/5');
    expect(item.querySelector('a')).toHaveAccessibleName(/^Sofia Marques ?and 2 others made 4 changes in 'Lisbon'/); // (jsdom drops the space)
  });

  test('a single change has no count', () => {
    render(<MemoryRouter><ul><NotificationItem n={note(1, { count: 1 })} /></ul></MemoryRouter>);
    expect(screen.getByTestId('notification')).toHaveAttribute('data-count', '1');
    expect(screen.getByTestId('notification').querySelector('.note__count')).toBeNull();
  });
});
