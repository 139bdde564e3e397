import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import Toaster from '../../components/Toaster.jsx';
import { clearToasts } from '../../lib/toast.js';

vi.mock('./api.js', () => ({ fetchCalendarItems: vi.fn() }));
vi.mock('../../lib/inPlace.js', () => ({ saveField: vi.fn() }));

// eslint-disable-next-line import/first
import { fetchCalendarItems } from './api.js';
// eslint-disable-next-line import/first
import { saveField } from '../../lib/inPlace.js';
// eslint-disable-next-line import/first
import Calendar from './Calendar.jsx';

const editLink = (id) => ({ edit: { url: `/api/deliverable/edit/${id}`, method: 'GET', label: 'Edit' } });
const item = (id, dates, { editable = true, name = `Item ${id}` } = {}) => ({
  id,
  name,
  type: 'task',
  typeLabel: 'Task',
  entryName: 'Portal',
  projectName: 'Apollo',
  parentName: 'Phase 1',
  deliverable: {
    id: id + 1000, status: { name: 'IN_PROGRESS', label: 'In Progress' }, ownerId: 5, ownerName: 'Olga Owner',
    startDate: null, deadline: null, completionDate: null, milestone: false, links: editable ? editLink(id) : {}, ...dates,
  },
  links: {},
});
const answer = (list, extra = {}) => ({ from: '2026-10-26', to: '2026-12-06', list, truncated: false, ...extra });
const ROWS = [
  item(1, { startDate: '2026-11-02', deadline: '2026-11-20' }, { name: 'Write the report' }),
  item(2, { deadline: '2026-11-25', milestone: true }, { name: 'Launch' }),
  item(3, { startDate: '2026-11-10', deadline: '2026-11-12', completionDate: '2026-11-11' }, { name: 'Review' }),
  item(4, { deadline: '2026-11-20' }, { editable: false, name: 'Read only' }),
];

const day = (date) => document.querySelector(`[data-testid="calendar-day"][data-date="${date}"]`);
const chip = (id, kind) => document.querySelector(`[data-testid="calendar-item"][data-id="${id}"][data-kind="${kind}"]`);
const moveButton = (id, kind) => chip(id, kind).querySelector('.cal-chip__move');
const live = () => screen.getByTestId('calendar-live');

function show(props = {}) {
  return render(
    <MemoryRouter>
      <Toaster />
      <Calendar hrefOf={(row) => `/item/${row.id}`} {...props} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  // Today: Wednesday 18 November 2026 (only the date is faked: promises and timers run as usual).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 18, 10, 0));
  fetchCalendarItems.mockReset();
  saveField.mockReset();
  fetchCalendarItems.mockResolvedValue(answer(ROWS));
});
afterEach(() => {
  vi.useRealTimers();
  act(() => clearToasts());
  delete window.matchMedia;
});

describe('Calendar', () => {
  test('the month grid starts on Monday in British English, asks for its 42 days and marks today', async () => {
    show();
    await screen.findByText('Launch', { selector: 'a' });
    expect(fetchCalendarItems).toHaveBeenCalledWith('2026-10-26', '2026-12-06', null, false);
    const days = screen.getAllByTestId('calendar-day');
    expect(days).toHaveLength(42);
    expect(days[0]).toHaveAttribute('data-date', '2026-10-26');
    expect(days[41]).toHaveAttribute('data-date', '2026-12-06');
    expect(days[0]).toHaveAccessibleName('Monday 26 October 2026');
    expect([...document.querySelectorAll('.cal-month__head--short')].map((h) => h.textContent))
      .toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(screen.getByTestId('calendar-title')).toHaveTextContent('November 2026');
    expect(day('2026-11-18')).toHaveAttribute('aria-current', 'date');
    expect(document.querySelectorAll('[aria-current="date"]')).toHaveLength(1);
    const group = screen.getByRole('group', { name: 'View' });
    expect(within(group).getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'false');
  });

  test('each date of an item is an entry on its day, with its kind in words and a link', async () => {
    show({ moduleId: 7, mine: true });
    await screen.findByText('Launch', { selector: 'a' });
    expect(fetchCalendarItems).toHaveBeenCalledWith('2026-10-26', '2026-12-06', 7, true);
    expect(day('2026-11-02')).toContainElement(chip(1, 'start'));
    expect(chip(1, 'start')).toHaveTextContent('Start');
    expect(chip(1, 'start')).toHaveAttribute('data-date', '2026-11-02');
    expect(day('2026-11-20')).toContainElement(chip(1, 'deadline'));
    expect(chip(1, 'deadline')).toHaveTextContent('Deadline');
    const milestone = chip(2, 'milestone');
    expect(day('2026-11-25')).toContainElement(milestone);
    expect(milestone).toHaveTextContent('◆ Milestone');
    expect(day('2026-11-11')).toContainElement(chip(3, 'completion'));
    expect(chip(3, 'completion')).toHaveTextContent('Completed');
    expect(within(chip(1, 'deadline')).getByRole('link', { name: 'Write the report' })).toHaveAttribute('href', '/item/1');
    // No edit link: no move button, and no grab cursor (the class that gives it).
    expect(chip(4, 'deadline')).toHaveAttribute('data-movable', 'false');
    expect(chip(4, 'deadline').querySelector('button')).toBeNull();
    expect(chip(4, 'deadline')).not.toHaveClass('cal-chip--movable');
    expect(chip(1, 'deadline')).toHaveClass('cal-chip--movable');
  });

  test('the keyboard lifts, moves and drops an entry; the date is saved and the period read again', async () => {
    let resolve;
    saveField.mockReturnValue(new Promise((r) => { resolve = r; }));
    const onChanged = vi.fn();
    show({ onChanged });
    await screen.findByText('Launch', { selector: 'a' });
    const button = moveButton(1, 'deadline');
    expect(button).toHaveAccessibleName('Move Write the report (Deadline, 20th Nov 2026)');
    button.focus();
    fireEvent.keyDown(button, { key: ' ' });
    expect(live()).toHaveTextContent('Moving Write the report: 20th Nov 2026');
    expect(button).toHaveAttribute('aria-pressed', 'true');
    fireEvent.keyDown(button, { key: 'ArrowRight' });
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(live()).toHaveTextContent('Moving Write the report: 28th Nov 2026');
    expect(day('2026-11-28')).toHaveClass('cal-day--target');
    fireEvent.keyDown(button, { key: ' ' });
    expect(saveField).toHaveBeenCalledWith('/api/deliverable/edit/1', 'deadline', '2026-11-28');
    // At once on its new day, and the focus with it.
    expect(day('2026-11-28')).toContainElement(chip(1, 'deadline'));
    expect(chip(1, 'deadline')).toHaveAttribute('data-date', '2026-11-28');
    expect(document.activeElement).toBe(moveButton(1, 'deadline'));
    expect(live()).toHaveTextContent('Moved Write the report to 28th Nov 2026');
    const moved = ROWS.map((r) => (r.id === 1 ? item(1, { startDate: '2026-11-02', deadline: '2026-11-28' }, { name: 'Write the report' }) : r));
    fetchCalendarItems.mockResolvedValue(answer(moved));
    await act(async () => resolve({ item: {} }));
    expect(onChanged).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(fetchCalendarItems).toHaveBeenCalledTimes(2));
    expect(day('2026-11-28')).toContainElement(chip(1, 'deadline'));
    // The start date moves its own field.
    saveField.mockResolvedValue({});
    fireEvent.keyDown(moveButton(1, 'start'), { key: 'Enter' });
    fireEvent.keyDown(moveButton(1, 'start'), { key: 'ArrowLeft' });
    fireEvent.keyDown(moveButton(1, 'start'), { key: 'Enter' });
    expect(saveField).toHaveBeenLastCalledWith('/api/deliverable/edit/1', 'startDate', '2026-11-01');
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(2));
  });

  test('a refused move snaps back and shows the server\'s reason', async () => {
    saveField.mockRejectedValue(new Error('The start date must be on or before the deadline'));
    const onChanged = vi.fn();
    show({ onChanged });
    await screen.findByText('Launch', { selector: 'a' });
    const button = moveButton(1, 'start');
    button.focus();
    fireEvent.keyDown(button, { key: ' ' });
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    fireEvent.keyDown(button, { key: ' ' });
    expect(saveField).toHaveBeenCalledWith('/api/deliverable/edit/1', 'startDate', '2026-11-23');
    expect(await screen.findByText('The start date must be on or before the deadline')).toBeInTheDocument();
    expect(screen.getByTestId('toast')).toHaveClass('toast--error');
    expect(day('2026-11-02')).toContainElement(chip(1, 'start'));
    expect(chip(1, 'start')).toHaveAttribute('data-date', '2026-11-02');
    expect(live()).toHaveTextContent('Write the report is back on 2nd Nov 2026');
    expect(document.activeElement).toBe(moveButton(1, 'start'));
    expect(onChanged).not.toHaveBeenCalled();
  });

  test('Escape cancels a lifted entry; a move stays within the days shown', async () => {
    show({ view: 'week' });
    await screen.findByText('Read only', { selector: 'a' });
    const button = moveButton(1, 'deadline');
    fireEvent.keyDown(button, { key: ' ' });
    fireEvent.keyDown(button, { key: 'ArrowRight' });
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(live()).toHaveTextContent('Cancelled');
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(saveField).not.toHaveBeenCalled();
    // Three weeks on from Friday 20th is past this week's Sunday: the entry stops there.
    fireEvent.keyDown(button, { key: ' ' });
    ['ArrowDown', 'ArrowDown', 'ArrowDown'].forEach((key) => fireEvent.keyDown(button, { key }));
    expect(live()).toHaveTextContent('Moving Write the report: 22nd Nov 2026');
    // Leaving the entry (Tab) cancels too.
    fireEvent.blur(button);
    expect(live()).toHaveTextContent('Cancelled');
    expect(saveField).not.toHaveBeenCalled();
  });

  test('the week view: 7 days from Monday, the week\'s title, entries with their context', async () => {
    const onViewChange = vi.fn();
    show({ onViewChange });
    await screen.findByText('Launch', { selector: 'a' });
    fireEvent.click(screen.getByRole('button', { name: 'Week' }));
    expect(onViewChange).toHaveBeenCalledWith('week');
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
    expect(fetchCalendarItems).toHaveBeenLastCalledWith('2026-11-16', '2026-11-22', null, false);
    expect(screen.getByTestId('calendar-title')).toHaveTextContent('16 – 22 Nov 2026');
    const days = screen.getAllByTestId('calendar-day');
    expect(days.map((d) => d.getAttribute('data-date')))
      .toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']);
    await waitFor(() => expect(day('2026-11-20')).toContainElement(chip(1, 'deadline')));
    expect(chip(1, 'deadline')).toHaveTextContent('Apollo');
    expect(within(chip(1, 'deadline')).getByTestId('status-badge')).toHaveTextContent('In Progress');
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(screen.getByTestId('calendar-title')).toHaveTextContent('23 – 29 Nov 2026');
    expect(fetchCalendarItems).toHaveBeenLastCalledWith('2026-11-23', '2026-11-29', null, false);
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByTestId('calendar-title')).toHaveTextContent('16 – 22 Nov 2026');
    await waitFor(() => expect(screen.getByTestId('calendar-loading')).toBeEmptyDOMElement());
  });

  test('the page may hold the view and the date', async () => {
    const onDateChange = vi.fn();
    show({ view: 'month', date: '2027-02-10', onDateChange });
    expect(fetchCalendarItems).toHaveBeenCalledWith('2027-02-01', '2027-03-14', null, false);
    expect(screen.getByTestId('calendar-title')).toHaveTextContent('February 2027');
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(onDateChange).toHaveBeenCalledWith('2027-01-01');
    await screen.findByTestId('calendar-empty');
  });

  test('more than 3 entries in a month cell: 3 and a button that shows the rest', async () => {
    fetchCalendarItems.mockResolvedValue(answer([1, 2, 3, 4, 5].map((i) => item(i, { deadline: '2026-11-20' }))));
    show();
    await screen.findByText('Item 1', { selector: 'a' });
    const cell = day('2026-11-20');
    expect(within(cell).getAllByTestId('calendar-item')).toHaveLength(3);
    expect(cell).toHaveAccessibleName('Friday 20 November 2026');
    const more = within(cell).getByRole('button', { name: '+2 more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(more);
    expect(within(cell).getAllByTestId('calendar-item')).toHaveLength(5);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(more).toHaveTextContent('Show fewer');
  });

  test('a pointer drag past 5 px moves an entry to the day under the pointer; a click does not', async () => {
    saveField.mockResolvedValue({});
    const onChanged = vi.fn();
    show({ onChanged });
    await screen.findByText('Launch', { selector: 'a' });
    document.elementFromPoint = vi.fn(() => day('2026-11-27'));
    const entry = chip(2, 'milestone');
    fireEvent.pointerDown(entry, { button: 0, pointerId: 1, pointerType: 'mouse', clientX: 100, clientY: 100 });
    fireEvent.pointerMove(entry, { pointerId: 1, pointerType: 'mouse', clientX: 102, clientY: 101 });
    fireEvent.pointerUp(entry, { pointerId: 1, pointerType: 'mouse', clientX: 102, clientY: 101 });
    expect(saveField).not.toHaveBeenCalled();
    fireEvent.pointerDown(entry, { button: 0, pointerId: 1, pointerType: 'mouse', clientX: 100, clientY: 100 });
    fireEvent.pointerMove(entry, { pointerId: 1, pointerType: 'mouse', clientX: 130, clientY: 100 });
    expect(live()).toHaveTextContent('Moving Launch: 27th Nov 2026');
    expect(day('2026-11-27')).toHaveClass('cal-day--target');
    fireEvent.pointerUp(entry, { pointerId: 1, pointerType: 'mouse', clientX: 130, clientY: 100 });
    expect(saveField).toHaveBeenCalledWith('/api/deliverable/edit/2', 'deadline', '2026-11-27');
    expect(day('2026-11-27')).toContainElement(chip(2, 'milestone'));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    delete document.elementFromPoint;
  });

  test('a finger lifts an entry only after a press; moving sooner is a scroll', async () => {
    saveField.mockResolvedValue({});
    show();
    await screen.findByText('Launch', { selector: 'a' });
    document.elementFromPoint = vi.fn(() => day('2026-11-26'));
    const entry = chip(2, 'milestone');
    const touch = { pointerId: 2, pointerType: 'touch', clientY: 100 };
    fireEvent.pointerDown(entry, { ...touch, clientX: 100 });
    fireEvent.pointerMove(entry, { ...touch, clientX: 140 });
    fireEvent.pointerUp(entry, { ...touch, clientX: 140 });
    expect(saveField).not.toHaveBeenCalled();
    fireEvent.pointerDown(entry, { ...touch, clientX: 100 });
    await act(() => new Promise((r) => { setTimeout(r, 300); }));
    expect(live()).toHaveTextContent('Moving Launch: 25th Nov 2026');
    fireEvent.pointerMove(entry, { ...touch, clientX: 140 });
    fireEvent.pointerUp(entry, { ...touch, clientX: 140 });
    expect(saveField).toHaveBeenCalledWith('/api/deliverable/edit/2', 'deadline', '2026-11-26');
    await waitFor(() => expect(fetchCalendarItems).toHaveBeenCalledTimes(2));
    delete document.elementFromPoint;
  });

  test('on a phone the month cells count their entries and the day tapped lists them', async () => {
    window.matchMedia = () => ({ matches: false, addEventListener() {}, removeEventListener() {} });
    show();
    await waitFor(() => expect(screen.getByTestId('calendar-agenda')).toHaveTextContent('Nothing on this day'));
    expect(screen.getByTestId('calendar-agenda')).toHaveTextContent('Wednesday 18 November 2026');
    expect(screen.queryAllByTestId('calendar-item')).toHaveLength(0);
    const pick = within(day('2026-11-20')).getByRole('button', { name: 'Friday 20 November 2026: 2 items' });
    fireEvent.click(pick);
    expect(pick).toHaveAttribute('aria-pressed', 'true');
    const agenda = screen.getByTestId('calendar-agenda');
    expect(within(agenda).getAllByTestId('calendar-item').map((c) => c.getAttribute('data-id'))).toEqual(['4', '1']);
    // Moved by the keyboard, the entry's new day is the one listed, and it keeps the focus.
    saveField.mockResolvedValue({});
    const button = moveButton(1, 'deadline');
    button.focus();
    fireEvent.keyDown(button, { key: ' ' });
    fireEvent.keyDown(button, { key: 'ArrowRight' });
    fireEvent.keyDown(button, { key: ' ' });
    expect(screen.getByTestId('calendar-agenda')).toHaveAttribute('data-date', '2026-11-21');
    expect(document.activeElement).toBe(moveButton(1, 'deadline'));
    await waitFor(() => expect(fetchCalendarItems).toHaveBeenCalledTimes(2));
  });

  test('loading, a failure with Retry, a cut list', async () => {
    let fail;
    fetchCalendarItems.mockReturnValueOnce(new Promise((_, reject) => { fail = reject; }));
    show();
    expect(screen.getByTestId('calendar-loading')).toHaveTextContent('Loading the calendar…');
    await act(async () => fail(new Error('Network Error')));
    expect(screen.getByTestId('calendar-error')).toHaveAttribute('role', 'alert');
    expect(screen.getByTestId('calendar-error')).toHaveTextContent('The calendar could not be loaded: Network Error');
    fetchCalendarItems.mockResolvedValue(answer(ROWS, { truncated: true, list: Array.from({ length: 1000 }, (_, i) => item(i + 1, { deadline: '2026-11-05' })) }));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('calendar-truncated')).toHaveTextContent('Showing the first 1,000 items');
  });
});
