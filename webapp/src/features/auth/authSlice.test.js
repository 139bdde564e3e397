import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { makeStore } from '../../app/store.js';
import { checkAuthState } from './authSlice.js';

describe('session start (spec §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('no token: logged out', () => {
    const store = makeStore();
    store.dispatch(checkAuthState());
    expect(store.getState().auth).toMatchObject({ checked: true, isAuthenticated: false, redirect: '/login' });
  });

  test('an expired token is cleared', () => {
    localStorage.setItem('token', 'old');
    localStorage.setItem('expirationDate', new Date(Date.now() - 1000).toISOString());
    const store = makeStore();
    store.dispatch(checkAuthState());
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('expirationDate')).toBeNull();
  });

  test('a valid token signs in and logs out by itself when the remaining time is up', () => {
    localStorage.setItem('token', 'fresh');
    localStorage.setItem('expirationDate', new Date(Date.now() + 60000).toISOString());
    const store = makeStore();
    store.dispatch(checkAuthState());
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, token: 'fresh' });
    vi.advanceTimersByTime(59000);
    expect(store.getState().auth.isAuthenticated).toBe(true);
    vi.advanceTimersByTime(1500);
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });
});
