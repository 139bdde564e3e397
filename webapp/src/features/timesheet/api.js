/** The timesheet's calls (issue 45): one person's week in a portal, a cell's save, months submitted and decided. */
import api from '../../lib/apiClient.js';
import { withQuery } from '../../lib/paging.js';
import saveBlob, { filenameFromDisposition } from '../../lib/saveFile.js';

/** One person's week: {user, portalId, week, days, rows, dayTotals, totalMinutes, months, links: {cell}}. */
export const loadWeek = (portalId, week, user) => api.get(withQuery(`/api/time/week/${portalId}`, { week, user }))
  .then((r) => r.data);

/** Set a person's time on a module and day (`links.cell` of the week): {cell, dayTotal, rowTotal}. */
export const saveCell = (link, body) => api.post(link.url, body).then((r) => r.data);

/** Submit a month ('YYYY-MM') of the reader's own time in the portal (a month's `submit` link when it has one). */
export const submitMonth = (portalId, month, link = null) => api
  .post(link ? link.url : `/api/time/month/${portalId}`, { month }).then((r) => r.data);

/**
 * The monthly sheets of a portal the reader may decide, and their own (the portal's `timesheets` link when given):
 * [{id, user, month, state, comment, submitted, decidedBy, decided, totalMinutes, links}]; `state` '' for all.
 */
export const listSheets = (portalId, link, state) => {
  const url = link && link.url ? link.url.split('?')[0] : `/api/time/months/${portalId}`;
  return api.get(withQuery(url, { state })).then((r) => r.data.list || []);
};

/** Approve a sheet (its `approve` link). */
export const approveSheet = (sheet) => api.post(sheet.links.approve.url, {}).then((r) => r.data);

/** Return a sheet to its person with a comment (its `return` link). */
export const returnSheet = (sheet, comment) => api.post(sheet.links.return.url, { comment }).then((r) => r.data);

/** Download a sheet's printable PDF (its `pdf` link) with the reader's token. */
export async function downloadSheetPdf(sheet, fallbackName) {
  const res = await api.get(sheet.links.pdf.url, { responseType: 'blob' });
  saveBlob(res.data, filenameFromDisposition(res.headers && res.headers['content-disposition']) || fallbackName);
}

/** Modules of the portal whose name matches `q` (the search's module hits): [{id, name, trail}]. */
export const findModules = (portalId, q) => api
  .get(withQuery('/api/search', { q, kind: 'module', portal: portalId, perPage: 10 }))
  .then((r) => (r.data.list || []).filter((hit) => hit.kind === 'module' && hit.module).map((hit) => {
    const path = (hit.breadcrumb || []).slice(1);
    return { id: hit.module.id, name: hit.module.name, trail: path.length ? path.join(' › ') : hit.module.name };
  }));
