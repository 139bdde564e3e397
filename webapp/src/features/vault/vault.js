/** Pure helpers of the vault (spec §2 Files and references): the count badge, safe links, download names. */

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
  } catch {
    return false;
  }
}

// In lib/ since the discussion's attachments download too (lib/vaultFiles.js).
export { filenameFromDisposition } from '../../lib/saveFile.js';

/** What the vault says about files and references (spec §8): lock results, the delete question and its failure. */
export const ITEM_TEXTS = {
  files: {
    locked: 'File is locked', unlocked: 'File is unlocked', question: 'Do you want to delete the following file?',
    deleteFailed: 'There has been error deleting the file. Please try again',
  },
  references: {
    locked: 'Reference is locked', unlocked: 'Reference is unlocked', question: 'Do you want to delete the reference?',
    deleteFailed: 'There has been error deleting the reference. Please try again',
  },
};
