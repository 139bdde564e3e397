import { useLocation } from 'react-router-dom';
import useFetch from '../../hooks/useFetch.js';
import { errorMessage, statusOf } from '../../lib/errors.js';
import { viewInvitation } from './api.js';
import { t } from '../../lib/i18n.js';

/** The message for an invitation link the server refuses (404 forged, 410 used or expired). */
export function invitationProblem(err) {
  const status = statusOf(err);
  if (status === 404) return t('auth.invitationInvalid');
  if (status === 410) return errorMessage(err, t('auth.invitationUsed'));
  return errorMessage(err, t('auth.invitationUnreadable'));
}

/** The invitation of the page's ?token=: {token, status: missing | loading | ok | bad, item, error}. */
export default function useInvitation() {
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token') || '';
  const read = useFetch(token ? viewInvitationOrProblem : null, [token]);
  if (!token) return { token, status: 'missing', item: null, error: null };
  if (read.status === 'succeeded') return { token, status: 'ok', item: read.data, error: null };
  if (read.status === 'failed') return { token, status: 'bad', item: null, error: read.error };
  return { token, status: 'loading', item: null, error: null };
}

/** viewInvitation, failing with the invitation's own message. */
function viewInvitationOrProblem(token) {
  return viewInvitation(token).catch((err) => Promise.reject(new Error(invitationProblem(err))));
}
