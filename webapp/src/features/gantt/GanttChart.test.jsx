import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
// The app's English is British English (lib/momentLocale.js): weeks from Monday. Defining the locale selects it.

vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn() } };
});

// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import GanttChart, { ROW_HEIGHT } from './GanttChart.jsx';

const today = new Date(2026, 5, 15, 9, 0); // the window: 9 June to 10 July, 32 days
const link = (name, id) => ({ route: `deliverable.${name}`, url: `/api/deliverable/${name.replace(/_/g, '-')}/${id}/${id + 1000}`, label: name, access: 'edit', operation: 'POST' });
const row = (i, { editable = true } = {}) => ({
  id: i + 1,
  name: `Task ${i}`,
  deliverable: {
    id: i + 1001, status: { name: 'IN_PROGRESS', label: 'In Progress' }, ownerId: 5, ownerName: 'Olga Owner', ownerAvatar: null,
    startDate: '2026-06-10', deadline: '2026-06-20', commencedDate: null, completionDate: null,
    links: editable ? { edit_start_date: link('edit_start_date', i + 1), edit_deadline: link('edit_deadline', i + 1) } : {},
  },
});
const many = (n, opts) => Array.from({ length: n }, (_, i) => row(i, opts));
const form = (field, value) => ({
  method: 'PUT',
  action: `/api/deliverable/${field}/1/1001`,
  elements: [
    { name: field === 'edit-deadline' ? 'deadline' : 'startDate', type: 'date', value },
    { name: '_token', type: 'hidden', value: 'tok' },
    { name: '_version', type: 'hidden', value: '4' },
  ],
});

function show(modules, props = {}) {
  return render(<MemoryRouter><GanttChart modules={modules} today={today} fit={false} linkOf={(m) => `/t/${m.id}`} {...props} /></MemoryRouter>);
}

let rect;
beforeEach(() => {
  api.get.mockReset();
  api.post.mockReset();
  // jsdom lays nothing out: every track is 640 px wide (20 px a day).
  rect = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width: 640, height: 40, left: 0, top: 0, right: 640, bottom: 40, x: 0, y: 0 });
});
afterEach(() => rect.mockRestore());

describe('GanttChart', () => {
  test('2,000 rows: only those in view and the overscan are rendered; the body keeps the full height', () => {
    show(many(2000));
    const rows = screen.getAllByTestId('gantt-row');
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]).toHaveTextContent('Task 0');
    expect(screen.getByTestId('gantt-scroll').querySelector('.gantt__body').style.height).toBe(`${2000 * ROW_HEIGHT}px`);
    // One header cell per day and one grid column per day for the whole chart, not per row.
    expect(document.querySelectorAll('.gantt__col')).toHaveLength(32);
    expect(document.querySelectorAll('.gantt__gridcol')).toHaveLength(32);
  });

  test('scrolled to the bottom, the last rows are rendered at their place', () => {
    show(many(2000));
    const box = screen.getByTestId('gantt-scroll');
    Object.defineProperty(box, 'scrollTop', { configurable: true, value: 2000 * ROW_HEIGHT - 600 });
    fireEvent.scroll(box);
    const rows = screen.getAllByTestId('gantt-row');
    expect(rows.length).toBeLessThan(40);
    const last = rows[rows.length - 1];
    expect(last).toHaveTextContent('Task 1999');
    expect(last.style.top).toBe(`${1999 * ROW_HEIGHT}px`);
    expect(screen.queryByText('Task 0')).toBeNull();
  });

  test('bars, markers, avatar and the zoom', () => {
    show([row(0)]);
    const bar = screen.getByRole('button', { name: /Task 0: 10th Jun 2026 to 20th Jun 2026, In Progress/ });
    expect(bar.style.left).toBe(`${(1 / 32) * 100}%`);
    expect(bar.style.width).toBe(`${(11 / 32) * 100}%`);
    expect(bar.style.background).toBe('rgb(11, 114, 133)'); // In Progress: cyan, dark enough for white text (lib/format statusStyle)
    expect(document.querySelectorAll('[data-marker]')).toHaveLength(2);
    expect(screen.getByTestId('avatar')).toHaveAttribute('title', 'Olga Owner');
    expect(screen.getByTestId('gantt-today')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('gantt-zoom-months'));
    expect(document.querySelectorAll('.gantt__col')).toHaveLength(12);
    expect(screen.getByTestId('gantt-back')).toHaveTextContent('‹ Quarter');
    fireEvent.click(screen.getByTestId('gantt-zoom-weeks'));
    expect(document.querySelectorAll('.gantt__col')).toHaveLength(16);
    fireEvent.click(screen.getByTestId('gantt-zoom-days'));
    expect(screen.getByTestId('gantt-back')).toHaveTextContent('‹ Week');
    expect(screen.getByTestId('gantt-range')).toHaveTextContent('9th Jun 2026 – 10th Jul 2026');
  });

  test('dragging a bar later saves the deadline first, then the start date, through the forms', async () => {
    api.get.mockImplementation((url) => Promise.resolve({ data: form(url.includes('deadline') ? 'edit-deadline' : 'edit-start-date', 'x') }));
    api.post.mockResolvedValueOnce({ data: { item: { startDate: '2026-06-10', deadline: '2026-06-23' } } })
      .mockResolvedValueOnce({ data: { item: { startDate: '2026-06-13', deadline: '2026-06-23' } } });
    const onChanged = vi.fn();
    show([row(0)], { onChanged });
    const bar = screen.getByTestId('gantt-bar');
    fireEvent.pointerDown(bar, { button: 0, clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(bar, { clientX: 160, pointerId: 1 }); // 3 days
    expect(bar.getAttribute('aria-label')).toMatch(/13th Jun 2026 to 23rd Jun 2026/);
    fireEvent.pointerUp(bar, { clientX: 160, pointerId: 1 });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(api.get.mock.calls.map((c) => c[0])).toEqual(['/api/deliverable/edit-deadline/1/1001', '/api/deliverable/edit-start-date/1/1001']);
    const [action, fd] = api.post.mock.calls[0];
    expect(action).toBe('/api/deliverable/edit-deadline/1/1001');
    expect([fd.get('deadline'), fd.get('_method'), fd.get('_token'), fd.get('_version')]).toEqual(['2026-06-23', 'PUT', 'tok', '4']);
    expect(api.post.mock.calls[1][1].get('startDate')).toBe('2026-06-13');
    expect(screen.getByTestId('gantt-bar').getAttribute('aria-label')).toMatch(/13th Jun 2026 to 23rd Jun 2026/);
  });

  test('a failed save shows the server\'s error and puts the bar back', async () => {
    api.get.mockResolvedValue({ data: form('edit-deadline', '2026-06-20') });
    api.post.mockRejectedValue({ response: { status: 409, data: { error: 'Someone changed this item meanwhile' } } });
    const onChanged = vi.fn();
    show([row(0)], { onChanged });
    const bar = screen.getByTestId('gantt-bar');
    const end = bar.querySelector('[data-edge=end]');
    fireEvent.pointerDown(end, { button: 0, clientX: 300, pointerId: 1 });
    fireEvent.pointerMove(bar, { clientX: 340, pointerId: 1 });
    fireEvent.pointerUp(bar, { clientX: 340, pointerId: 1 });
    expect(await screen.findByTestId('gantt-error')).toHaveTextContent('Someone changed this item meanwhile');
    expect(api.post.mock.calls[0][1].get('deadline')).toBe('2026-06-22');
    expect(screen.getByTestId('gantt-bar').getAttribute('aria-label')).toMatch(/10th Jun 2026 to 20th Jun 2026/);
    expect(onChanged).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('gantt-error-ok'));
    expect(screen.queryByTestId('gantt-error')).toBeNull();
  });

  test('when the second of two dates fails, the bar shows what the server kept and the rows are reloaded', async () => {
    api.get.mockImplementation((url) => Promise.resolve({ data: form(url.includes('deadline') ? 'edit-deadline' : 'edit-start-date', 'x') }));
    api.post.mockResolvedValueOnce({ data: { item: { startDate: '2026-06-10', deadline: '2026-06-22' } } })
      .mockRejectedValueOnce({ message: 'Network Error' });
    const onChanged = vi.fn();
    show([row(0)], { onChanged });
    const bar = screen.getByTestId('gantt-bar');
    fireEvent.pointerDown(bar, { button: 0, clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(bar, { clientX: 140, pointerId: 1 });
    fireEvent.pointerUp(bar, { clientX: 140, pointerId: 1 });
    expect(await screen.findByTestId('gantt-error')).toHaveTextContent('Network Error');
    expect(screen.getByTestId('gantt-bar').getAttribute('aria-label')).toMatch(/10th Jun 2026 to 22nd Jun 2026/);
    expect(onChanged).toHaveBeenCalled();
  });

  test('a 422 says what is wrong with the date', async () => {
    api.get.mockResolvedValue({ data: form('edit-start-date', '2026-06-10') });
    api.post.mockRejectedValue({ response: { status: 422, data: { error: 'The form has errors', errors: { deadline: ['The deadline cannot be before the start date'] } } } });
    show([row(0)]);
    fireEvent.keyDown(screen.getByTestId('gantt-bar'), { key: 'ArrowLeft', altKey: true });
    expect(await screen.findByTestId('gantt-error')).toHaveTextContent('The form has errors: The deadline cannot be before the start date');
    expect(api.post.mock.calls[0][1].get('startDate')).toBe('2026-06-09');
  });

  test('arrow keys move the bar by a day; Shift moves the deadline', async () => {
    api.get.mockImplementation((url) => Promise.resolve({ data: form(url.includes('deadline') ? 'edit-deadline' : 'edit-start-date', 'x') }));
    api.post.mockResolvedValue({ data: { item: { startDate: '2026-06-10', deadline: '2026-06-21' } } });
    show([row(0)]);
    fireEvent.keyDown(screen.getByTestId('gantt-bar'), { key: 'ArrowRight', shiftKey: true });
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post.mock.calls[0][1].get('deadline')).toBe('2026-06-21');
  });

  test('without the edit links the bar is a picture: nothing drags, nothing is saved', () => {
    show([row(0, { editable: false })]);
    expect(screen.queryByRole('button', { name: /Task 0/ })).toBeNull();
    const bar = screen.getByRole('img', { name: /Task 0: 10th Jun 2026 to 20th Jun 2026/ });
    fireEvent.pointerDown(bar, { button: 0, clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(bar, { clientX: 200, pointerId: 1 });
    fireEvent.pointerUp(bar, { clientX: 200, pointerId: 1 });
    fireEvent.keyDown(bar, { key: 'ArrowRight' });
    expect(api.get).not.toHaveBeenCalled();
    expect(within(screen.getByTestId('gantt')).queryByText(/Drag a bar/)).toBeNull();
  });

  describe('a subtree', () => {
    const dated = (id, name, parentId, depth, startDate, deadline) => ({
      id, name, parentId, depth,
      deliverable: startDate ? { id: id + 1000, status: { name: 'IN_PROGRESS', label: 'In Progress' }, ownerName: null, startDate, deadline, links: {} } : null,
    });
    // Phase (2, no dates of its own) > Task (3) > Sub (4); a second phase (5) far later.
    const tree = [
      dated(2, 'Phase 0 – Preliminary diagnosis of the whole block', 1, 0, null),
      dated(3, 'Task', 2, 1, '2026-01-05', '2026-01-20'),
      dated(4, 'Sub', 3, 2, '2026-01-10', '2026-02-27'),
      dated(5, 'Phase IV', 1, 0, '2026-09-01', '2027-02-12'),
    ];
    const fitted = (props) => render(<MemoryRouter><GanttChart modules={tree} today={today} linkOf={(m) => `/t/${m.id}`} {...props} /></MemoryRouter>);

    test('opens fitted to every date below (months here, Phase 0 in view); Fit brings that window back', () => {
      fitted();
      expect(screen.getByTestId('gantt-zoom-months')).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByTestId('gantt-range')).toHaveTextContent('1st Jan 2026 – 28th Feb 2027');
      fireEvent.click(screen.getByTestId('gantt-today-btn'));
      expect(screen.getByTestId('gantt-range')).toHaveTextContent('1st May 2026 – 30th Apr 2027');
      fireEvent.click(screen.getByTestId('gantt-fit'));
      expect(screen.getByTestId('gantt-range')).toHaveTextContent('1st Jan 2026 – 28th Feb 2027');
    });

    test('parents fold and unfold; their summary bar spans the dates below; names indented, whole on hover', () => {
      fitted();
      const ids = () => screen.getAllByTestId('gantt-row').map((r) => r.dataset.id);
      expect(ids()).toEqual(['2', '3', '4', '5']);
      const phase = screen.getAllByTestId('gantt-row')[0];
      const summary = within(phase).getByTestId('gantt-summary');
      expect(summary).toHaveAttribute('aria-label', expect.stringContaining('the items below run from 5th Jan 2026 to 27th Feb 2026'));
      expect(within(screen.getAllByTestId('gantt-row')[1]).getByTestId('gantt-summary')).toBeInTheDocument(); // Task over Sub
      expect(within(screen.getAllByTestId('gantt-row')[3]).queryByTestId('gantt-summary')).toBeNull(); // nothing below
      const link = within(phase).getByRole('link');
      expect(link).toHaveAttribute('title', 'Phase 0 – Preliminary diagnosis of the whole block');
      expect(link).toHaveTextContent('Phase 0 – Preliminary diagnosis of the whole block'); // cut by the column's width only
      expect(screen.getAllByTestId('gantt-row')[2].querySelector('.gantt__label').style.paddingLeft).toBe('42px');
      const fold = within(phase).getByRole('button', { name: 'Collapse Phase 0 – Preliminary diagnosis of the whole block' });
      expect(fold).toHaveAttribute('aria-expanded', 'true');
      fireEvent.click(fold);
      expect(ids()).toEqual(['2', '5']);
      expect(fold).toHaveAttribute('aria-expanded', 'false');
      expect(screen.getByTestId('gantt-scroll').querySelector('.gantt__body').style.height).toBe(`${2 * ROW_HEIGHT}px`);
      fireEvent.click(screen.getByRole('button', { name: /^Expand Phase 0/ }));
      expect(ids()).toEqual(['2', '3', '4', '5']);
    });

    test('the name column is resized by its separator: dragged, or with the arrow keys, within bounds', () => {
      fitted();
      const gantt = screen.getByTestId('gantt');
      const handle = screen.getByRole('separator', { name: 'Resize the name column' });
      expect(handle).toHaveAttribute('aria-valuenow', '280');
      fireEvent.pointerDown(handle, { clientX: 500, pointerId: 1 });
      fireEvent.pointerMove(handle, { clientX: 560, pointerId: 1 });
      fireEvent.pointerUp(handle, { clientX: 560, pointerId: 1 });
      expect(handle).toHaveAttribute('aria-valuenow', '340');
      expect(gantt.style.getPropertyValue('--gantt-label')).toBe('340px');
      fireEvent.pointerMove(handle, { clientX: 900, pointerId: 1 }); // released: no more change
      expect(handle).toHaveAttribute('aria-valuenow', '340');
      fireEvent.keyDown(handle, { key: 'ArrowLeft' });
      expect(handle).toHaveAttribute('aria-valuenow', '330');
      fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
      expect(handle).toHaveAttribute('aria-valuenow', '370');
      fireEvent.keyDown(handle, { key: 'Home' });
      expect(handle).toHaveAttribute('aria-valuenow', '120');
      fireEvent.keyDown(handle, { key: 'ArrowLeft' });
      expect(handle).toHaveAttribute('aria-valuenow', '120');
      fireEvent.keyDown(handle, { key: 'End' });
      expect(handle).toHaveAttribute('aria-valuenow', '520');
    });

    test('without any date: around today, and nothing to fit', () => {
      fitted({ modules: [dated(2, 'Bare', 1, 0, null)] });
      expect(screen.getByTestId('gantt-range')).toHaveTextContent('9th Jun 2026 – 10th Jul 2026');
      expect(screen.getByTestId('gantt-fit')).toBeDisabled();
    });
  });
});

describe('relations on the Gantt (issue 42)', () => {
  test('an arrow per relation between rows in view, from the predecessor to the successor; none for relates to', () => {
    const rows = many(300);
    const relations = [
      { id: 1, fromId: 1, toId: 2, kind: 'FS', lag: 0 }, { id: 2, fromId: 2, toId: 3, kind: 'BLOCKS', lag: 0 },
      { id: 3, fromId: 1, toId: 3, kind: 'RELATES', lag: 0 }, { id: 4, fromId: 299, toId: 300, kind: 'SS', lag: 0 },
    ];
    show(rows, { relations });
    const drawn = screen.getAllByTestId('gantt-link');
    expect(drawn.map((p) => p.getAttribute('data-kind'))).toEqual(['FS', 'BLOCKS']); // rows 299-300 are not in view
    expect(drawn[0].getAttribute('d')).toMatch(new RegExp(`^M[\\d.]+ ${ROW_HEIGHT / 2}H`));
    expect(screen.getByTestId('gantt-links')).toHaveAttribute('aria-hidden', 'true');
  });

  test('no layer without relations', () => {
    show(many(3));
    expect(screen.queryByTestId('gantt-links')).toBeNull();
  });

  test('printed, every row is on paper; back on screen, the rows in view', () => {
    show(many(2000));
    const onScreen = screen.getAllByTestId('gantt-row').length;
    act(() => { window.dispatchEvent(new Event('beforeprint')); });
    expect(screen.getAllByTestId('gantt-row')).toHaveLength(2000);
    act(() => { window.dispatchEvent(new Event('afterprint')); });
    expect(screen.getAllByTestId('gantt-row')).toHaveLength(onScreen);
  }, 30000); // 2,000 rows rendered for print: seconds of jsdom, more on a loaded machine

  describe('planning (issue 42)', () => {
    const planned = () => {
      const rows = many(3);
      rows[0] = { ...rows[0], float: 0, critical: true };
      rows[1] = { ...rows[1], float: 4, critical: false,
        deliverable: { ...rows[1].deliverable, links: { ...rows[1].deliverable.links, edit_dates: link('edit_dates', 2), preview_move: link('preview_move', 2) } } };
      rows[2] = { ...rows[2], float: 0, critical: true, deliverable: { ...rows[2].deliverable, milestone: true, startDate: '2026-06-25', deadline: '2026-06-25' } };
      return rows;
    };
    const relations = [{ id: 9, fromId: 2, toId: 3, kind: 'FS', lag: 0, critical: false, violated: true }];

    test('critical bars are ringed, a milestone is a diamond, the float is told, and "Critical only" filters', () => {
      show(planned(), { relations });
      const bars = screen.getAllByTestId('gantt-bar');
      expect(bars.map((b) => b.dataset.critical || '')).toEqual(['true', '', 'true']);
      expect(bars[2].dataset.milestone).toBe('true');
      expect(bars[0].getAttribute('aria-label')).toMatch(/on the critical path$/);
      expect(bars[1].getAttribute('aria-label')).toMatch(/may slip 4 working days$/);
      expect(bars[2].getAttribute('aria-label')).toMatch(/^Task 2: milestone on 25th Jun 2026/);
      expect(document.querySelector('[data-testid=gantt-link]').dataset.violated).toBe('true');
      fireEvent.click(screen.getByTestId('gantt-critical'));
      expect(screen.getByTestId('gantt-critical').getAttribute('aria-pressed')).toBe('true');
      expect(screen.getAllByTestId('gantt-row').map((r) => r.dataset.id)).toEqual(['1', '3']);
    });

    test('project months beside the dates where the portal shows them', () => {
      show(planned(), { planning: { projectMonths: true, projectStart: '2026-01-15', holidays: [] } });
      expect(screen.getAllByTestId('gantt-bar')[0].getAttribute('aria-label'))
        .toMatch(/^Task 0: 10th Jun 2026 \(M5\) to 20th Jun 2026 \(M6\)/);
    });

    test('a drag shows where what follows would go, then saves both dates in one write and says what moved', async () => {
      api.get.mockResolvedValue({ data: { method: 'PUT', action: '/api/deliverable/edit-dates/2/1002', elements: [
        { name: 'startDate', type: 'date', value: '2026-06-10' }, { name: 'deadline', type: 'date', value: '2026-06-20' },
        { name: '_token', type: 'hidden', value: 'tok' }] } });
      api.post.mockImplementation((url) => Promise.resolve({ data: url.includes('preview')
        ? { moved: [{ id: 3, startDate: '2026-06-29', deadline: '2026-06-29' }], flagged: [] }
        : { item: { startDate: '2026-06-12', deadline: '2026-06-22' }, schedule: { moved: [{ id: 3 }], flagged: [] } } }));
      show(planned(), { relations });
      const bar = screen.getAllByTestId('gantt-bar')[1];
      fireEvent.pointerDown(bar, { button: 0, clientX: 100, pointerId: 1 });
      fireEvent.pointerMove(bar, { clientX: 140, pointerId: 1 });
      await screen.findByTestId('gantt-ghost');
      expect(api.post.mock.calls[0]).toEqual(['/api/deliverable/preview-move/2/1002', { startDate: '2026-06-12', deadline: '2026-06-22' },
        expect.anything()]);
      fireEvent.pointerUp(bar, { clientX: 140, pointerId: 1 });
      await waitFor(() => expect(api.post).toHaveBeenCalledTimes(2));
      const sent = api.post.mock.calls[1][1];
      expect([sent.get('startDate'), sent.get('deadline')]).toEqual(['2026-06-12', '2026-06-22']);
      await waitFor(() => expect(screen.queryByTestId('gantt-ghost')).toBeNull());
    });
  });
});
