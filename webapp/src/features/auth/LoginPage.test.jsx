import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn() } };
});

// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import { makeStore } from '../../app/store.js';
// eslint-disable-next-line import/first
import LoginPage from './LoginPage.jsx';

function setup() {
  const store = makeStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/somewhere']}><LoginPage /></MemoryRouter>
    </Provider>,
  );
  return store;
}

beforeEach(() => {
  api.post.mockReset();
  api.get.mockReset();
  api.get.mockResolvedValue({ data: { sso: null, passwordLogin: true } });
  localStorage.clear();
});

describe('LoginPage', () => {
  test('validation texts of spec §5; nothing is sent', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ada' } });
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });

  test('trims the values, stores the token and expiry', async () => {
    api.post.mockResolvedValue({ data: { token: 'tok', expiresIn: 3600 } });
    const store = setup();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: '  ada@demo.eu ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: ' demo1234 ' } });
    const t0 = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(true));
    expect(api.post).toHaveBeenCalledWith('/json/login', { username: 'ada@demo.eu', password: 'demo1234' });
    expect(localStorage.getItem('token')).toBe('tok');
    const expiry = new Date(localStorage.getItem('expirationDate')).getTime();
    expect(expiry - t0).toBeGreaterThanOrEqual(3599000);
    expect(expiry - t0).toBeLessThanOrEqual(3601000);
  });

  test("the server's error is shown under the form", async () => {
    api.post.mockRejectedValue({ response: { status: 401, data: { error: 'Invalid username or password' } } });
    setup();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ada@demo.eu' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid username or password')).toBeInTheDocument();
  });

  test('a second factor is asked after the password, then the session starts', async () => {
    api.post.mockResolvedValueOnce({ data: { mfaRequired: true, mfaToken: 'challenge' } })
      .mockResolvedValueOnce({ data: { token: 'tok', expiresIn: 3600 } });
    const store = setup();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ada@demo.eu' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Code is required')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: ' 123456 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(true));
    expect(api.post).toHaveBeenLastCalledWith('/json/login/mfa', { mfaToken: 'challenge', code: '123456' });
  });

  test("'Sign in with {provider}' when the brand has single sign-on; no password form when it is off", async () => {
    api.get.mockResolvedValue({ data: { sso: { name: 'Example ID' }, passwordLogin: false } });
    setup();
    expect(await screen.findByRole('button', { name: 'Sign in with Example ID' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });
});
