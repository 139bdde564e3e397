/** The vault's calls (spec §7 Vault): view, upload with progress, links (lock, unlock, delete), downloads. */
import api from '../../lib/apiClient.js';

export const vaultUrl = (moduleId) => `/api/vault/view/${moduleId}`;

/** Resource types the vault's count badge sums (spec §2). */
export const COUNTED_TYPES = ['LINK', 'DOCUMENT', 'FILE'];

/** The count badge of a vault: its LINK, DOCUMENT and FILE references. */
export function referenceCount(references) {
  return (references || []).filter((r) => COUNTED_TYPES.includes(String(r.resourceType || '').toUpperCase())).length;
}

/** Only http(s) addresses become links. */
export function isHttpUrl(url) {
  if (typeof url !== 'string') return false;
  try {
    const u = new URL(url.trim());
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.host;
  } catch (e) {
    return false;
  }
}

/** The file name of a Content-Disposition header (RFC 5987 filename* first), or null. */
export function filenameFromDisposition(header) {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch (e) { /* fall through */ }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  if (plain) return (plain[2] !== undefined ? plain[2] : plain[1]).trim();
  return null;
}

/** Run a link with its operation (PATCH for locks, DELETE for deletes). */
export function callLink(link, data) {
  const op = String(link.operation || 'GET').toUpperCase();
  if (op === 'DELETE') return api.delete(link.url);
  if (op === 'PATCH') return api.patch(link.url, data);
  if (op === 'POST') return api.post(link.url, data);
  return api.get(link.url);
}

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
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30000);
  return name;
}
