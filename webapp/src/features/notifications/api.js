/** The notification calls (docs/architecture.md 'Events'): the signed-in user's list, read, read all, their live
 * channel, their e-mail preferences and the unsubscribe page. */
import api from '../../lib/apiClient.js';
import { callLink } from '../../lib/links.js';
import { getPage } from '../../lib/paging.js';

export const PREFERENCES_URL = '/api/notification/preferences';

/** A page of one's notifications (unread first, newest first): {list, meta: {page, perPage, total, unread}}. */
export const listNotifications = (query) => getPage('/api/notification/list', query);

/** Mark one read (its `read` link): the notification as it is now. */
export const markRead = (notification) => callLink(notification.links.read).then((r) => r.data.item);

/** Mark every notification read. */
export const markAllRead = () => api.post('/api/notification/read-all').then((r) => r.data);

/** A ticket to one's own live channel (the bell): {url, expiresIn}. */
export const userTicket = () => api.get('/api/live/ticket').then((r) => r.data.item);

/** What an unsubscribe link's token stops: {kind, label, email}. */
export const describeUnsubscribe = (token) => api.get('/api/notification/unsubscribe', { params: { token } })
  .then((r) => r.data.item);

/** Stop those e-mails. */
export const unsubscribe = (token) => api.post('/api/notification/unsubscribe', null, { params: { token } })
  .then((r) => r.data.item);
