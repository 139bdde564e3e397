import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn() } };
});
vi.mock('../../lib/csv.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, downloadCsv: vi.fn() };
});

// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import { downloadCsv } from '../../lib/csv.js';
// eslint-disable-next-line import/first
import { makeStore } from '../../app/store.js';
// eslint-disable-next-line import/first
import TasksAll from './TasksAll.jsx';
// eslint-disable-next-line import/first
import { taskHref } from '../../lib/taskLinks.js';

const PORTAL = { id: 4, name: 'Consortium', type: '4rineu_portal', typeLabel: 'Portal', level: 1, tab: 'portals' };
const projectOf = (id) => ({ id, name: `Project ${id}`, type: '4rineu_project', typeLabel: 'Project', level: 2, tab: 'projects' });
const PHASE = { id: 30, name: 'Phase 0', type: '4rineu_phase', typeLabel: 'Phase', level: 3, tab: 'phases' };

const task = (id, projectId, owner = [5, 'Lars Berg'], status = 'IN_PROGRESS') => ({
  id, name: `Task ${id}`, parentId: PHASE.id, type: '4rineu_task', tab: 'tasks', completed: status === 'COMPLETED',
  deliverable: { status: { name: status, label: status.replace('_', ' ').toLowerCase() }, ownerId: owner[0], ownerName: owner[1], startDate: '2026-11-01', deadline: '2026-12-01' },
  checklist: null, links: {}, parentName: 'Phase 0', projectId, projectName: `Project ${projectId}`, entryId: 4, entryName: 'Consortium',
  breadcrumb: ['Consortium', `Project ${projectId}`, 'Phase 0'], ancestors: [PORTAL, projectOf(projectId), PHASE],
});
const portal = { id: 4, name: 'Consortium', memberships: [{ id: 1, userId: 2, name: 'Sofia Marques' }] };

function renderTasks() {
  const store = makeStore({ user: { status: 'succeeded', item: { id: 1, name: 'Ada' }, error: null } });
  return render(
    <Provider store={store}><MemoryRouter><TasksAll portal={portal} base="portal" /></MemoryRouter></Provider>,
  );
}

beforeEach(() => {
  api.get.mockReset();
  api.get.mockImplementation(() => Promise.resolve({ data: {
    // a page where project 9's tasks come apart: grouping brings them together
    list: [task(1, 9), task(2, 8, [3, 'Marco Rossi']), task(3, 9, [5, 'Lars Berg'], 'COMPLETED')],
    meta: { page: 1, perPage: 20, total: 61 },
  } }));
});

describe('TasksAll', () => {
  test('one page from the server, grouped by project, with a pager over the total', async () => {
    renderTasks();
    await screen.findAllByTestId('task-row');
    expect(api.get).toHaveBeenCalledWith('/api/module/detailed-list-by-type/4rineu_task/4?page=1&perPage=20');
    // grouped by entry module (the portal) and project
    expect(screen.getAllByTestId('dt-group').map((g) => g.textContent)).toEqual(['Consortium › Project 9 2', 'Consortium › Project 8 1']);
    expect(screen.getAllByTestId('task-row').map((r) => r.dataset.id)).toEqual(['1', '3', '2']);
    expect(screen.getByTestId('dt-pageinfo')).toHaveTextContent('Page 1 of 4');
    expect(within(screen.getByTestId('dt-pagesize')).getAllByRole('option').map((o) => o.value)).toEqual(['10', '20', '50', '100']);
    expect(screen.getAllByTestId('task-name')[1]).toHaveClass('childlist__name--done');
    // the phase it sits in, and a link over that phase's tasks tab
    expect(screen.getAllByTestId('task-parent')[0]).toHaveTextContent('Phase · Phase 0');
    expect(screen.getAllByTestId('task-name')[0]).toHaveAttribute('href', '/portal/4/projects/9/phases/30/tasks/1');
  });

  test('filters, sort and pager go to the server', async () => {
    renderTasks();
    await screen.findAllByTestId('task-row');
    const last = () => api.get.mock.calls[api.get.mock.calls.length - 1][0];
    fireEvent.click(screen.getByTestId('dt-next'));
    await waitFor(() => expect(last()).toContain('page=2'));
    fireEvent.change(screen.getByTestId('tasks-status'), { target: { value: 'NOT_STARTED,IN_PROGRESS,BLOCKED' } });
    await waitFor(() => expect(last()).toBe('/api/module/detailed-list-by-type/4rineu_task/4?page=1&perPage=20&status=NOT_STARTED%2CIN_PROGRESS%2CBLOCKED'));
    // the owners offered: me, the portal's members and every owner met on a page
    const owners = within(screen.getByTestId('tasks-owner')).getAllByRole('option').map((o) => o.textContent);
    expect(owners).toEqual(['Anyone', 'Me', 'Lars Berg', 'Marco Rossi', 'Sofia Marques']);
    fireEvent.change(screen.getByTestId('tasks-owner'), { target: { value: '1' } });
    await waitFor(() => expect(last()).toContain('owner=1'));
    fireEvent.change(screen.getByTestId('tasks-from'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(last()).toContain('from=2026-11-01'));
    fireEvent.click(screen.getByTestId('th-deadline'));
    await waitFor(() => expect(last()).toContain('sort=deadline'));
    expect(last()).toContain('page=1&');
    expect(screen.getByTestId('th-parentName')).not.toHaveClass('dt__th--sortable');
  });

  test('Export CSV: every page of the filtered, sorted list, portal and project first, formulas escaped', async () => {
    renderTasks();
    await screen.findAllByTestId('task-row');
    fireEvent.change(screen.getByTestId('tasks-status'), { target: { value: 'BLOCKED' } });
    fireEvent.click(screen.getByTestId('th-deadline'));
    await waitFor(() => expect(api.get.mock.calls[api.get.mock.calls.length - 1][0]).toContain('sort=deadline'));
    // 1,203 blocked tasks: three pages of 500; one is named like a formula
    const blocked = Array.from({ length: 1203 }, (_, i) => ({ ...task(100 + i, 9, [5, 'Lars Berg'], 'BLOCKED'), name: i === 7 ? '=cmd|calc' : `Task ${100 + i}` }));
    api.get.mockImplementation((url) => {
      const q = new URL(url, 'http://x').searchParams;
      const page = Number(q.get('page'));
      const perPage = Number(q.get('perPage'));
      return Promise.resolve({ data: { list: blocked.slice((page - 1) * perPage, page * perPage), meta: { page, perPage, total: blocked.length } } });
    });
    api.get.mockClear();
    fireEvent.click(screen.getByTestId('dt-export'));
    await waitFor(() => expect(downloadCsv).toHaveBeenCalledTimes(1));
    expect(api.get.mock.calls.map(([url]) => url)).toEqual([1, 2, 3].map((page) => (
      `/api/module/detailed-list-by-type/4rineu_task/4?page=${page}&perPage=500&sort=deadline&status=BLOCKED`)));
    const [name, text] = downloadCsv.mock.calls[0];
    expect(name).toMatch(/^tasks-consortium-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1204);
    expect(lines[0]).toBe('Portal,Project,ID,Task,In,In (type),Status,Owner,Start,Deadline,Spent (h),Done');
    expect(lines[1]).toBe('Consortium,Project 9,100,Task 100,Phase 0,Phase,blocked,Lars Berg,2026-11-01,2026-12-01,0,No');
    expect(lines[8]).toBe("Consortium,Project 9,107,'=cmd|calc,Phase 0,Phase,blocked,Lars Berg,2026-11-01,2026-12-01,0,No");
  });
});

describe('taskHref: a task opens over its real parent', () => {
  const home = '/portal/4';
  const TASK = { id: 40, name: 'Task 1', type: '4rineu_task', typeLabel: 'Task', level: 4, tab: 'tasks' };
  test.each([
    ['a task under a phase', { id: 1, tab: 'tasks', ancestors: [PORTAL, projectOf(9), PHASE] }, '/portal/4/projects/9/phases/30/tasks/1'],
    ['a task right under the project', { id: 2, tab: 'tasks', ancestors: [PORTAL, projectOf(9)] }, '/portal/4/projects/9/tasks/2'],
    ['a subtask of a task in a phase', { id: 3, tab: 'subtasks', ancestors: [PORTAL, projectOf(9), PHASE, TASK] }, '/portal/4/projects/9/phases/30/tasks/40/subtasks/3'],
    ['a task right under the portal', { id: 5, tab: 'tasks', ancestors: [PORTAL] }, '/portal/4/module/4/tasks/5'],
    ['a row without ancestors', { id: 6 }, '/portal/4/module/6'],
  ])('%s', (_, row, href) => expect(taskHref(row, 4, home)).toBe(href));

  test('on a project someone enters by (their portal is the project), the path starts below it', () => {
    const row = { id: 1, tab: 'tasks', ancestors: [PORTAL, projectOf(9), PHASE] };
    expect(taskHref(row, 9, '/portal/9')).toBe('/portal/9/projects/30/tasks/1');
    expect(taskHref({ id: 2, tab: 'tasks', ancestors: [PORTAL, projectOf(9)] }, '9', '/portal/9')).toBe('/portal/9/module/9/tasks/2');
  });
});
