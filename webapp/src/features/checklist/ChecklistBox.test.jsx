import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn() } };
});

// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import ChecklistBox from './ChecklistBox.jsx';
// eslint-disable-next-line import/first
import { flippedOption } from './checklist.js';

const options = [{ value: 'not_completed', label: 'Not completed' }, { value: 'completed', label: 'Completed' }];
const toggle = { url: '/api/custom-field/value/add/6/1', operation: 'POST', label: 'Add value' };
const form = (method) => ({
  method,
  action: '/api/custom-field/value/add/6/1',
  elements: [
    { name: 'option', type: 'select', value: '', options: options.map((o) => ({ ...o, selected: false })) },
    { name: '_token', type: 'hidden', value: 'tok' },
  ],
});
const ticked = {
  id: 1, attribute: 'checklist_status', options,
  values: [{ id: 18, values: { stringval: 'completed' }, links: { edit: { url: '/api/custom-field/value/edit/6/18', operation: 'POST' } } }],
  links: {},
};

beforeEach(() => {
  api.get.mockReset();
  api.post.mockReset();
});

describe('checklist', () => {
  test('the flipped option: the other of the first two', () => {
    expect(flippedOption({ value: null, options })).toBe('completed');
    expect(flippedOption({ value: 'completed', options })).toBe('not_completed');
    expect(flippedOption({ value: 'not_completed', options: [] }, options)).toBe('completed');
  });

  test('a row ticks through its toggle link: form, then POST with _method, option and _token', async () => {
    api.get.mockResolvedValue({ data: form('POST') });
    api.post.mockResolvedValue({ data: { item: ticked } });
    const onChanged = vi.fn();
    const row = { id: 6, checklist: { fieldId: 1, valueId: null, value: null, completed: false, options, links: { toggle } } };
    render(<ChecklistBox module={row} onChanged={onChanged} />);
    const box = screen.getByTestId('checklist');
    expect(box).not.toBeChecked();
    fireEvent.click(box);
    await waitFor(() => expect(screen.getByTestId('checklist')).toBeChecked());
    expect(api.get).toHaveBeenCalledWith('/api/custom-field/value/add/6/1');
    const [action, fd] = api.post.mock.calls[0];
    expect(action).toBe('/api/custom-field/value/add/6/1');
    expect(fd.get('_method')).toBe('POST');
    expect(fd.get('option')).toBe('completed');
    expect(fd.get('_token')).toBe('tok');
    expect(onChanged).toHaveBeenCalled();

    // the next toggle follows the value's edit link the server answered with
    api.get.mockResolvedValue({ data: { ...form('PUT'), action: '/api/custom-field/value/edit/6/18' } });
    api.post.mockResolvedValue({ data: { item: { ...ticked, values: [{ ...ticked.values[0], values: { stringval: 'not_completed' } }] } } });
    fireEvent.click(screen.getByTestId('checklist'));
    await waitFor(() => expect(screen.getByTestId('checklist')).not.toBeChecked());
    expect(api.get).toHaveBeenLastCalledWith('/api/custom-field/value/edit/6/18');
    expect(api.post.mock.calls[1][1].get('_method')).toBe('PUT');
    expect(api.post.mock.calls[1][1].get('option')).toBe('not_completed');
  });

  test('without a toggle link the box is read-only; without a checklist there is none', () => {
    const { unmount } = render(<ChecklistBox module={{ id: 6, checklist: { completed: true, value: 'completed', options, links: {} } }} />);
    expect(screen.getByTestId('checklist')).toBeDisabled();
    expect(screen.getByTestId('checklist')).toBeChecked();
    unmount();
    render(<ChecklistBox module={{ id: 7, checklist: null }} />);
    expect(screen.queryByTestId('checklist')).toBeNull();
  });

  test('a full module ticks through its checklist_status field', async () => {
    api.get.mockResolvedValue({ data: { ...form('PUT'), action: '/api/custom-field/value/edit/6/18' } });
    api.post.mockResolvedValue({ data: { item: { ...ticked, values: [{ ...ticked.values[0], values: { stringval: 'not_completed' } }] } } });
    render(<ChecklistBox module={{ id: 6, customFields: [ticked] }} />);
    expect(screen.getByTestId('checklist')).toBeChecked();
    fireEvent.click(screen.getByTestId('checklist'));
    await waitFor(() => expect(screen.getByTestId('checklist')).not.toBeChecked());
    expect(api.get).toHaveBeenCalledWith('/api/custom-field/value/edit/6/18');
  });
});
