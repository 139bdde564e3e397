import { describe, expect, test } from 'vitest';
import { validateEmail, validateLogin, validateReset } from './validation.js';
import { isOkStatus } from './apiClient.js';

describe('login rules', () => {
  test('required and e-mail shaped', () => {
    expect(validateLogin({ username: '', password: '' })).toEqual({
      username: 'Username is required', password: 'Password is required',
    });
    expect(validateLogin({ username: 'bob', password: 'x' })).toEqual({ username: 'Please enter a valid email address' });
    expect(validateLogin({ username: '  ada@demo.eu ', password: ' x ' })).toEqual({});
    expect(validateLogin({ username: 'ada@demo.eu', password: '   ' })).toEqual({ password: 'Password is required' });
  });
  test('forgot password', () => {
    expect(validateEmail('')).toBe('Email is required');
    expect(validateEmail('nope')).toBe('Please enter a valid email address');
    expect(validateEmail(' ada@demo.eu ')).toBeNull();
  });
  test('reset password', () => {
    expect(validateReset({ password: '', repeat: '' })).toEqual({ password: 'You must specify a password' });
    expect(validateReset({ password: 'short', repeat: 'short' })).toEqual({ password: 'Password must have at least 8 characters' });
    expect(validateReset({ password: 'longenough', repeat: 'different' })).toEqual({ repeat: 'The passwords do not match' });
    expect(validateReset({ password: 'longenough', repeat: 'longenough' })).toEqual({});
  });
});

describe('http statuses', () => {
  test('200-399 except 302 are fine', () => {
    expect(isOkStatus(200)).toBe(true);
    expect(isOkStatus(204)).toBe(true);
    expect(isOkStatus(301)).toBe(true);
    expect(isOkStatus(302)).toBe(false);
    expect(isOkStatus(399)).toBe(true);
    expect(isOkStatus(400)).toBe(false);
    expect(isOkStatus(199)).toBe(false);
    expect(isOkStatus(500)).toBe(false);
  });
});
