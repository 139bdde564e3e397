/** Validation rules and texts of spec §5. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD = 8;

export function validateLogin({ username, password }) {
  const errors = {};
  const u = (username || '').trim();
  if (!u) errors.username = 'Username is required';
  else if (!EMAIL_PATTERN.test(u)) errors.username = 'Please enter a valid email address';
  if (!(password || '').trim()) errors.password = 'Password is required';
  return errors;
}

export function validateEmail(email) {
  const e = (email || '').trim();
  if (!e) return 'Email is required';
  if (!EMAIL_PATTERN.test(e)) return 'Please enter a valid email address';
  return null;
}

export function validateReset({ password, repeat }) {
  const errors = {};
  if (!password) errors.password = 'You must specify a password';
  else if (password.length < MIN_PASSWORD) errors.password = 'Password must have at least 8 characters';
  if (repeat !== password) errors.repeat = 'The passwords do not match';
  return errors;
}
