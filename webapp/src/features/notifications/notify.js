/** Pure helpers of notifications: where one leads, its kind's label, how long ago it happened. */
import { fromNow } from '../../lib/dates.js';
import { portalHref } from '../../lib/format.js';
import { t } from '../../lib/i18n.js';

/** The kinds one filters by: [kind, () => its label in the current language]. */
export const KINDS = [
  ['mention', () => t('notifications.kindMention')], ['reply', () => t('notifications.kindReply')],
  ['task', () => t('notifications.kindTask')], ['comment', () => t('notifications.kindComment')],
  ['file', () => t('notifications.kindFile')], ['lock', () => t('notifications.kindLock')],
  ['activity', () => t('notifications.kindActivity')], ['webhook', () => t('notifications.kindWebhook')],
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
