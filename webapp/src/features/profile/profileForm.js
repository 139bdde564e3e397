/** Pure helpers of the profile page (spec §5 Profile, §8 Profile save). */
import { flattenElements as leafElements } from '../../lib/serverForm.js';

export { leafElements };

export const SAVED = 'Changes saved!';
export const SAVE_FAILED = 'There has been error saving data in the server. Please try again!';
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp'];
export const AVATAR_HINT = 'PNG, JPEG, GIF or WebP image, at most 2 MB';

export function initialValues(elements) {
  const v = {};
  leafElements(elements).forEach((el) => {
    if (el.type === 'select') {
      const sel = (el.options || []).find((o) => o.selected);
      v[el.name] = sel ? String(sel.value) : (el.value === null || el.value === undefined ? '' : String(el.value));
    } else {
      v[el.name] = el.value === null || el.value === undefined ? '' : String(el.value);
    }
  });
  return v;
}

/** '{label} is required' for every empty required field the user can fill. */
export function validateProfile(elements, values) {
  const errors = {};
  leafElements(elements).forEach((el) => {
    if (!el.required || el.disabled || el.type === 'hidden') return;
    if (String(values[el.name] ?? '').trim() === '') errors[el.name] = `${el.label || el.name} is required`;
  });
  return errors;
}

/** The JSON body of PUT /api/profile/edit: the values of the elements the user may change. */
export function profilePayload(elements, values) {
  const body = {};
  leafElements(elements).forEach((el) => {
    if (el.disabled) return;
    body[el.name] = typeof values[el.name] === 'string' ? values[el.name].trim() : values[el.name];
  });
  return body;
}

/** A 400's errors map as lines for the list shown to the user: [{name, label, text}]. */
export function errorLines(elements, errors) {
  const labels = {};
  leafElements(elements).forEach((el) => { labels[el.name] = el.label || el.name; });
  return Object.entries(errors || {}).map(([name, msgs]) => ({
    name,
    label: labels[name] || name,
    text: (Array.isArray(msgs) ? msgs : [msgs]).join(' '),
  }));
}

/** An error text when a chosen file may not be an avatar, else null. */
export function avatarFileError(file) {
  if (!file) return 'Choose an image';
  if (!AVATAR_TYPES.includes(String(file.type || '').toLowerCase())) return `Please choose a ${AVATAR_HINT.replace(', at most 2 MB', '')}`;
  if (file.size > AVATAR_MAX_BYTES) return 'The image is too large (at most 2 MB)';
  if (file.size === 0) return 'The file is empty';
  return null;
}
