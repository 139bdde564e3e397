/**
 * The vault's calls (spec §7 Vault, Reference): view (a page of files, all references), links; upload and download
 * come from lib/vaultFiles.js (the discussion's attachments use them too).
 */
import { callLink } from '../../lib/links.js';
import { getPage } from '../../lib/paging.js';

/** One page of a module's vault: {item: {files (this page), references (all), links}, meta (counts the files)}. */
export const viewVault = (moduleId, query) => getPage(`/api/vault/view/${moduleId}`, query);

/** Follow a file's or reference's lock or unlock link (PATCH): the whole answer. */
export const setItemLock = (link) => callLink(link);

/** Follow a file's or reference's delete link. */
export const deleteItem = (item) => callLink(item.links.delete);

export { downloadLink, uploadFile } from '../../lib/vaultFiles.js';
