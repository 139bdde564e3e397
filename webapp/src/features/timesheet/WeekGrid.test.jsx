import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn() } };
});

// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import { clearToasts, subscribe } from '../../lib/toast.js';
// eslint-disable-next-line import/first
import { makeStore } from '../../app/store.js';
// eslint-disable-next-line import/first
import WeekGrid from './WeekGrid.jsx';

const PORTAL = { id: 4, name: 'Consortium', links: {} };
const DAYS = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'];
const cell = (minutes, locked = false) => ({ minutes, entries: minutes ? 1 : 0, locked });

/** 2026-W49: Monday 30 November (an approved month: locked) to Sunday 6 December. */
function week(overrides = {}) {
  return {
    user: { id: 7, name: 'Ada Lovelace' }, portalId: 4, week: '2026-W49', days: DAYS,
    rows: [
      { module: { id: 11, name: 'WP1', trail: 'Apollo › WP1' }, cells: { '2026-11-30': cell(60, true), '2026-12-01': cell(120) }, totalMinutes: 180 },
      { module: { id: 12, name: 'WP2', trail: 'Apollo › WP2' }, cells: { '2026-12-01': cell(30) }, totalMinutes: 30 },
    ],
    dayTotals: { '2026-11-30': 60, '2026-12-01': 150 },
    totalMinutes: 210,
    months: [{ month: '2026-11', state: 'APPROVED', comment: '' }, { month: '2026-12', state: 'RETURNED', comment: 'WP2 is missing' }],
    links: { cell: { url: '/api/time/cell/4', method: 'POST' } },
    ...overrides,
  };
}

function Where() {
  const { search } = useLocation();
  return <output data-testid="where">{search}</output>;
}

function renderGrid(url = '/portal/4/timesheet?week=2026-W49') {
  const store = makeStore({ user: { status: 'succeeded', item: { id: 7, name: 'Ada Lovelace' }, error: null } });
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Routes><Route path="/portal/:portalId/timesheet" element={<><WeekGrid portal={PORTAL} /><Where /></>} /></Routes>
      </MemoryRouter>
    </Provider>,
  );
}

const input = (moduleId, day) => screen.getByTestId('ts-grid')
  .querySelector(`td[data-module="${moduleId}"][data-day="${day}"] input`);
const dayTotal = (day) => screen.getAllByTestId('ts-day-total').find((td) => td.dataset.day === day).textContent;
const rowTotal = (moduleId) => within(screen.getAllByTestId('ts-row').find((r) => r.dataset.module === String(moduleId)))
  .getByTestId('ts-row-total').textContent;

let toasts = [];
let unsubscribe;
beforeEach(() => {
  api.get.mockReset();
  api.post.mockReset();
  api.get.mockImplementation((url) => Promise.resolve({ data: url.startsWith('/api/time/week/') ? week() : { list: [] } }));
  clearToasts();
  unsubscribe = subscribe((items) => { toasts = items; });
});
afterEach(() => unsubscribe());

describe('WeekGrid', () => {
  test('one read of the week: modules by trail, seven days Monday first, totals, locked cells and the months', async () => {
    renderGrid();
    await screen.findByTestId('ts-grid');
    expect(api.get).toHaveBeenCalledTimes(1);
    expect(api.get).toHaveBeenCalledWith('/api/time/week/4?week=2026-W49');
    expect(screen.getByTestId('ts-person')).toHaveTextContent('Ada Lovelace in Consortium');
    expect(screen.getByTestId('ts-week')).toHaveTextContent('Week 49: 30th Nov 2026 – 6th Dec 2026');
    expect(screen.getAllByTestId('ts-day').map((th) => th.textContent)).toEqual(
      ['Mon30 Nov', 'Tue1 Dec', 'Wed2 Dec', 'Thu3 Dec', 'Fri4 Dec', 'Sat5 Dec', 'Sun6 Dec'],
    );
    expect(screen.getAllByTestId('ts-row').map((r) => r.querySelector('th').textContent)).toEqual(['Apollo › WP1', 'Apollo › WP2']);
    expect(input(11, '2026-12-01')).toHaveValue('2');
    expect(input(12, '2026-12-01')).toHaveValue('0.5');
    expect(input(12, '2026-12-02')).toHaveValue('');
    expect(rowTotal(11)).toBe('3');
    expect(dayTotal('2026-12-01')).toBe('2.5');
    expect(dayTotal('2026-12-02')).toBe('0');
    expect(screen.getByTestId('ts-week-total')).toHaveTextContent('3.5');
    // the approved month's cell: read-only, with its lock, named as locked
    const locked = input(11, '2026-11-30');
    expect(locked).toHaveAttribute('readonly');
    expect(locked).toHaveAccessibleName('Apollo › WP1, Monday: locked, the month is approved');
    expect(within(locked.closest('td')).getByTestId('ts-lock')).toHaveAttribute('title', 'Locked: the month is approved');
    expect(input(11, '2026-12-01')).not.toHaveAttribute('readonly');
    expect(input(11, '2026-12-01')).toHaveAccessibleName('Apollo › WP1, Tuesday');
    // the months: approved (no button), returned with its comment and 'Submit December 2026'
    const months = screen.getAllByTestId('ts-month');
    expect(months.map((m) => within(m).getByTestId('ts-state').textContent)).toEqual(['Approved', 'Returned']);
    expect(within(months[0]).queryByTestId('ts-submit')).toBeNull();
    expect(within(months[1]).getByTestId('ts-comment')).toHaveTextContent('Comment: WP2 is missing');
    expect(within(months[1]).getByTestId('ts-submit')).toHaveTextContent('Submit December 2026');
  });

  test('typed hours and Enter: one POST to the cell link, the cell and the totals follow, the focus goes down', async () => {
    const user = userEvent.setup();
    api.post.mockResolvedValueOnce({ data: { cell: cell(90), dayTotal: 90, rowTotal: 270 } });
    renderGrid();
    await screen.findByTestId('ts-grid');
    await user.click(input(11, '2026-12-02'));
    await user.keyboard('1:30{Enter}');
    expect(api.post).toHaveBeenCalledTimes(1);
    expect(api.post).toHaveBeenCalledWith('/api/time/cell/4', { moduleId: 11, day: '2026-12-02', minutes: 90 });
    expect(input(12, '2026-12-02')).toHaveFocus();
    await waitFor(() => expect(input(11, '2026-12-02')).toHaveValue('1.5'));
    expect(rowTotal(11)).toBe('4.5');
    expect(dayTotal('2026-12-02')).toBe('1.5');
    expect(screen.getByTestId('ts-week-total')).toHaveTextContent('5');
    // leaving a cell unchanged saves nothing
    await user.keyboard('{Enter}');
    expect(api.post).toHaveBeenCalledTimes(1);
  });

  test('Tab saves and goes right, Shift+Tab left, arrows move at the edge of the text, Escape restores', async () => {
    const user = userEvent.setup();
    api.post.mockResolvedValue({ data: { cell: cell(30), dayTotal: 180, rowTotal: 210 } });
    renderGrid();
    await screen.findByTestId('ts-grid');
    await user.click(input(11, '2026-12-01'));
    await user.keyboard('0.5{Tab}');
    expect(api.post).toHaveBeenLastCalledWith('/api/time/cell/4', { moduleId: 11, day: '2026-12-01', minutes: 30 });
    expect(input(11, '2026-12-02')).toHaveFocus();
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(input(11, '2026-12-01')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(input(12, '2026-12-01')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(input(11, '2026-12-01')).toHaveFocus();
    // empty cell: the caret is at both edges
    await user.click(input(12, '2026-12-03'));
    await user.keyboard('{ArrowLeft}');
    expect(input(12, '2026-12-02')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(input(12, '2026-12-03')).toHaveFocus();
    // inside a text the arrows move the caret
    await user.keyboard('12{ArrowLeft}');
    expect(input(12, '2026-12-03')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(input(12, '2026-12-03')).toHaveValue('');
    expect(api.post).toHaveBeenCalledTimes(1);
    // Tab at the end of a row wraps to the next row's first day
    await user.click(input(11, '2026-12-06'));
    await user.keyboard('{Tab}');
    expect(input(12, '2026-11-30')).toHaveFocus();
    expect(api.post).toHaveBeenCalledTimes(1);
  });

  test('a refusal shows the server\'s message by the cell and its saved value again', async () => {
    const user = userEvent.setup();
    api.post.mockRejectedValueOnce({ response: { status: 422, data: { error: 'More than 24 hours on this day', errors: { minutes: ['More than 24 hours on this day'] } } } });
    renderGrid();
    await screen.findByTestId('ts-grid');
    const target = input(12, '2026-12-01');
    await user.click(target);
    await user.keyboard('23{Enter}');
    const error = await screen.findByTestId('ts-error');
    expect(error).toHaveTextContent('More than 24 hours on this day');
    expect(target).toHaveAttribute('aria-describedby', error.id);
    expect(target).toHaveAttribute('aria-invalid', 'true');
    expect(target).toHaveValue('0.5');
    expect(rowTotal(12)).toBe('0.5');
    // typing again clears the message
    await user.click(target);
    await user.keyboard('1');
    expect(screen.queryByTestId('ts-error')).toBeNull();
  });

  test('hours that cannot be read are refused here, without a request', async () => {
    const user = userEvent.setup();
    renderGrid();
    await screen.findByTestId('ts-grid');
    await user.click(input(12, '2026-12-04'));
    await user.keyboard('lots{Enter}');
    expect(screen.getByTestId('ts-error')).toHaveTextContent('Use hours like 1.5 or 1:30');
    expect(input(12, '2026-12-04')).toHaveValue('');
    expect(api.post).not.toHaveBeenCalled();
  });

  test('a locked cell takes no typing and saves nothing', async () => {
    const user = userEvent.setup();
    renderGrid();
    await screen.findByTestId('ts-grid');
    const locked = input(11, '2026-11-30');
    await user.click(locked);
    await user.keyboard('5{Enter}');
    expect(locked).toHaveValue('1');
    expect(api.post).not.toHaveBeenCalled();
    expect(input(12, '2026-11-30')).toHaveFocus();
  });

  test('the weeks before and after, kept in the address (with the person shown)', async () => {
    api.get.mockImplementation(() => Promise.resolve({ data: week({ user: { id: 9, name: 'Lars Berg' } }) }));
    renderGrid('/portal/4/timesheet?week=2026-W49&user=9');
    await screen.findByTestId('ts-grid');
    expect(screen.getByTestId('ts-person')).toHaveTextContent('Lars Berg in Consortium');
    expect(api.get).toHaveBeenLastCalledWith('/api/time/week/4?week=2026-W49&user=9');
    fireEvent.click(screen.getByTestId('ts-next'));
    await waitFor(() => expect(api.get).toHaveBeenLastCalledWith('/api/time/week/4?week=2026-W50&user=9'));
    expect(screen.getByTestId('where')).toHaveTextContent('?week=2026-W50&user=9');
    fireEvent.click(screen.getByTestId('ts-prev'));
    fireEvent.click(screen.getByTestId('ts-prev'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('?week=2026-W48&user=9'));
    // another person's week: their months are theirs to submit
    expect(screen.queryByTestId('ts-submit')).toBeNull();
  });

  test('a save for another person names them', async () => {
    const user = userEvent.setup();
    api.post.mockResolvedValueOnce({ data: { cell: cell(60), dayTotal: 60, rowTotal: 240 } });
    renderGrid('/portal/4/timesheet?week=2026-W49&user=9');
    await screen.findByTestId('ts-grid');
    await user.click(input(11, '2026-12-03'));
    await user.keyboard('1{Enter}');
    expect(api.post).toHaveBeenCalledWith('/api/time/cell/4', { moduleId: 11, day: '2026-12-03', minutes: 60, user: 9 });
  });

  test('without a week in the address, this week', async () => {
    renderGrid('/portal/4/timesheet');
    await screen.findByTestId('ts-grid');
    expect(api.get.mock.calls[0][0]).toMatch(/^\/api\/time\/week\/4\?week=\d{4}-W\d\d$/);
    expect(screen.getByTestId('ts-this-week')).toBeDisabled();
  });

  test('Add row: a module found by name gets an empty row, focused', async () => {
    const user = userEvent.setup();
    api.get.mockImplementation((url) => Promise.resolve({ data: url.startsWith('/api/time/week/') ? week() : {
      list: [
        { kind: 'module', id: 11, module: { id: 11, name: 'WP1' }, breadcrumb: ['Consortium', 'Apollo', 'WP1'] },
        { kind: 'module', id: 13, module: { id: 13, name: 'Budget' }, breadcrumb: ['Consortium', 'Apollo', 'WP3', 'Budget'] },
      ],
    } }));
    renderGrid();
    await screen.findByTestId('ts-grid');
    await user.click(screen.getByTestId('ts-add-row'));
    expect(screen.getByTestId('ts-add-input')).toHaveFocus();
    await user.keyboard('bud');
    const option = await screen.findByTestId('ts-add-option');
    expect(api.get).toHaveBeenLastCalledWith('/api/search?q=bud&kind=module&portal=4&perPage=10');
    // WP1 is in the grid already
    expect(screen.getAllByTestId('ts-add-option').map((o) => o.textContent)).toEqual(['Apollo › WP3 › Budget']);
    await user.click(option);
    const rows = screen.getAllByTestId('ts-row');
    expect(rows.map((r) => r.dataset.module)).toEqual(['11', '12', '13']);
    expect(within(rows[2]).getByRole('rowheader')).toHaveTextContent('Apollo › WP3 › Budget');
    expect(input(13, '2026-11-30')).toHaveFocus();
    expect(screen.queryByTestId('ts-add-input')).toBeNull();
  });

  test('Submit <Month>: one POST, a toast, the week read again', async () => {
    api.post.mockResolvedValueOnce({ data: { item: { month: '2026-12', state: 'SUBMITTED' } } });
    renderGrid();
    await screen.findByTestId('ts-grid');
    api.get.mockImplementation(() => Promise.resolve({ data: week({ months: [
      { month: '2026-11', state: 'APPROVED', comment: '' }, { month: '2026-12', state: 'SUBMITTED', comment: '' }] }) }));
    await act(async () => { fireEvent.click(screen.getByTestId('ts-submit')); });
    expect(api.post).toHaveBeenCalledWith('/api/time/month/4', { month: '2026-12' });
    await waitFor(() => expect(screen.getAllByTestId('ts-state').map((s) => s.textContent)).toEqual(['Approved', 'Submitted']));
    expect(api.get).toHaveBeenCalledTimes(2);
    expect(toasts.map((x) => x.text)).toEqual(['December 2026 submitted']);
    expect(screen.queryByTestId('ts-submit')).toBeNull();
  });

  test('a month with links: Submit only where its link is, to its url', async () => {
    api.get.mockImplementation(() => Promise.resolve({ data: week({ months: [
      { month: '2026-11', state: null, comment: '', links: {} },
      { month: '2026-12', state: null, comment: '', links: { submit: { url: '/api/time/month/4', operation: 'POST' } } }] }) }));
    renderGrid();
    await screen.findByTestId('ts-grid');
    const months = screen.getAllByTestId('ts-month');
    expect(within(months[0]).getByTestId('ts-state')).toHaveTextContent('Not submitted');
    expect(within(months[0]).queryByTestId('ts-submit')).toBeNull();
    expect(within(months[1]).getByTestId('ts-submit')).toBeInTheDocument();
  });

  test('a week without the cell link is shown but offers no Add row', async () => {
    api.get.mockImplementation(() => Promise.resolve({ data: week({ rows: [], dayTotals: {}, totalMinutes: 0, links: {} }) }));
    renderGrid();
    await screen.findByTestId('ts-grid');
    expect(screen.getByTestId('ts-empty')).toBeInTheDocument();
    expect(screen.queryByTestId('ts-add-row')).toBeNull();
  });
});
