/** The account calls (spec §7 Auth, Profile, Invitation): sign in and out, passwords, invitations, the current user. */
import api, { forgetKeptReads, getItem } from '../../lib/apiClient.js';

/** POST /json/login: {token, expiresIn}. */
export const signIn = (username, password) => api.post('/json/login', { username, password }).then((r) => r.data);

/** POST /json/logout: revoke the token on the server. */
export const revokeToken = () => api.post('/json/logout');

/** Drop what the client kept of the signed-in user's reads (the conditional GET bodies). */
export const forgetReads = forgetKeptReads;

/** GET /api/profile/currentuser. */
export const getCurrentUser = () => getItem('/api/profile/currentuser');

/** POST /json/forgot-password: the server's answer ({message} or {error}). */
export const requestPasswordReset = (email) => api.post('/json/forgot-password', { email }).then((r) => r.data);

/** GET /api/reset-password?token=...: the reset form (its elements carry the CSRF token). */
export const getResetForm = (token) => api.get('/api/reset-password', { params: { token } }).then((r) => r.data);

/** POST /api/reset-password with the form's fields: the server's answer. */
export const resetPassword = (fields) => api.post('/api/reset-password', formData(fields)).then((r) => r.data);

/** GET /api/invitation/view?token=...: the invitation ({email, moduleName, invitedBy, existingAccount}). */
export const viewInvitation = (token) => api.get('/api/invitation/view', { params: { token } }).then((r) => r.data.item);

/** POST /api/invitation/accept: creates the account and signs in ({token, expiresIn}). */
export const acceptInvitation = (fields) => api.post('/api/invitation/accept', formData(fields)).then((r) => r.data);

/** POST /api/invitation/accept-signed-in: joins with the signed-in account ({message, moduleId, platform}). */
export const acceptInvitationSignedIn = (token) => api.post('/api/invitation/accept-signed-in', { token }).then((r) => r.data);

function formData(fields) {
  const fd = new FormData();
  Object.entries(fields).forEach(([k, v]) => fd.append(k, v));
  return fd;
}

/** POST /json/login/mfa: finish a sign-in with a TOTP or recovery code ({token, expiresIn, recoveryCodes?}). */
export const signInWithCode = (mfaToken, code) => api.post('/json/login/mfa', { mfaToken, code }).then((r) => r.data);

/** POST /json/login/mfa/enrol: a user who must have a second factor gets a secret ({secret, otpauthUri}). */
export const enrolDuringSignIn = (mfaToken) => api.post('/json/login/mfa/enrol', { mfaToken }).then((r) => r.data);

/** GET /json/sso/config: {sso: {name} | null, passwordLogin}. */
export const getSignInOptions = () => api.get('/json/sso/config').then((r) => r.data);

/** POST /json/sso/start: the identity provider's authorization URL ({url}). */
export const startSingleSignOn = () => api.post('/json/sso/start').then((r) => r.data.url);

/** POST /json/sso/link {linkToken, password}: as a sign-in ({token, expiresIn} or a second factor asked). */
export const linkSingleSignOn = (linkToken, password) => api.post('/json/sso/link', { linkToken, password }).then((r) => r.data);

/** POST /json/sso/callback with the provider's code and state: {token, expiresIn}, {mfaRequired, mfaToken} or
 *  {linkRequired, linkToken, email}. */
export const finishSingleSignOn = (code, state) => api.post('/json/sso/callback', { code, state }).then((r) => r.data);
