import { describe, expect, test } from 'vitest';
import {
  avatarFileError, errorLines, initialValues, profilePayload, SAVE_FAILED, SAVED, validateProfile,
} from './profileForm.js';

const elements = [
  { name: 'name', label: 'Name', type: 'text', value: 'Ada', required: true },
  { name: 'email', label: 'Email', type: 'email', value: 'a@b.org', required: false, disabled: true },
  { name: 'organisation', label: 'Organisation', type: 'text', value: null, required: false },
  { name: 'box', type: 'compound', elements: [{ name: 'country', label: 'Country', type: 'select', required: true, options: [{ value: 'PT', label: 'Portugal', selected: true }] }] },
];

describe('profile form', () => {
  test('initial values, required messages and payload', () => {
    const v = initialValues(elements);
    expect(v).toEqual({ name: 'Ada', email: 'a@b.org', organisation: '', country: 'PT' });
    expect(validateProfile(elements, v)).toEqual({});
    expect(validateProfile(elements, { ...v, name: '  ', country: '' })).toEqual({ name: 'Name is required', country: 'Country is required' });
    expect(profilePayload(elements, { ...v, name: ' Ada L. ' })).toEqual({ name: 'Ada L.', organisation: '', country: 'PT' });
  });
  test('a 400 errors map becomes labelled lines', () => {
    expect(errorLines(elements, { organisation: ['Longer than maximum length 200.'], other: 'x' })).toEqual([
      { name: 'organisation', label: 'Organisation', text: 'Longer than maximum length 200.' },
      { name: 'other', label: 'other', text: 'x' },
    ]);
  });
  test('texts of spec §8', () => {
    expect(SAVED).toBe('Changes saved!');
    expect(SAVE_FAILED).toBe('There has been error saving data in the server. Please try again!');
  });
});

describe('avatar file', () => {
  test('images only, within the size limit', () => {
    expect(avatarFileError({ type: 'image/png', size: 100 })).toBeNull();
    expect(avatarFileError({ type: 'image/svg+xml', size: 100 })).toMatch(/PNG, JPEG, GIF or WebP/);
    expect(avatarFileError({ type: 'text/html', size: 100 })).toMatch(/PNG/);
    expect(avatarFileError({ type: 'image/jpeg', size: 3 * 1024 * 1024 })).toMatch(/too large/);
    expect(avatarFileError(null)).toBe('Choose an image');
  });
});
