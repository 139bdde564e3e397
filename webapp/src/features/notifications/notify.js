/** Pure helpers of notifications: where one leads, its kind's label, how long ago it happened. */
import { fromNow } from '../../lib/dates.js';
import { t } from '../../lib/i18n.js';

/** The kinds one filters by: [kind, () => its label in the current language]. */
export const KINDS = [
  ['mention', () => t('notifications.kindMention')], ['reply', () => t('notifications.kindReply')],
  ['task', () => t('notifications.kindTask')], ['comment', () => t('notifications.kindComment')],
  ['file', () => t('notifications.kindFile')], ['lock', () => t('notifications.kindLock')],
  ['activity', () => t('notifications.kindActivity')], ['webhook', () => t('notifications.kindWebhook')],
];
export const BELL_SIZE = 8;

export { notificationHref } from '../../lib/notificationLinks.js';

/** 'a few seconds ago', '5 minutes ago', ... of an API time. */
export const timeAgo = (value) => fromNow(value);

/** The badge's text: the count, '99+' above 99, nothing at 0. */
export function badgeText(unread) {
  if (!unread) return '';
  return unread > 99 ? '99+' : String(unread);
}
