/** Pure helpers of notifications: where one leads, its kind's label, how long ago it happened. */
import { fromNow } from '../../lib/dates.js';
import { portalHref } from '../../lib/format.js';

export const KINDS = [
  ['mention', 'Mentions'], ['reply', 'Replies'], ['task', 'My tasks'], ['comment', 'Comments'], ['file', 'Files'],
  ['lock', 'Locks'], ['activity', 'Activity'], ['webhook', 'Webhooks'],
];
export const BELL_SIZE = 8;

/** The page that shows a notification's item: the module's page at its tab (a webhook notice: the settings). */
export function notificationHref(n) {
  const m = n && n.module;
  if (!m || !m.portalId) return '/notifications';
  const portal = portalHref({ id: m.portalId, platform: m.platform });
  if (n.kind === 'webhook') return `${portal}/settings/webhooks`;
  return `${portal}/module/${m.id}${m.tab ? `/${m.tab}` : ''}`;
}

/** 'a few seconds ago', '5 minutes ago', ... of an API time. */
export const timeAgo = (value) => fromNow(value);

/** The badge's text: the count, '99+' above 99, nothing at 0. */
export function badgeText(unread) {
  if (!unread) return '';
  return unread > 99 ? '99+' : String(unread);
}
