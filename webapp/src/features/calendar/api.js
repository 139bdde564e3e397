/** The calendar's call (issue 44): the items with a date in a period; dates move through lib/inPlace.js's saveField. */
import api from '../../lib/apiClient.js';

/**
 * Items with a start date, deadline or completion date from `from` to `to` ('YYYY-MM-DD', both included; the
 * server takes at most 62 days, the views ask for 42 or 7), under the module `moduleId` when given, only the
 * signed-in user's own with `mine`: {from, to, list, truncated}.
 */
export function fetchCalendarItems(from, to, moduleId = null, mine = false) {
  const params = { from, to };
  if (moduleId !== null && moduleId !== undefined && moduleId !== '') params.module = moduleId;
  if (mine) params.mine = 1;
  return api.get('/api/calendar/items', { params }).then((r) => r.data);
}
