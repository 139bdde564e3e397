/** Pure helpers of the vault (spec §2 Files and references): the count badge, safe links, download names. */
import { t } from '../../lib/i18n.js';

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

/**
 * What the vault says about files (`kind` 'files') or references (spec §8): lock results, the delete question and
 * its failure, in the current language.
 */
export function itemTexts(kind) {
  return kind === 'files' ? {
    locked: t('vault.fileLocked'), unlocked: t('vault.fileUnlocked'), question: t('vault.deleteFileQuestion'),
    deleteFailed: t('vault.deleteFileFailed'),
  } : {
    locked: t('vault.referenceLocked'), unlocked: t('vault.referenceUnlocked'), question: t('vault.deleteReferenceQuestion'),
    deleteFailed: t('vault.deleteReferenceFailed'),
  };
}
