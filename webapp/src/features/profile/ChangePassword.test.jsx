import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn() } };
});

// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import ChangePassword from './ChangePassword.jsx';

const type = (label, value) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => api.post.mockReset());

describe('ChangePassword', () => {
  test("spec §5's messages before anything is sent", async () => {
    render(<ChangePassword />);
    type('New password', 'short');
    type('Repeat password', 'other');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('Password must have at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });

  test("the server's field errors land on their fields; success empties the form", async () => {
    api.post.mockRejectedValueOnce({ response: { status: 422, data: { error: 'The form has errors',
      errors: { current: ['Your current password is not correct'] } } } })
      .mockResolvedValueOnce({ data: { message: 'Your password has been changed.', ended: 1 } });
    render(<ChangePassword />);
    type('Current password', 'wrong-pass');
    type('New password', 'a-new-pass-1');
    type('Repeat password', 'a-new-pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is not correct')).toBeInTheDocument();
    expect(api.post).toHaveBeenCalledWith('/api/account/password',
      { current: 'wrong-pass', password: { first: 'a-new-pass-1', second: 'a-new-pass-1' }, revokeTokens: true });
    type('Current password', 'right-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });
});
