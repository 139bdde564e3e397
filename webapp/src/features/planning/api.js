/** Baselines (issue 42): a module's baselines, a baseline's slip table, and the table as CSV. */
import api from '../../lib/apiClient.js';
import saveBlob, { filenameFromDisposition } from '../../lib/saveFile.js';

export const listBaselines = (link) => (link ? api.get(link.url).then((r) => r.data.list || []) : Promise.resolve([]));

/** The slip table of a baseline: {baseline, list: [{id, name, depth, baseline, current, slip}]}. */
export const loadSlips = (link, sort = 'slip') => api.get(link.url, { params: { sort } }).then((r) => r.data);

/** The slip table as the server writes it in CSV. */
export const slipsCsv = (link, sort = 'slip') => api.get(link.url, { params: { sort, format: 'csv' }, responseType: 'text' })
  .then((r) => r.data);

/** Stop a module's series through its deliverable's `stop_recurrence` link. */
export const stopRepeating = (link) => api.delete(link.url);

/** Download the subtree as MS Project XML (the module's `export_mspdi` link; `baseline` written as Baseline 0). */
export async function exportMspdi(link, baseline = null) {
  const res = await api.get(link.url, { params: baseline ? { baseline: baseline.id } : {}, responseType: 'blob' });
  saveBlob(res.data, filenameFromDisposition(res.headers['content-disposition']) || 'plan.xml');
}
