import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('./api.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, listEntries: vi.fn(), deleteEntry: vi.fn(), downloadEntries: vi.fn() };
});
vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn() } };
});

// eslint-disable-next-line import/first
import { makeStore } from '../../app/store.js';
// eslint-disable-next-line import/first
import Toaster from '../../components/Toaster.jsx';
// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import { clearToasts } from '../../lib/toast.js';
// eslint-disable-next-line import/first
import { deleteEntry, downloadEntries, listEntries, timeChanged } from './api.js';
// eslint-disable-next-line import/first
import TimeEntries, { exportQuery, totalHours } from './TimeEntries.jsx';

const link = (url, operation = 'GET') => ({ url, operation, route: 'x', label: 'x', access: 'view' });
const entry = (id, extra = {}) => ({
  id, moduleId: 12, moduleName: 'WP1 Design', portalId: 4, user: { id: 1, name: 'Ada Lovelace' }, day: '2026-11-03', minutes: 90,
  hours: 1.5, activity: { id: 2, name: 'Research' }, note: `Note ${id}`, organisation: 'Uni', locked: false, version: 1,
  links: { edit: link(`/api/time/edit/${id}`), delete: link(`/api/time/delete/${id}`, 'DELETE') }, ...extra,
});
const PAGE = {
  list: [
    entry(1),
    entry(2, { moduleId: 15, moduleName: 'Task 1.1', user: { id: 3, name: 'Marco Rossi' }, activity: { id: 5, name: 'Travel' }, hours: 11, minutes: 660 }),
    entry(3, { locked: true, links: {} }),
  ],
  meta: { page: 1, perPage: 20, total: 3 },
  totalMinutes: 750,
  totalHours: 12.5,
};
const MODULE = {
  id: 12, name: 'WP1 Design', memberships: [{ id: 7, userId: 8, name: 'Sofia Marques' }],
  links: { time: link('/api/time/list/12'), add_time: link('/api/time/add/12') },
};
const FORM = {
  method: 'POST', action: '/api/time/edit/1',
  elements: [{ name: 'duration', label: 'Duration', type: 'text', value: '1.5', required: true, options: [] }],
};

function renderTab(module = MODULE, onChanged = vi.fn()) {
  const store = makeStore({ user: { status: 'succeeded', item: { id: 1, name: 'Ada Lovelace' }, error: null } });
  render(
    <Provider store={store}>
      <MemoryRouter><Toaster /><TimeEntries module={module} moduleBase="/portal/4/module" onChanged={onChanged} /></MemoryRouter>
    </Provider>,
  );
  return onChanged;
}
const lastQuery = () => listEntries.mock.calls[listEntries.mock.calls.length - 1][1];

beforeEach(() => {
  [listEntries, deleteEntry, downloadEntries, api.get, api.post].forEach((fn) => fn.mockReset());
  listEntries.mockResolvedValue(PAGE);
  downloadEntries.mockResolvedValue(undefined);
});
afterEach(() => act(() => clearToasts()));

describe('TimeEntries (the Time tab)', () => {
  test('nothing without the module\'s time link', () => {
    renderTab({ ...MODULE, links: {} });
    expect(screen.queryByTestId('time-entries')).toBeNull();
    expect(listEntries).not.toHaveBeenCalled();
  });

  test('a page of entries from the time link: day, person, module, activity, hours, note, the total and the lock mark', async () => {
    renderTab();
    const rows = await screen.findAllByTestId('entry-row');
    expect(listEntries).toHaveBeenCalledWith('/api/time/list/12', { page: 1, perPage: 20, sort: '', q: '' });
    expect(within(screen.getByTestId('time-table')).getAllByRole('columnheader').map((h) => h.textContent.replace(/[\s⇅▲▼]+$/u, '')))
      .toEqual(['Day', 'Person', 'Module', 'Activity', 'Hours', 'Note', 'Actions']);
    expect(within(rows[0]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3rd Nov 2026', 'Ada Lovelace', 'WP1 Design', 'Research', '1.5', 'Note 1', 'EditDelete']);
    expect(screen.getByTestId('time-total')).toHaveTextContent('Total: 12.5 h');
    // the module itself as text, a module below linked to its page
    expect(within(rows[0]).getByTestId('entry-module').tagName).toBe('SPAN');
    expect(within(rows[1]).getByRole('link', { name: 'Task 1.1' })).toHaveAttribute('href', '/portal/4/module/15');
    // the locked entry: its mark, no Edit or Delete
    expect(rows[2]).toHaveClass('is-locked');
    expect(within(rows[2]).getByRole('img', { name: 'Locked: this month is approved' })).toBeInTheDocument();
    expect(within(rows[2]).queryByTestId('entry-edit')).toBeNull();
    expect(within(rows[0]).queryByTestId('entry-locked')).toBeNull();
    expect(screen.getByTestId('time-log')).toHaveTextContent('Log time');
    expect(screen.queryByTestId('dt-export')).toBeNull(); // the server's exports, not the table's own
  });

  test('filters and sort go to the server; the people and activities offered', async () => {
    renderTab();
    await screen.findAllByTestId('entry-row');
    const people = within(screen.getByTestId('time-user')).getAllByRole('option').map((o) => o.textContent);
    expect(people).toEqual(['Everyone', 'Me', 'Marco Rossi', 'Sofia Marques']);
    expect(within(screen.getByTestId('time-activity')).getAllByRole('option').map((o) => o.textContent))
      .toEqual(['Any activity', 'Research', 'Travel']);
    fireEvent.change(screen.getByTestId('time-user'), { target: { value: '3' } });
    await waitFor(() => expect(lastQuery()).toMatchObject({ user: '3', page: 1 }));
    fireEvent.change(screen.getByTestId('time-activity'), { target: { value: '5' } });
    fireEvent.change(screen.getByTestId('time-from'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByTestId('time-to'), { target: { value: '2026-11-30' } });
    await waitFor(() => expect(lastQuery()).toMatchObject({ user: '3', activity: '5', from: '2026-11-01', to: '2026-11-30' }));
    fireEvent.click(screen.getByRole('columnheader', { name: /Hours/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'minutes' }));
    fireEvent.click(screen.getByTestId('time-export-xlsx'));
    expect(downloadEntries).toHaveBeenCalledWith('/api/time/list/12',
      { sort: 'minutes', user: '3', activity: '5', from: '2026-11-01', to: '2026-11-30' }, 'xlsx', 'time-12');
    expect(screen.getByTestId('time-export-csv')).toBeDisabled(); // one download at a time
    await waitFor(() => expect(screen.getByTestId('time-export-csv')).toBeEnabled());
    fireEvent.click(screen.getByTestId('time-export-csv'));
    await waitFor(() => expect(downloadEntries).toHaveBeenLastCalledWith('/api/time/list/12', expect.any(Object), 'csv', 'time-12'));
  });

  test('Delete asks, removes through the entry\'s link, says so and reads the list again', async () => {
    const onChanged = renderTab();
    const rows = await screen.findAllByTestId('entry-row');
    deleteEntry.mockResolvedValue({});
    fireEvent.click(within(rows[1]).getByTestId('entry-delete'));
    const dialog = screen.getByRole('dialog', { name: 'Delete Time Entry' });
    expect(dialog).toHaveTextContent('Delete this time entry?');
    expect(dialog).toHaveTextContent('11 h on Task 1.1, 3rd Nov 2026');
    const reads = listEntries.mock.calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleteEntry).toHaveBeenCalledWith(expect.objectContaining({ id: 2 })));
    await waitFor(() => expect(listEntries.mock.calls.length).toBeGreaterThan(reads));
    expect(screen.getByRole('status')).toHaveTextContent('Time entry deleted');
    expect(onChanged).toHaveBeenCalled();
  });

  test('Edit opens the entry\'s edit form; a save reads the list again', async () => {
    const onChanged = renderTab();
    const rows = await screen.findAllByTestId('entry-row');
    api.get.mockResolvedValue({ data: FORM });
    fireEvent.click(within(rows[0]).getByTestId('entry-edit'));
    expect(screen.getByRole('dialog', { name: 'Edit Time' })).toBeInTheDocument();
    const input = await screen.findByLabelText(/^Duration/);
    expect(api.get).toHaveBeenCalledWith('/api/time/edit/1');
    api.post.mockResolvedValue({ data: { item: entry(1, { hours: 2, minutes: 120 }) } });
    const reads = listEntries.mock.calls.length;
    fireEvent.change(input, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Time' })).toBeNull());
    expect(listEntries.mock.calls.length).toBeGreaterThan(reads);
    expect(onChanged).toHaveBeenCalled();
  });

  test('time logged elsewhere (a stopped timer, the header\'s Log time) reads the list again', async () => {
    renderTab();
    await screen.findAllByTestId('entry-row');
    const reads = listEntries.mock.calls.length;
    act(() => timeChanged({ id: 99 }));
    await waitFor(() => expect(listEntries.mock.calls.length).toBe(reads + 1));
  });

  test('helpers: the total without totalHours, and what an export sends', () => {
    expect([totalHours({ totalHours: 3 }), totalHours({ totalMinutes: 90 }), totalHours(null)]).toEqual([3, 1.5, 0]);
    expect(exportQuery({ page: 3, perPage: 20, q: '', sort: '-day', user: '', activity: '2', from: '2026-01-01' }))
      .toEqual({ sort: '-day', activity: '2', from: '2026-01-01' });
  });
});
