import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('../../lib/inPlace.js', () => ({ saveField: vi.fn() }));
// The avatar counts its renders: a drag must not draw the cards again.
const drawn = vi.hoisted(() => ({ avatars: 0 }));
vi.mock('../../components/Avatar.jsx', () => ({
  default: function Avatar({ name, title }) {
    drawn.avatars += 1;
    return <span data-testid="avatar" title={title || name} />;
  },
}));
vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn() } };
});

// eslint-disable-next-line import/first
import Toaster from '../../components/Toaster.jsx';
// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import { saveField } from '../../lib/inPlace.js';
// eslint-disable-next-line import/first
import { clearToasts } from '../../lib/toast.js';
// eslint-disable-next-line import/first
import Board from './Board.jsx';

const today = new Date(2026, 5, 15, 9, 0);
const edit = (id) => ({ url: `/api/deliverable/edit/${id}/${id + 100}`, method: 'POST', label: 'Edit' });
function card(id, status, extra = {}) {
  const { owner = null, deadline = null, milestone = false, editable = true, parentId = 10, name = `Card ${id}`, checklist = null, rollup } = extra;
  return {
    id, parentId, name, type: 'task', typeLabel: 'Task', level: 3, checklist, rollup,
    deliverable: status === undefined ? null : {
      id: id + 100, status: status ? { name: status, label: status } : null, ownerId: owner ? owner.id : null,
      ownerName: owner ? owner.name : null, ownerAvatar: null, startDate: null, deadline, completionDate: null, milestone,
      links: editable ? { edit: edit(id) } : {},
    },
    links: { view: { url: `/api/module/view/${id}` } },
  };
}
const ADA = { id: 5, name: 'Ada Lovelace' };
const BOB = { id: 6, name: 'Bob Builder' };
const ROWS = [
  { id: 10, parentId: 1, name: 'Design', type: 'phase', typeLabel: 'Phase', level: 2, deliverable: null, checklist: null, links: {} },
  card(1, 'NOT_STARTED', { owner: BOB, deadline: '2026-06-10', milestone: true }),
  card(2, 'IN_PROGRESS', { owner: ADA, checklist: { value: 'completed', completed: true, options: [], links: {} } }),
  card(3, 'IN_PROGRESS', { deadline: '2026-06-10', rollup: { total: 5, done: 3, byStatus: { COMPLETED: 3, IN_PROGRESS: 2 } } }),
  card(4, undefined, { name: 'Loose end' }),
  card(5, 'COMPLETED', { owner: ADA, deadline: '2026-06-01', editable: false }),
];

function show(props = {}) {
  const board = <Board rows={ROWS} cardType="task" hrefOf={(r) => `/t/${r.id}`} today={today} {...props} />;
  return render(
    <MemoryRouter initialEntries={['/board']}>
      <Routes>
        <Route path="/board" element={board} />
        <Route path="/t/:id" element={<p>Opened the card</p>} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
}
const column = (status, scope = document) => within(scope).getAllByTestId('board-column').find((c) => c.dataset.status === status);
const idsIn = (status, scope) => within(column(status, scope)).queryAllByTestId('board-card').map((c) => Number(c.dataset.id));
const head = (status) => screen.getAllByTestId('board-column-head').find((c) => c.dataset.status === status);
const cardEl = (id) => screen.getAllByTestId('board-card').find((c) => c.dataset.id === String(id));
const said = () => screen.getByTestId('board-said').textContent;

beforeEach(() => {
  saveField.mockReset();
  api.get.mockReset();
  api.get.mockResolvedValue({ data: { fields: [] } });
});
afterEach(async () => {
  act(() => clearToasts());
  delete document.elementFromPoint;
  await new Promise((resolve) => { setTimeout(resolve, 0); }); // a drag's click guard lasts one task
});

describe('Board: columns and cards', () => {
  test('one column per status, No status first, with counts and the limit warning', () => {
    show({ limits: { IN_PROGRESS: 1, COMPLETED: 3 } });
    const heads = screen.getAllByTestId('board-column-head');
    expect(heads.map((h) => h.dataset.status)).toEqual(['', 'NOT_STARTED', 'IN_PROGRESS', 'BLOCKED', 'COMPLETED', 'VERIFIED_COMPLETE']);
    expect(heads.map((h) => h.querySelector('.board__title').textContent))
      .toEqual(['No status', 'Not Started', 'In Progress', 'Blocked', 'Completed', 'Verified Complete']);
    expect(within(head('')).getByTestId('board-count')).toHaveTextContent('1');
    expect(within(head('IN_PROGRESS')).getByTestId('board-count')).toHaveTextContent('2 / 1');
    expect(within(head('IN_PROGRESS')).getByTestId('board-count')).toHaveTextContent('2 cards of a limit of 1');
    expect(within(head('IN_PROGRESS')).getByTestId('board-over-limit')).toHaveTextContent('Over the limit of 1');
    expect(within(head('COMPLETED')).getByTestId('board-count')).toHaveTextContent('1 / 3');
    expect(within(head('COMPLETED')).queryByTestId('board-over-limit')).toBeNull();
    expect(idsIn('')).toEqual([4]);
    expect(idsIn('IN_PROGRESS')).toEqual([2, 3]);
    expect(screen.queryAllByTestId('board-lane')).toHaveLength(0);
    expect(column('BLOCKED')).toHaveAttribute('aria-label', 'Blocked');
  });

  test('a card: its link, milestone, deadline (overdue unless done), checklist, owner', () => {
    show();
    const one = cardEl(1);
    expect(within(one).getByRole('link', { name: 'Card 1' })).toHaveAttribute('href', '/t/1');
    expect(within(one).getByTestId('board-milestone')).toHaveTextContent('Milestone');
    expect(within(one).getByText('Overdue: due 10th Jun 2026')).toHaveAttribute('data-overdue', 'true');
    expect(within(one).getByTestId('avatar')).toHaveAttribute('title', 'Owner: Bob Builder');
    expect(within(cardEl(2)).getByText('Done', { selector: '.sr-only' })).toBeInTheDocument();
    expect(within(cardEl(3)).getByText('3/5')).toBeInTheDocument();
    expect(within(cardEl(5)).getByText('Due 1st Jun 2026')).not.toHaveAttribute('data-overdue');
  });

  test('a card whose status cannot change: not draggable, says why, no move button', () => {
    show();
    const done = cardEl(5);
    expect(done).toHaveAttribute('data-movable', 'false');
    expect(done).toHaveAttribute('title', 'You cannot change this status');
    expect(within(done).queryByTestId('board-move')).toBeNull();
    expect(within(cardEl(1)).getByRole('button', { name: 'Move Card 1' })).toBeInTheDocument();
  });

  test('a filter keeps the matching names, and says how many show', () => {
    show({ filter: 'loose' });
    expect(screen.getAllByTestId('board-card').map((c) => c.dataset.id)).toEqual(['4']);
    expect(head('IN_PROGRESS')).toHaveTextContent('0 shown');
  });

  test('500 cards: a drag draws none of them again, a drop only the one moved', async () => {
    saveField.mockResolvedValue({ item: {} });
    const many = Array.from({ length: 500 }, (_, i) => card(i + 100, ['NOT_STARTED', 'IN_PROGRESS', 'BLOCKED', 'COMPLETED'][i % 4], { owner: ADA, deadline: '2026-07-01' }));
    show({ rows: many });
    expect(screen.getAllByTestId('board-card')).toHaveLength(500);
    document.elementFromPoint = vi.fn(() => column('BLOCKED'));
    const el = cardEl(100);
    drawn.avatars = 0;
    fireEvent.pointerDown(el, { button: 0, pointerId: 1, pointerType: 'mouse', clientX: 0, clientY: 0 });
    for (let x = 10; x <= 400; x += 10) fireEvent.pointerMove(el, { clientX: x, clientY: 5, pointerId: 1 });
    expect(el).toHaveClass('board-card--dragging');
    expect(drawn.avatars).toBe(0);
    fireEvent.pointerUp(el, { clientX: 400, clientY: 5, pointerId: 1 });
    await waitFor(() => expect(saveField).toHaveBeenCalled());
    await act(async () => {});
    expect(idsIn('BLOCKED')).toContain(100);
    expect(drawn.avatars).toBeLessThanOrEqual(3); // the moved card (moving, then saved), not the 499 others
  });
});

describe('Board: the keyboard', () => {
  test('Space lifts, arrows choose the column, Space drops: saved, said, focus kept', async () => {
    const user = userEvent.setup();
    let done;
    saveField.mockReturnValue(new Promise((resolve) => { done = resolve; }));
    const onChanged = vi.fn();
    show({ onChanged });
    const move = within(cardEl(1)).getByTestId('board-move');
    move.focus();
    await user.keyboard(' ');
    expect(said()).toBe('Lifted Card 1. Column Not Started. Use the arrow keys to move, Space to drop, Escape to cancel.');
    expect(move).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{ArrowRight}');
    expect(said()).toBe('Column In Progress');
    await user.keyboard('{ArrowRight}');
    expect(said()).toBe('Column Blocked');
    expect(column('BLOCKED')).toHaveClass('is-target');
    await user.keyboard(' ');
    expect(saveField).toHaveBeenCalledWith('/api/deliverable/edit/1/101', 'status', 'BLOCKED', undefined);
    // optimistic: in its new column before the server answers
    expect(idsIn('BLOCKED')).toEqual([1]);
    expect(idsIn('NOT_STARTED')).toEqual([]);
    expect(cardEl(1)).toHaveAttribute('aria-busy', 'true');
    await act(async () => done({ item: {} }));
    await waitFor(() => expect(said()).toBe('Moved Card 1 to Blocked'));
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(within(cardEl(1)).getByTestId('board-move'));
    expect(head('BLOCKED')).toHaveTextContent('1');
  });

  test('a move past a limit says so', async () => {
    const user = userEvent.setup();
    saveField.mockResolvedValue({ item: {} });
    show({ limits: { IN_PROGRESS: 2 } });
    within(cardEl(1)).getByTestId('board-move').focus();
    await user.keyboard(' {ArrowRight} ');
    await waitFor(() => expect(said()).toBe('Moved Card 1 to In Progress. The column is over its limit of 2.'));
    expect(within(head('IN_PROGRESS')).getByTestId('board-over-limit')).toBeInTheDocument();
  });

  test('a refusal puts the card back and shows the server\'s reason', async () => {
    const user = userEvent.setup();
    saveField.mockRejectedValue(new Error('This module is locked'));
    const onChanged = vi.fn();
    show({ onChanged });
    within(cardEl(2)).getByTestId('board-move').focus();
    await user.keyboard(' {ArrowLeft} ');
    expect(saveField).toHaveBeenCalledWith('/api/deliverable/edit/2/102', 'status', 'NOT_STARTED', undefined);
    await waitFor(() => expect(idsIn('IN_PROGRESS')).toEqual([2, 3]));
    expect(idsIn('NOT_STARTED')).toEqual([1]);
    expect(screen.getByRole('alert')).toHaveTextContent('This module is locked');
    expect(said()).toBe('Card 2 was not moved: This module is locked');
    expect(onChanged).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(within(cardEl(2)).getByTestId('board-move')));
  });

  test('Escape cancels; a drop in the same column saves nothing', async () => {
    const user = userEvent.setup();
    show();
    within(cardEl(1)).getByTestId('board-move').focus();
    await user.keyboard(' {ArrowRight}{Escape}');
    expect(said()).toBe('Move cancelled. Card 1 stays in Not Started.');
    expect(idsIn('NOT_STARTED')).toEqual([1]);
    await user.keyboard(' {ArrowLeft} ');
    expect(said()).toBe('Card 1 stays in Not Started');
    expect(saveField).not.toHaveBeenCalled();
  });
});

describe('Board: the pointer', () => {
  const press = (el, init) => fireEvent.pointerDown(el, { button: 0, pointerId: 1, pointerType: 'mouse', ...init });

  test('a drag to another column saves that status; the card follows the pointer; the click after it is eaten', async () => {
    saveField.mockResolvedValue({ item: {} });
    const onChanged = vi.fn();
    show({ onChanged });
    const target = column('COMPLETED');
    document.elementFromPoint = vi.fn(() => target);
    // jsdom lays nothing out: a wide box, so that the pointer is never near its edges
    screen.getByTestId('board-scroll').getBoundingClientRect = () => ({ left: 0, right: 2000, top: 0, bottom: 800, width: 2000, height: 800 });
    const el = cardEl(3);
    const link = within(el).getByRole('link');
    press(link, { clientX: 10, clientY: 10 });
    fireEvent.pointerMove(link, { clientX: 12, clientY: 11, pointerId: 1 }); // under 5 px: not yet
    expect(el).not.toHaveClass('board-card--dragging');
    fireEvent.pointerMove(link, { clientX: 300, clientY: 40, pointerId: 1 });
    expect(el).toHaveClass('board-card--dragging');
    expect(el.style.transform).toBe('translate(290px, 30px)');
    expect(target).toHaveClass('is-over');
    fireEvent.pointerUp(link, { clientX: 300, clientY: 40, pointerId: 1 });
    fireEvent.click(link);
    expect(screen.queryByText('Opened the card')).toBeNull();
    expect(saveField).toHaveBeenCalledWith('/api/deliverable/edit/3/103', 'status', 'COMPLETED', undefined);
    expect(idsIn('COMPLETED')).toEqual([3, 5]);
    expect(target).not.toHaveClass('is-over');
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  test('a drop on No status or outside the board puts the card back', () => {
    show();
    document.elementFromPoint = vi.fn(() => column(''));
    const el = cardEl(1);
    press(el, { clientX: 0, clientY: 0 });
    fireEvent.pointerMove(el, { clientX: 50, clientY: 0 });
    fireEvent.pointerUp(el, { clientX: 50, clientY: 0 });
    expect(el.style.transform).toBe('');
    document.elementFromPoint = vi.fn(() => document.body);
    press(el, { clientX: 0, clientY: 0 });
    fireEvent.pointerMove(el, { clientX: 50, clientY: 0 });
    fireEvent.pointerUp(el, { clientX: 50, clientY: 0 });
    expect(saveField).not.toHaveBeenCalled();
    expect(idsIn('NOT_STARTED')).toEqual([1]);
  });

  test('a click without moving follows the link; a card that cannot move is not lifted', () => {
    show();
    document.elementFromPoint = vi.fn(() => column('BLOCKED'));
    const locked = cardEl(5);
    press(locked, { clientX: 0, clientY: 0 });
    fireEvent.pointerMove(locked, { clientX: 80, clientY: 0 });
    expect(locked).not.toHaveClass('board-card--dragging');
    fireEvent.pointerUp(locked, { clientX: 80, clientY: 0 });
    const link = within(cardEl(1)).getByRole('link');
    press(link, { clientX: 0, clientY: 0 });
    fireEvent.pointerUp(link, { clientX: 0, clientY: 0 });
    fireEvent.click(link);
    expect(screen.getByText('Opened the card')).toBeInTheDocument();
    expect(saveField).not.toHaveBeenCalled();
  });

  test('touch: a move before the long press scrolls; after it, the card is lifted', async () => {
    vi.useFakeTimers();
    try {
      saveField.mockResolvedValue({ item: {} });
      show();
      document.elementFromPoint = vi.fn(() => column('BLOCKED'));
      const el = cardEl(1);
      press(el, { clientX: 0, clientY: 0, pointerType: 'touch' });
      fireEvent.pointerMove(el, { clientX: 0, clientY: 30, pointerType: 'touch' });
      act(() => vi.advanceTimersByTime(300));
      expect(el).not.toHaveClass('board-card--dragging');
      fireEvent.pointerUp(el, { clientX: 0, clientY: 30 });
      press(el, { clientX: 0, clientY: 0, pointerType: 'touch' });
      act(() => vi.advanceTimersByTime(300));
      expect(el).toHaveClass('board-card--dragging');
      fireEvent.pointerMove(el, { clientX: 200, clientY: 0, pointerType: 'touch' });
      fireEvent.pointerUp(el, { clientX: 200, clientY: 0 });
      expect(saveField).toHaveBeenCalledWith('/api/deliverable/edit/1/101', 'status', 'BLOCKED', undefined);
      await act(async () => {}); // the save's answer
    } finally {
      vi.runOnlyPendingTimers();
      vi.useRealTimers();
    }
  });

  test('Escape during a drag puts the card back', () => {
    show();
    document.elementFromPoint = vi.fn(() => column('BLOCKED'));
    const el = cardEl(1);
    press(el, { clientX: 0, clientY: 0 });
    fireEvent.pointerMove(el, { clientX: 90, clientY: 0 });
    fireEvent.keyDown(el, { key: 'Escape' });
    expect(el.style.transform).toBe('');
    fireEvent.pointerUp(el, { clientX: 90, clientY: 0 });
    expect(saveField).not.toHaveBeenCalled();
  });
});

describe('Board: swimlanes', () => {
  test('by owner: a lane per owner by name, No owner last; the columns in each', async () => {
    const user = userEvent.setup();
    const onLanesChange = vi.fn();
    show({ onLanesChange });
    const select = screen.getByRole('combobox', { name: 'Swimlanes' });
    await user.selectOptions(select, 'owner');
    expect(onLanesChange).toHaveBeenCalledWith('owner');
    const lanes = screen.getAllByTestId('board-lane');
    expect(lanes.map((l) => l.getAttribute('aria-label'))).toEqual(['Ada Lovelace', 'Bob Builder', 'No owner']);
    expect(idsIn('IN_PROGRESS', lanes[0])).toEqual([2]);
    expect(idsIn('COMPLETED', lanes[0])).toEqual([5]);
    expect(idsIn('IN_PROGRESS', lanes[2])).toEqual([3]);
    expect(idsIn('', lanes[2])).toEqual([4]);
    expect(column('BLOCKED', lanes[1])).toHaveAttribute('aria-label', 'Blocked, Bob Builder');
    // the column counts stay the whole column's
    expect(within(head('IN_PROGRESS')).getByTestId('board-count')).toHaveTextContent('2');
  });

  test('controlled: the page\'s choice, by parent', () => {
    show({ lanes: 'parent', rows: [...ROWS, card(9, 'BLOCKED', { parentId: 999 })] });
    expect(screen.getAllByTestId('board-lane').map((l) => l.getAttribute('aria-label'))).toEqual(['Top level', 'Design']);
    expect(screen.getByRole('combobox', { name: 'Swimlanes' })).toHaveValue('parent');
  });

  test('by a picklist field: its options from the server, its values when chosen', async () => {
    api.get.mockImplementation((url) => Promise.resolve({
      data: url.includes('?field=')
        ? { field: { id: 3, name: 'Team', options: ['Front', 'Back'] }, values: { 1: 'Back', 2: 'Front', 3: 'Back' } }
        : { fields: [{ id: 3, name: 'Team', options: ['Front', 'Back'] }] },
    }));
    const user = userEvent.setup();
    show({ laneModuleId: 42 });
    const select = screen.getByRole('combobox', { name: 'Swimlanes' });
    await screen.findByRole('option', { name: 'By Team' });
    expect(api.get).toHaveBeenCalledWith('/api/board/lanes/42');
    await user.selectOptions(select, 'field:3');
    await waitFor(() => expect(screen.getAllByTestId('board-lane').map((l) => l.getAttribute('aria-label'))).toEqual(['Front', 'Back', 'No value']));
    expect(api.get).toHaveBeenCalledWith('/api/board/lanes/42?field=3');
    expect(idsIn('NOT_STARTED', screen.getAllByTestId('board-lane')[1])).toEqual([1]);
  });

  test('when the fields cannot be read, only the plain choices show', async () => {
    api.get.mockRejectedValue({ response: { status: 500, data: { error: 'down' } } });
    show({ laneModuleId: 42 });
    await waitFor(() => expect(api.get).toHaveBeenCalled());
    const options = within(screen.getByRole('combobox', { name: 'Swimlanes' })).getAllByRole('option');
    expect(options.map((o) => o.value)).toEqual(['none', 'owner', 'parent']);
  });
});

describe('Board: quick add', () => {
  const addLink = { url: '/api/module/add/1/task', method: 'POST', label: 'Add Task' };

  test('Enter makes the card, then gives it the column\'s status through its Add Status form', async () => {
    const user = userEvent.setup();
    saveField.mockResolvedValueOnce({ item: { id: 99, deliverable: null, links: { add_deliverable: { url: '/api/deliverable/add/99' } } } })
      .mockResolvedValueOnce({ item: {} });
    const onChanged = vi.fn();
    show({ addLink, onChanged });
    await user.click(within(head('IN_PROGRESS')).getByRole('button', { name: 'Add a card to In Progress' }));
    const input = screen.getByRole('textbox', { name: 'Name of the new card in In Progress' });
    expect(input).toHaveFocus();
    await user.type(input, 'Fresh card{Enter}');
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(saveField.mock.calls).toEqual([
      ['/api/module/add/1/task', 'name', 'Fresh card'],
      ['/api/deliverable/add/99', 'status', 'IN_PROGRESS'],
    ]);
    expect(input).toHaveValue('');
  });

  test('a new card with a deliverable takes the status through its edit form; No status makes the card only', async () => {
    const user = userEvent.setup();
    saveField.mockResolvedValueOnce({ item: { id: 98, deliverable: { status: { name: 'NOT_STARTED' }, links: { edit: { url: '/api/deliverable/edit/98/7' } } }, links: {} } })
      .mockResolvedValueOnce({ item: {} })
      .mockResolvedValueOnce({ item: { id: 97, deliverable: null, links: {} } });
    show({ addLink });
    await user.click(within(head('BLOCKED')).getByTestId('board-add'));
    await user.type(screen.getByTestId('board-add-input'), 'Stuck{Enter}');
    await waitFor(() => expect(saveField).toHaveBeenCalledTimes(2));
    expect(saveField.mock.calls[1]).toEqual(['/api/deliverable/edit/98/7', 'status', 'BLOCKED']);
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('board-add-input')).toBeNull();
    await user.click(within(head('')).getByTestId('board-add'));
    await user.type(screen.getByTestId('board-add-input'), 'Loose{Enter}');
    await waitFor(() => expect(saveField).toHaveBeenCalledTimes(3));
    expect(saveField.mock.calls[2]).toEqual(['/api/module/add/1/task', 'name', 'Loose']);
  });

  test('a refusal shows inline and keeps the name', async () => {
    const user = userEvent.setup();
    saveField.mockRejectedValue(new Error('The name is too long'));
    show({ addLink });
    await user.click(within(head('NOT_STARTED')).getByTestId('board-add'));
    await user.type(screen.getByTestId('board-add-input'), 'x{Enter}');
    expect(await screen.findByTestId('board-add-error')).toHaveTextContent('The name is too long');
    expect(screen.getByTestId('board-add-error')).toHaveAttribute('role', 'alert');
    expect(screen.getByTestId('board-add-input')).toHaveValue('x');
  });
});
