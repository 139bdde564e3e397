/**
 * Imports (issue 46): a portal's import jobs and the calls that start them, each following a link the server gave:
 * the portal's `import` link lists the jobs and offers `redmine_probe`, `redmine`, `spreadsheet_columns`,
 * `spreadsheet`, `mspdi` and `export_archive`; a job offers `self` (read again while it runs), `cancel` and
 * `module`; a platform's root offers `import_portal`.
 */
import api from '../../lib/apiClient.js';
import { callLink } from '../../lib/links.js';
import saveBlob, { filenameFromDisposition } from '../../lib/saveFile.js';

/** GET the portal's `import` link: {items: [job], links: {redmine, spreadsheet, mspdi, export_archive, ...}}. */
export const listImports = (link) => api.get(link.url).then((r) => r.data);

/** A job as it stands now (its `self` link). */
export const loadJob = (job) => api.get(job.links.self.url).then((r) => r.data.item);

/** Cancel a queued or running job (its `cancel` link): the job as it stands. */
export const cancelJob = (job) => callLink(job.links.cancel).then((r) => r.data.item);

/** Ask Redmine about a project ({url, key, project}): {project, statuses, trackers, counts}; a 422 says why not. */
export const probeRedmine = (links, body) => api.post(links.redmine_probe.url, body).then((r) => r.data);

/** Start a Redmine import ({url, key, project, statuses, tracker, people, dryRun}): the queued job. */
export const startRedmine = (links, body) => api.post(links.redmine.url, body).then((r) => r.data.item);

const multipart = (fields) => {
  const fd = new FormData();
  Object.entries(fields).forEach(([k, v]) => fd.append(k, v));
  return fd;
};

/** The columns of a CSV or XLSX work plan: {headers, mapping: {header: target}, targets: [{value, label}], rows}. */
export const readColumns = (links, file) => api.post(links.spreadsheet_columns.url, multipart({ file }))
  .then((r) => r.data);

/** Start a spreadsheet import (or its dry run) with the columns mapped as chosen: the queued job. */
export const startSpreadsheet = (links, file, mapping, dryRun) => api.post(links.spreadsheet.url,
  multipart({ file, mapping: JSON.stringify(mapping), dryRun: dryRun ? 'true' : 'false' })).then((r) => r.data.item);

/** Start an MS Project XML (MSPDI) import (or its dry run): the queued job. */
export const startMspdi = (links, file, dryRun) => api.post(links.mspdi.url, multipart({ file, dryRun: dryRun ? 'true' : 'false' }))
  .then((r) => r.data.item);

/** Download the portal's archive (its `export_archive` link), named as the server names it. */
export async function downloadArchive(link, fallback = 'portal-archive.zip') {
  const res = await api.get(link.url, { responseType: 'blob' });
  const name = filenameFromDisposition(res.headers && res.headers['content-disposition']) || fallback;
  saveBlob(res.data, name);
  return name;
}

/** Upload a portal archive to a platform root's `import_portal` link; onProgress(percent) follows the bytes sent. */
export function importPortal(link, file, onProgress) {
  return api.post(link.url, multipart({ file }), {
    onUploadProgress: (e) => {
      const total = e.total || file.size || 0;
      if (onProgress) onProgress(total ? Math.min(100, Math.round((e.loaded * 100) / total)) : 0);
    },
  }).then((r) => r.data.item);
}
