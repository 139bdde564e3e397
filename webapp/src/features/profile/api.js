/** The profile calls (spec §7 Profile): the edit form, saving it, the avatar, account security and calendar feeds. */
import api from '../../lib/apiClient.js';

/** GET /api/profile/edit: the profile form. */
export const getProfileForm = () => api.get('/api/profile/edit').then((r) => r.data);

/** PUT the profile's JSON body to the form's action: the server's answer (the form again, when it sends it). */
export const saveProfile = (action, body) => api.put(action || '/api/profile/edit', body).then((r) => r.data);

/** POST /api/avatar/edit with the image: the saved avatar ({avatar}). */
export function uploadAvatar(file) {
  const fd = new FormData();
  fd.append('avatar', file);
  return api.post('/api/avatar/edit', fd).then((r) => r.data && r.data.item);
}

/** POST /api/account/password {current, password: {first, second}, revokeTokens}:
 *  {message, ended, tokensRevoked, resetLinksRevoked}. */
export const changePassword = (current, first, second, revokeTokens = true) => api.post('/api/account/password',
  { current, password: { first, second }, revokeTokens }).then((r) => r.data);

/** GET /api/account/sessions: the live sessions, the current one marked. */
export const listSessions = () => api.get('/api/account/sessions').then((r) => r.data.list);

/** DELETE a session's `end` link. */
export const endSession = (session) => api.delete(session.links.end.url).then((r) => r.data);

/** POST /api/account/sessions/end-others: {message, ended}. */
export const endOtherSessions = () => api.post('/api/account/sessions/end-others').then((r) => r.data);

/** GET /api/account/mfa: {enabled, since, recoveryCodesLeft, required}. */
export const getTwoFactor = () => api.get('/api/account/mfa').then((r) => r.data.item);

/** POST /api/account/mfa/enrol {password}: a new secret ({secret, otpauthUri}); the password is asked again. */
export const startEnrolment = (password) => api.post('/api/account/mfa/enrol', { password }).then((r) => r.data.item);

/** POST /api/account/mfa/confirm {code}: the recovery codes (shown once). */
export const confirmEnrolment = (code) => api.post('/api/account/mfa/confirm', { code }).then((r) => r.data.recoveryCodes);

/** POST /api/account/mfa/disable {code}. */
export const disableTwoFactor = (code) => api.post('/api/account/mfa/disable', { code }).then((r) => r.data);

/** POST /api/account/mfa/recovery-codes {code}: new recovery codes (the old ones stop working). */
export const newRecoveryCodes = (code) => api.post('/api/account/mfa/recovery-codes', { code }).then((r) => r.data.recoveryCodes);

/** GET /api/account/tokens: {list, portals}. */
export const listApiTokens = () => api.get('/api/account/tokens').then((r) => r.data);

/** POST /api/account/tokens {name, days, access, portalId}: the token, shown once. */
export const createApiToken = (body) => api.post('/api/account/tokens', body).then((r) => r.data.item);

/** DELETE a token's `revoke` link. */
export const revokeApiToken = (token) => api.delete(token.links.revoke.url).then((r) => r.data);

/** GET /api/account/security-log: {list, meta}. */
export const getSecurityLog = (page = 1) => api.get('/api/account/security-log', { params: { page, perPage: 20 } })
  .then((r) => r.data);

/** GET the currentuser's `calendar_feeds` link: {list, links: {add}} (issue 44). */
export const listCalendarFeeds = (url) => api.get(url).then((r) => r.data);

/** DELETE a calendar feed's `delete` link: its address stops answering. */
export const revokeCalendarFeed = (feed) => api.delete(feed.links.delete.url).then((r) => r.data);
