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

/** How the preview pane shows a file (issue 47): its `preview`, 'none' when missing or unknown. */
export const PREVIEW_MODES = ['image', 'pdf', 'text', 'office', 'none'];
export function previewMode(file) {
  return file && PREVIEW_MODES.includes(file.preview) ? file.preview : 'none';
}

const KINDS = {
  pdf: ['pdf'],
  doc: ['doc', 'docx', 'odt', 'rtf'],
  sheet: ['xls', 'xlsx', 'ods', 'csv'],
  slide: ['ppt', 'pptx', 'odp'],
  image: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'bmp', 'tif', 'tiff'],
  text: ['txt', 'md', 'html', 'htm', 'json', 'xml', 'log'],
};

/** A file's extension (upper case, at most 4 letters) and its kind (the placeholder's colour), from its name. */
export function fileKind(name) {
  const m = /\.([a-z0-9]{1,8})$/i.exec(String(name || ''));
  const ext = m ? m[1].toLowerCase() : '';
  const kind = Object.keys(KINDS).find((k) => KINDS[k].includes(ext)) || 'other';
  return { ext: ext.slice(0, 4).toUpperCase(), kind };
}

// Only the providers' privacy-enhanced players are framed (nginx's frame-src admits these two hosts only).
const EMBED_HOSTS = ['www.youtube-nocookie.com', 'player.vimeo.com'];

/** The player address of a reference's `embed`, or null when there is none to frame. */
export function embedUrl(embed) {
  if (!embed || typeof embed.url !== 'string') return null;
  try {
    const u = new URL(embed.url);
    return u.protocol === 'https:' && EMBED_HOSTS.includes(u.host) ? embed.url : null;
  } catch {
    return null;
  }
}
