/** Where My work's rows and mentions lead (lib/taskLinks.js, lib/notificationLinks.js). */
export { workRowHref } from '../../lib/taskLinks.js';

/** A mention: as the notifications page links it. */
export { notificationHref as mentionHref } from '../../lib/notificationLinks.js';
