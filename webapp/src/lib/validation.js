/** Validation rules and texts of spec §5. */
import { t } from './i18n.js';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD = 8;

export function validateLogin({ username, password }) {
  const errors = {};
  const u = (username || '').trim();
  if (!u) errors.username = t('common.usernameRequired');
  else if (!EMAIL_PATTERN.test(u)) errors.username = t('common.emailInvalid');
  if (!(password || '').trim()) errors.password = t('common.passwordRequired');
  return errors;
}

export function validateEmail(email) {
  const e = (email || '').trim();
  if (!e) return t('common.emailRequired');
  if (!EMAIL_PATTERN.test(e)) return t('common.emailInvalid');
  return null;
}

export function validateReset({ password, repeat }) {
  const errors = {};
  if (!password) errors.password = t('common.passwordMissing');
  else if (password.length < MIN_PASSWORD) errors.password = t('common.passwordTooShort', { min: MIN_PASSWORD });
  if (repeat !== password) errors.repeat = t('common.passwordsDiffer');
  return errors;
}
