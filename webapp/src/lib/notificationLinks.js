/** Where a notification leads (the notifications feature and My work both link them). */
import { portalHref } from './format.js';

/** The page that shows a notification's item: the module's page at its tab (a webhook notice: the settings). */
export function notificationHref(n) {
  const m = n && n.module;
  if (!m || !m.portalId) return '/notifications';
  const portal = portalHref({ id: m.portalId, platform: m.platform });
  if (n.kind === 'webhook') return `${portal}/settings/webhooks`;
  return `${portal}/module/${m.id}${m.tab ? `/${m.tab}` : ''}`;
}
