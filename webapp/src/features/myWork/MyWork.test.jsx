import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('./api.js', () => ({ getMyWork: vi.fn(), markMentionRead: vi.fn() }));

// eslint-disable-next-line import/first
import { makeStore } from '../../app/store.js';
// eslint-disable-next-line import/first
import { getMyWork, markMentionRead } from './api.js';
// eslint-disable-next-line import/first
import MyWork from './MyWork.jsx';
// eslint-disable-next-line import/first
import { mentionHref, workRowHref } from './workLinks.js';
// eslint-disable-next-line import/first
import { taskHref } from '../../lib/taskLinks.js';

const PORTAL = { id: 4, name: 'Consortium', type: '4rineu_portal', typeLabel: 'Portal', level: 1, tab: 'portals' };
const PROJECT = { id: 9, name: 'Lisbon pilot', type: '4rineu_project', typeLabel: 'Project', level: 2, tab: 'projects' };
const PHASE = { id: 30, name: 'Phase 0', type: '4rineu_phase', typeLabel: 'Phase', level: 3, tab: 'phases' };

const row = (id, status, deadline) => ({
  id, name: `Task ${id}`, type: '4rineu_task', typeLabel: 'Task', tab: 'tasks', platform: '4rineu', parentName: 'Phase 0',
  projectId: 9, projectName: 'Lisbon pilot', entryId: 4, entryName: 'Consortium', ancestors: [PORTAL, PROJECT, PHASE],
  deliverable: { status: { name: status, label: status.toLowerCase() }, deadline, startDate: null, milestone: false, ownerName: 'Ada', links: {} },
  checklist: null, links: {},
});
const mention = {
  id: 77, kind: 'mention', created: new Date().toISOString(), read: false, text: "mentioned you in 'Lisbon pilot': “@Ada look”",
  actor: { id: 2, name: 'Sofia Marques', avatar: null }, count: 1,
  module: { id: 9, name: 'Lisbon pilot', platform: '4rineu', portalId: 4, tab: 'comments' },
  links: { read: { url: '/api/notification/read/77', operation: 'POST' } },
};
const ANSWER = {
  today: '2026-03-04', weekEnds: '2026-03-08',
  groups: {
    overdue: { total: 3, list: [row(1, 'IN_PROGRESS', '2026-02-20'), row(2, 'NOT_STARTED', '2026-03-01')] },
    thisWeek: { total: 1, list: [row(3, 'IN_PROGRESS', '2026-03-06')] },
    later: { total: 0, list: [] },
    blocked: { total: 1, list: [row(4, 'BLOCKED', '2026-01-10')] },
  },
  mentions: { total: 1, list: [mention] },
};

function renderMyWork() {
  const store = makeStore({
    user: { status: 'succeeded', item: { id: 1, name: 'Ada' }, error: null },
    portals: { status: 'succeeded', list: [{ id: 4, name: 'Consortium', platform: '4rineu' }], error: null },
  });
  return render(<Provider store={store}><MemoryRouter initialEntries={['/my-work']}><MyWork /></MemoryRouter></Provider>);
}

beforeEach(() => {
  getMyWork.mockReset();
  markMentionRead.mockReset();
  getMyWork.mockResolvedValue(ANSWER);
  markMentionRead.mockResolvedValue({ ...mention, read: true });
});

describe('MyWork', () => {
  test('the four groups in order with their counts, their rows, empty texts and "shown of total"', async () => {
    renderMyWork();
    const groups = await screen.findAllByTestId('my-work-group');
    expect(getMyWork).toHaveBeenCalledTimes(1);
    expect(groups.map((g) => g.dataset.group)).toEqual(['overdue', 'thisWeek', 'later', 'blocked']);
    expect(groups.map((g) => within(g).getByRole('heading', { level: 2 }).textContent))
      .toEqual(['Overdue 3', 'Due this week 1', 'Later 0', 'Blocked 1']);
    const overdue = within(groups[0]).getAllByTestId('my-work-row');
    expect(overdue.map((r) => r.dataset.id)).toEqual(['1', '2']);
    expect(within(overdue[0]).getByRole('link', { name: 'Task 1' })).toHaveAttribute('href', '/portal/4/projects/9/phases/30/tasks/1');
    expect(within(overdue[0]).getByTestId('status-badge')).toHaveAttribute('data-status', 'IN_PROGRESS');
    expect(within(overdue[0]).getByTestId('my-work-deadline')).toHaveAttribute('data-late', '1');
    expect(within(overdue[0]).getByTestId('my-work-deadline')).toHaveTextContent('Overdue: due 20th Feb 2026');
    expect(overdue[0]).toHaveTextContent('Consortium › Lisbon pilot');
    expect(within(groups[0]).getByTestId('my-work-more')).toHaveTextContent('2 of 3');
    expect(within(groups[1]).getByTestId('my-work-deadline')).toHaveAttribute('data-late', '0');
    expect(within(groups[1]).getByTestId('my-work-deadline')).toHaveTextContent('Due 6th Mar 2026');
    expect(within(groups[1]).queryByTestId('my-work-more')).toBeNull();
    expect(groups[2]).toHaveTextContent('Nothing due later');
    expect(within(groups[2]).queryAllByTestId('my-work-row')).toHaveLength(0);
    // a blocked task past its deadline says so too
    expect(within(groups[3]).getByTestId('my-work-deadline')).toHaveAttribute('data-late', '1');
  });

  test('the home tabs, My work the open one', async () => {
    renderMyWork();
    const tabs = await screen.findByTestId('home-tabs');
    expect(within(tabs).getByRole('link', { name: 'My portals' })).toHaveAttribute('href', '/');
    expect(within(tabs).getByRole('link', { name: 'My work' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('My work');
  });

  test('an unread mention links where its notification does; opening it marks it read and it leaves the list', async () => {
    renderMyWork();
    const section = await screen.findByTestId('my-work-mentions');
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent('Unread mentions 1');
    const link = within(section).getByRole('link', { name: /Sofia Marques/ });
    expect(link).toHaveAttribute('href', '/portal/4/module/9/comments');
    expect(link).toHaveTextContent(/ago/);
    fireEvent.click(link);
    expect(markMentionRead).toHaveBeenCalledWith(mention);
    await waitFor(() => expect(within(section).queryAllByTestId('my-work-mention')).toHaveLength(0));
    expect(section).toHaveTextContent('No unread mentions');
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent('Unread mentions 0');
  });

  test('empty groups say so', async () => {
    const none = { total: 0, list: [] };
    getMyWork.mockResolvedValue({ ...ANSWER, groups: { overdue: none, thisWeek: none, later: none, blocked: none }, mentions: none });
    renderMyWork();
    const groups = await screen.findAllByTestId('my-work-group');
    expect(groups.map((g) => g.querySelector('.mw-empty').textContent))
      .toEqual(['Nothing overdue', 'Nothing due this week', 'Nothing due later', 'Nothing blocked']);
    expect(screen.getByTestId('my-work-mentions')).toHaveTextContent('No unread mentions');
  });
});

describe('where rows and mentions lead', () => {
  test('a task opens from the reader\'s own portal among its ancestors, else from its entry module', () => {
    const r = row(5, 'IN_PROGRESS', null);
    expect(workRowHref(r, new Set(['4']))).toBe('/portal/4/projects/9/phases/30/tasks/5');
    // one who enters by the project has it as their portal (as the portals' task list links it there)
    expect(workRowHref(r, new Set(['9']))).toBe('/portal/9/projects/30/tasks/5');
    expect(workRowHref({ ...r, platform: 'calibr' }, new Set())).toBe('/calibr/4/projects/9/phases/30/tasks/5');
    expect(taskHref(r, 9, '/portal/9')).toBe('/portal/9/projects/30/tasks/5');
    expect(mentionHref({ ...mention, module: null })).toBe('/notifications');
  });
});
