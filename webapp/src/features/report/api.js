/** The report's calls (spec §7 Report): a module's dashboard, one metric's data, the layout, deleting a metric. */
import api from '../../lib/apiClient.js';

/** GET /api/report/list/{moduleId}: the report with its metrics, layout and links. */
export const viewReport = (moduleId) => api.get(`/api/report/list/${moduleId}`).then((r) => r.data.item);

/** GET /api/report/show/{moduleId}/attribute/{attribute}: one custom field's values over the module's subtree. */
export const showMetric = (moduleId, attribute) => (
  api.get(`/api/report/show/${moduleId}/attribute/${encodeURIComponent(attribute)}`).then((r) => r.data.item));

/** POST the report's save_layout link with the grid items: the report's saved layout. */
export function saveLayout(link, items) {
  const fd = new FormData();
  fd.append('layout', JSON.stringify(items));
  return api.post(link.url, fd).then((r) => r.data.item.layout);
}

/** Delete a metric through its delete link. */
export const deleteMetric = (metric) => api.delete(metric.links.delete.url);
