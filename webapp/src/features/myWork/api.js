/** The My work calls (issue 44): the signed-in user's open tasks and unread mentions, and reading a mention. */
import api from '../../lib/apiClient.js';
import { callLink } from '../../lib/links.js';

/** GET /api/my-work: {today, weekEnds, groups: {overdue, thisWeek, later, blocked}, mentions: {total, list}}. */
export const getMyWork = () => api.get('/api/my-work').then((r) => r.data);

/** Mark a mention read through its `read` link (the notification endpoint): the notification as it is now. */
export const markMentionRead = (notification) => callLink(notification.links.read).then((r) => r.data.item);
