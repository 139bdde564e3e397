import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';

vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn() } };
});

// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import { STALE_TEXT } from '../../hooks/useInPlace.js';
// eslint-disable-next-line import/first
import DeliverableStrip from './DeliverableStrip.jsx';
// eslint-disable-next-line import/first
import ModuleStatus from './ModuleStatus.jsx';
// eslint-disable-next-line import/first
import PropertiesPanel from './PropertiesPanel.jsx';

const link = (url) => ({ url, method: 'GET' });
const FORM = (name, value, options) => ({
  method: 'PUT', action: `/api/deliverable/x/${name}`,
  elements: [{ name, type: options ? 'select' : 'date', value, options }, { name: '_version', type: 'hidden', value: '4' }],
});
const module = (d) => ({ id: 5, links: {}, deliverable: { id: 9, version: 3, status: { name: 'NOT_STARTED', label: 'Not Started' }, deadline: '2027-06-30', ownerId: null, ownerName: null, ...d } });
const deferred = () => {
  let resolve;
  let reject;
  const promise = new Promise((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
};

afterEach(() => { api.get.mockReset(); api.post.mockReset(); });

describe('ModuleStatus: the status in place', () => {
  test('two clicks: the menu, then a status shown at once; saved with the version the page showed', async () => {
    const onChanged = vi.fn();
    api.get.mockResolvedValue({ data: FORM('status', 'NOT_STARTED', [{ value: 'NOT_STARTED', label: 'Not Started' }, { value: 'BLOCKED', label: 'Blocked' }]) });
    const answer = deferred();
    api.post.mockReturnValue(answer.promise);
    render(<ModuleStatus module={module({ links: { edit: link('/api/deliverable/edit/5/9') } })} onChanged={onChanged} />);
    fireEvent.click(screen.getByRole('button', { name: 'Status: Not Started' }));
    const blocked = screen.getByRole('menuitemradio', { name: 'Blocked' });
    expect(screen.getByRole('menuitemradio', { name: 'Not Started' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(blocked);
    expect(screen.getByTestId('status-badge')).toHaveAttribute('data-status', 'BLOCKED'); // before the server answers
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(api.post).toHaveBeenCalled());
    expect(api.post.mock.calls[0][1].get('_version')).toBe('3');
    await act(async () => answer.resolve({ data: { item: { id: 9, version: 4 } } }));
    expect(onChanged).toHaveBeenCalledWith({ id: 9, version: 4 });
  });

  test('a refusal rolls back with the server\'s message; a 409 says someone else changed it and reads again', async () => {
    const onChanged = vi.fn();
    api.get.mockResolvedValue({ data: FORM('status', 'NOT_STARTED', [{ value: 'BLOCKED', label: 'Blocked' }]) });
    api.post.mockRejectedValueOnce({ response: { status: 403, data: { error: 'You may not change this' } } });
    render(<ModuleStatus module={module({ links: { edit: link('/e') } })} onChanged={onChanged} />);
    fireEvent.click(screen.getByTestId('status-badge'));
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Blocked' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not change this');
    expect(screen.getByTestId('status-badge')).toHaveAttribute('data-status', 'NOT_STARTED');
    expect(onChanged).not.toHaveBeenCalled();
    api.post.mockRejectedValueOnce({ response: { status: 409, data: { error: 'changed' } } });
    fireEvent.click(screen.getByTestId('status-badge'));
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Blocked' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(STALE_TEXT));
    expect(onChanged).toHaveBeenCalledWith();
  });

  test('without an edit link the badge is plain; without a deliverable, Add Status when allowed', () => {
    const { rerender } = render(<ModuleStatus module={module()} onChanged={vi.fn()} />);
    expect(screen.getByTestId('status-badge').tagName).toBe('SPAN');
    rerender(<ModuleStatus module={{ id: 5, links: { add_deliverable: link('/a') } }} onChanged={vi.fn()} onAdd={vi.fn()} />);
    expect(screen.getByTestId('add-status')).toHaveTextContent('Add Status');
  });
});

describe('DeliverableStrip: dates and owner in place', () => {
  test('a date: the input, Enter saves and shows at once; a 422 rolls back with its message on the control', async () => {
    api.get.mockResolvedValue({ data: FORM('deadline', '2027-06-30') });
    api.post.mockRejectedValue({ response: { status: 422, data: { error: 'The form has errors', errors: { deadline: ['The deadline cannot be before the start date'] } } } });
    render(<DeliverableStrip module={module({ links: { edit_deadline: link('/d') } })} onChanged={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: /^Deadline: 30th Jun 2027/ }));
    const input = screen.getByLabelText('Deadline');
    fireEvent.change(input, { target: { value: '2020-01-01' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.blur(input);
    expect(screen.getByText('1st Jan 2020')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('The deadline cannot be before the start date');
    expect(screen.getByText('30th Jun 2027')).toBeInTheDocument();
  });

  test('Escape leaves a date as it was, sending nothing', () => {
    render(<DeliverableStrip module={module({ links: { edit_deadline: link('/d') } })} onChanged={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: /^Deadline: / }));
    fireEvent.keyDown(screen.getByLabelText('Deadline'), { key: 'Escape' });
    expect(screen.getByText('30th Jun 2027')).toBeInTheDocument();
    expect(api.get).not.toHaveBeenCalled();
  });

  test("the owner: the server form's people in a select; the pick shows by name at once", async () => {
    api.get.mockResolvedValue({ data: FORM('ownerId', '', [{ value: '', label: '' }, { value: 3, label: 'Sofia Marques' }]) });
    api.post.mockReturnValue(new Promise(() => {}));
    render(<DeliverableStrip module={module({ links: { edit_owner: link('/o') } })} onChanged={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Owner (Owner)' }));
    const select = await screen.findByLabelText('Owner');
    fireEvent.change(select, { target: { value: '3' } });
    expect(screen.getByRole('button', { name: 'Owner: Sofia Marques' })).toBeInTheDocument();
    await waitFor(() => expect(api.post.mock.calls[0][1].get('ownerId')).toBe('3'));
  });

  test('a viewer (no links) reads the values with no control', () => {
    render(<DeliverableStrip module={module()} onChanged={vi.fn()} />);
    expect(screen.getByText('30th Jun 2027')).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});

describe('PropertiesPanel: open beside the content on a wide screen, folded where room is short', () => {
  const at = (matches) => { window.matchMedia = () => ({ matches, addEventListener() {}, removeEventListener() {} }); };
  afterEach(() => { delete window.matchMedia; });
  const details = (container) => container.querySelector('[data-testid=properties] details');

  test('1,000 px and wider: open; narrower: folded but for the status', () => {
    at(true);
    const wide = render(<PropertiesPanel module={module()} />);
    expect(details(wide.container).open).toBe(true);
    wide.unmount();
    at(false);
    const narrow = render(<PropertiesPanel module={module()} />);
    expect(details(narrow.container).open).toBe(false);
    expect(screen.getByTestId('props-status')).toBeVisible();
  });

  test('compact (in the side peek, and on the page beside it): folded whatever the width', () => {
    at(true);
    const { container } = render(<PropertiesPanel module={module()} compact />);
    expect(details(container).open).toBe(false);
    expect(screen.getByTestId('props-status')).toBeVisible();
  });
});
