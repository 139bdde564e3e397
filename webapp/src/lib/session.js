/** Token and expiration date in local storage (spec §4 Auth, §9 token expiry). */
export const TOKEN_KEY = 'token';
export const EXPIRY_KEY = 'expirationDate';

const store = () => (typeof window !== 'undefined' ? window.localStorage : null);

export function readSession() {
  const s = store();
  if (!s) return { token: null, expiry: null };
  const token = s.getItem(TOKEN_KEY);
  const raw = s.getItem(EXPIRY_KEY);
  const expiry = raw ? new Date(raw) : null;
  return { token, expiry: expiry && !Number.isNaN(expiry.getTime()) ? expiry : null };
}

export function writeSession(token, expiry) {
  const s = store();
  if (!s) return;
  s.setItem(TOKEN_KEY, token);
  s.setItem(EXPIRY_KEY, expiry.toISOString());
}

export function clearSession() {
  const s = store();
  if (!s) return;
  s.removeItem(TOKEN_KEY);
  s.removeItem(EXPIRY_KEY);
}

export function getToken() {
  return readSession().token;
}
