/** What a failed call says, for a person and per form element (spec §7 error envelope, §8). */
import { t } from './i18n.js';

/** A person-readable message out of a failed call. */
export function errorMessage(err, fallback = t('common.somethingWentWrong')) {
  if (!err) return fallback;
  const data = err.response && err.response.data;
  if (data && typeof data === 'object' && data.error) return data.error;
  if (data && typeof data === 'object' && data.message) return data.message;
  if (err.response && err.response.statusText) return err.response.statusText;
  return err.message || fallback;
}

/** Per-element errors of a 400/422 answer, or {}. */
export function fieldErrors(err) {
  const data = err && err.response && err.response.data;
  return (data && data.errors) || {};
}

/** The HTTP status of a failed call, or null (no answer). */
export function statusOf(err) {
  return (err && err.response && err.response.status) || null;
}

/** Per-element errors as one text each ({name: 'first. second'}). */
export function joinedFieldErrors(err) {
  return Object.fromEntries(Object.entries(fieldErrors(err)).map(([k, v]) => [k, [].concat(v).join(' ')]));
}
