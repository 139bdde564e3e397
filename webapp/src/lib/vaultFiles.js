/**
 * A module's vault files as more than the Files tab uses them (the discussion's attachments too): upload to an
 * add_file link with progress, download through a download link under the file's own name.
 */
import api from './apiClient.js';
import saveBlob, { filenameFromDisposition } from './saveFile.js';

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
