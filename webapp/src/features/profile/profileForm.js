/** Pure helpers of the profile page (spec §5 Profile, §8 Profile save). */
import { flattenElements as leafElements } from '../../lib/serverForm.js';
import { t } from '../../lib/i18n.js';

export { leafElements };

/** Spec §8's English texts of a save (the English catalog's profile.saved and profile.saveFailed, which the form
 *  shows in the current language). */
export const SAVED = 'Changes saved!';
export const SAVE_FAILED = 'There has been error saving data in the server. Please try again!';
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp'];

/** What an avatar may be, under its file field. */
export const avatarHint = () => t('profile.avatarHint');

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
    if (String(values[el.name] ?? '').trim() === '') errors[el.name] = t('profile.fieldRequired', { label: el.label || el.name });
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
  if (!file) return t('profile.chooseImage');
  if (!AVATAR_TYPES.includes(String(file.type || '').toLowerCase())) return t('profile.avatarWrongType');
  if (file.size > AVATAR_MAX_BYTES) return t('profile.avatarTooLarge');
  if (file.size === 0) return t('profile.fileEmpty');
  return null;
}
