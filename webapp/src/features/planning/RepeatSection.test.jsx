import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';

vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn(), delete: vi.fn() } };
});

// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import RepeatSection from './RepeatSection.jsx';

const link = (url, operation = 'POST') => ({ url, route: 'x', label: 'x', access: 'edit', operation });
const moduleWith = (deliverable) => ({ id: 7, name: 'Progress meeting', deliverable });

describe('RepeatSection', () => {
  test('says how it repeats, and stops after asking', async () => {
    api.delete.mockResolvedValue({ data: { message: 'It repeats no more' } });
    const onChanged = vi.fn();
    render(<RepeatSection onChanged={onChanged} module={moduleWith({ recurrence: 'Every month on day 5',
      links: { edit_recurrence: link('/api/recurrence/edit/7'), stop_recurrence: link('/api/recurrence/stop/7', 'DELETE') } })} />);
    expect(screen.getByTestId('repeat-rule')).toHaveTextContent('Every month on day 5');
    expect(screen.getByTestId('repeat-edit')).toHaveTextContent('Change');
    fireEvent.click(screen.getByTestId('repeat-stop'));
    expect(screen.getByRole('dialog', { name: 'Stop Repeating' })).toHaveTextContent('Stop repeating this item?');
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(api.delete).toHaveBeenCalledWith('/api/recurrence/stop/7');
  });

  test('offers to repeat where the link allows, and nothing to a reader of an item that does not repeat', () => {
    const { rerender } = render(<RepeatSection onChanged={() => {}} module={moduleWith({ recurrence: null,
      links: { edit_recurrence: link('/api/recurrence/edit/7') } })} />);
    expect(screen.getByTestId('repeat-rule')).toHaveTextContent('Never');
    expect(screen.getByTestId('repeat-edit')).toHaveTextContent('Repeat…');
    expect(screen.queryByTestId('repeat-stop')).toBeNull();
    rerender(<RepeatSection onChanged={() => {}} module={moduleWith({ recurrence: null, links: {} })} />);
    expect(screen.queryByTestId('repeat-section')).toBeNull();
  });
});
