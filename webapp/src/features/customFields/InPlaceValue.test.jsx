import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';

vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn() } };
});

// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import InPlaceValue, { editsInPlace } from './InPlaceValue.jsx';

const link = { url: '/api/custom-value/edit/1', method: 'GET' };
afterEach(() => { api.get.mockReset(); api.post.mockReset(); });

describe('InPlaceValue', () => {
  test('which fields are edited in place: one value of a plain type, not a series or a many-option list', () => {
    expect(editsInPlace({ type: 'TEXT' })).toBe(true);
    expect(editsInPlace({ type: 'PICKLIST' })).toBe(true);
    expect(editsInPlace({ type: 'PICKLIST', multiple: true })).toBe(false);
    expect(editsInPlace({ type: 'DATED_NUMERIC' })).toBe(false);
  });

  test('a number typed in place shows with its symbol at once; a 422 rolls back with the message', async () => {
    api.get.mockResolvedValue({ data: { method: 'PUT', action: '/a', elements: [{ name: 'numval', type: 'text', value: '100' }] } });
    api.post.mockRejectedValue({ response: { status: 422, data: { error: 'x', errors: { numval: ['Not a valid number.'] } } } });
    const field = { type: 'NUMERIC', label: 'Budget', attribute: 'budget', symbol: '€', prefixSymbol: true };
    render(<InPlaceValue field={field} value={{ id: 1, values: { numval: 100 } }} link={link} />);
    fireEvent.click(screen.getByRole('button', { name: 'Budget: €100' }));
    const input = screen.getByLabelText('Budget');
    fireEvent.change(input, { target: { value: '2500' } });
    fireEvent.blur(input);
    expect(screen.getByRole('button', { name: 'Budget: €2,500' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Not a valid number.');
    expect(screen.getByRole('button', { name: 'Budget: €100' })).toBeInTheDocument();
  });

  test('a picklist picks among the server form\'s options, through the add form when there is no value', async () => {
    const onChanged = vi.fn();
    api.get.mockResolvedValue({ data: { method: 'POST', action: '/add', elements: [{ name: 'option', type: 'select', options: [{ value: 'A', label: 'A' }, { value: 'C', label: 'C' }] }] } });
    api.post.mockResolvedValue({ data: { item: { id: 4 } } });
    const field = { type: 'PICKLIST', label: 'Energy class', attribute: 'energy_class' };
    render(<InPlaceValue field={field} value={null} link={{ url: '/add-form', method: 'GET' }} onChanged={onChanged} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Energy class' }));
    fireEvent.change(await screen.findByLabelText('Energy class'), { target: { value: 'C' } });
    expect(screen.getByRole('button', { name: 'Energy class: C' })).toBeInTheDocument();
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(api.post.mock.calls[0][1].get('option')).toBe('C');
  });
});
