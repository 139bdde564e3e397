/** The vault's calls (spec §7 Vault, Reference): view (a page of files, all references), upload, links, downloads. */
import api from '../../lib/apiClient.js';
import saveBlob from '../../lib/saveFile.js';
import { callLink } from '../../lib/links.js';
import { getPage } from '../../lib/paging.js';
import { filenameFromDisposition } from './vault.js';

/** One page of a module's vault: {item: {files (this page), references (all), links}, meta (counts the files)}. */
export const viewVault = (moduleId, query) => getPage(`/api/vault/view/${moduleId}`, query);

/** Follow a file's or reference's lock or unlock link (PATCH): the whole answer. */
export const setItemLock = (link) => callLink(link);

/** Follow a file's or reference's delete link. */
export const deleteItem = (item) => callLink(item.links.delete);

/**
 * Upload a file with its title to the add_file link.
 * onProgress(percent) follows the bytes sent; signal (an AbortController's) cancels.
 */
export function uploadFile(link, { title, file }, { onProgress, signal } = {}) {
  const fd = new FormData();
  if (title) fd.append('title', title);
  fd.append('file', file);
  return api.post(link.url, fd, {
    signal,
    onUploadProgress: (e) => {
      if (!onProgress) return;
      const total = e.total || (file && file.size) || 0;
      onProgress(total ? Math.min(100, Math.round((e.loaded * 100) / total)) : 0);
    },
  }).then((r) => r.data.item);
}

/** Download through a download link: fetched with the bearer token as a blob, then saved under its name. */
export async function downloadLink(link, fallbackName = 'download') {
  const res = await api.get(link.url, { responseType: 'blob' });
  const name = filenameFromDisposition(res.headers && res.headers['content-disposition']) || fallbackName;
  saveBlob(res.data, name);
  return name;
}
