/**
 * Effort (issue 45): a project's effort report (planned against actual person-months), its effort plan and the
 * portal's effort settings. Every call follows a link the server gave (`effort_report`, `effort_plan` and the
 * plan's `save` and `import`, the report's `csv` and `xlsx`).
 */
import api from '../../lib/apiClient.js';
import saveBlob, { filenameFromDisposition } from '../../lib/saveFile.js';

/** GET the project's `effort_report` link for a period ('all' or a portal period's name), by organisation and work package. */
export const loadReport = (link, period) => api.get(link.url, { params: { period, by: 'organisation,module' } })
  .then((r) => r.data);

/** Download an export link of the report (`csv` or `xlsx`), named as the server names it (else `fallback`). */
export async function downloadExport(link, fallback) {
  const res = await api.get(link.url, { responseType: 'blob' });
  saveBlob(res.data, filenameFromDisposition(res.headers && res.headers['content-disposition']) || fallback);
}

/** GET the project's `effort_plan` link: {organisations, packages, cells: {moduleId: {organisation: pm}}, links}. */
export const loadPlan = (link) => api.get(link.url).then((r) => r.data);

/** PUT the plan's changed cells to its `save` link: [{moduleId, organisation, personMonths}] (null deletes). */
export const savePlan = (link, cells) => api.put(link.url, { cells }).then((r) => r.data);

/** POST a CSV file ('work package,organisation,person-months') to the plan's `import` link, as multipart `file`. */
export function importPlan(link, file) {
  const fd = new FormData();
  fd.append('file', file);
  return api.post(link.url, fd).then((r) => r.data);
}
