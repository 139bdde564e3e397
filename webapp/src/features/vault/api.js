/**
 * The vault's calls (spec §7 Vault, Reference): view (a page of files, all references), links; upload and download
 * come from lib/vaultFiles.js (the discussion's attachments use them too).
 */
import { fetchBlobUrl } from '../../lib/images.js';
import { callLink } from '../../lib/links.js';
import { getPage } from '../../lib/paging.js';

/** One page of a module's vault: {item: {files (this page), references (all), links}, meta (counts the files)}. */
export const viewVault = (moduleId, query) => getPage(`/api/vault/view/${moduleId}`, query);

/** Follow a file's or reference's lock or unlock link (PATCH): the whole answer. */
export const setItemLock = (link) => callLink(link);

/** Follow a file's or reference's delete link. */
export const deleteItem = (item) => callLink(item.links.delete);

/** A file's thumbnail link (bearer auth) as an object URL: the caller revokes it. */
export const fetchThumbnail = (link) => fetchBlobUrl(link.url);

/** A fresh preview ticket from a file's preview link: {url (no header needed), mode, expiresIn}. */
export const previewTicket = (link) => callLink(link).then((r) => r.data.item);

/** A file's extracted text from its text link: {text, truncated, pages, state}. */
export const fileText = (link) => callLink(link).then((r) => r.data.item);

/** Read a file's text again (its extract link, POST): the file item, back to textState 'pending'. */
export const extractText = (link) => callLink(link).then((r) => r.data.item);

export { downloadLink, uploadFile } from '../../lib/vaultFiles.js';
