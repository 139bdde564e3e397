/**
 * The stored rich text (a JSON string of a draft-js raw state) made safe to show: only draft-js renders
 * it (never as HTML), and a link is clickable only when its URL is http(s) or mailto.
 */

const BLOCK_TYPES = new Set(['unstyled', 'paragraph', 'header-one', 'header-two', 'header-three', 'header-four',
  'header-five', 'header-six', 'unordered-list-item', 'ordered-list-item', 'blockquote', 'code-block', 'atomic']);
const STYLES = new Set(['BOLD', 'ITALIC', 'UNDERLINE', 'CODE', 'STRIKETHROUGH']);

// An image may only show a file of a module's vault, fetched with the user's token (the server also checks the
// module is the article's own); never javascript:, data: or another host.
const VAULT_IMAGE = /^\/api\/vault\/download\/(\d{1,12})\/(\d{1,12})$/;

/** Whether an IMAGE entity's src is a vault download URL (the only images content may show). */
export function isVaultImageSrc(src) {
  return typeof src === 'string' && VAULT_IMAGE.test(src);
}

/** The vault download URL of a file (what an inserted IMAGE entity points at). */
export function vaultImageSrc(moduleId, fileId) {
  return `/api/vault/download/${Number(moduleId)}/${Number(fileId)}`;
}

/** The entity an atomic block shows: 'HR', 'IMAGE' (with a vault src) or null (then it is shown as text). */
function atomicEntity(e) {
  const type = String(e.type || '').toUpperCase();
  if (type === 'HR') return { type: 'HR', mutability: 'IMMUTABLE', data: {} };
  if (type === 'IMAGE' && e.data && isVaultImageSrc(e.data.src)) {
    const alt = typeof e.data.alt === 'string' ? e.data.alt.slice(0, 300) : '';
    return { type: 'IMAGE', mutability: 'IMMUTABLE', data: { src: e.data.src, alt } };
  }
  return null;
}

/**
 * Whether a link target may be followed: only absolute http(s) and mailto URLs are.
 * Anything else (javascript:, data:, vbscript:, relative or protocol-relative paths, obfuscated
 * schemes with control characters) is not.
 */
export function isSafeUrl(url) {
  if (typeof url !== 'string') return false;
  const s = url.trim();
  if (!s || s.length > 2048) return false;
  // Browsers ignore tabs and newlines inside a scheme ('java\nscript:'): refuse any control character.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(s)) return false;
  let parsed;
  try {
    parsed = new URL(s);
  } catch {
    return false;
  }
  if (parsed.protocol === 'mailto:') return /^mailto:/i.test(s);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  return /^https?:\/\/[^/\\]/i.test(s) && !!parsed.hostname;
}

/** Adds https:// to a bare host typed in the link box ('example.org/x' -> 'https://example.org/x'). */
export function normaliseLinkInput(text) {
  const s = String(text || '').trim();
  if (!s) return '';
  if (/^[a-z][a-z0-9+.-]*:/i.test(s)) return s;
  if (s.includes('@') && !s.includes('/')) return `mailto:${s}`;
  return `https://${s.replace(/^\/+/, '')}`;
}

export function emptyRaw() {
  return { blocks: [{ key: 'empty', text: '', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} }], entityMap: {} };
}

function int(v, lo, hi) {
  const n = Math.floor(Number(v));
  if (!Number.isFinite(n)) return null;
  return Math.max(lo, Math.min(hi, n));
}

/**
 * A well-formed raw state out of anything stored: unknown block types become 'unstyled', ranges are
 * clamped to their text, ranges naming a missing entity are dropped, entities other than links, rules (HR)
 * and vault images keep no data, a link whose URL is not safe loses its URL (it is shown as plain, unclickable
 * text), and an atomic block that shows no rule or vault image becomes a paragraph.
 */
export function normaliseRaw(input) {
  let raw = input;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      // Not JSON: show it as plain text, never as markup.
      return textRaw(raw);
    }
  }
  if (!raw || typeof raw !== 'object' || !Array.isArray(raw.blocks)) return emptyRaw();
  const srcEntities = raw.entityMap && typeof raw.entityMap === 'object' ? raw.entityMap : {};
  const entityMap = {};
  Object.keys(srcEntities).forEach((k) => {
    const e = srcEntities[k];
    if (!e || typeof e !== 'object') return;
    const type = String(e.type || '').toUpperCase();
    if (type === 'LINK') {
      const url = e.data && typeof e.data.url === 'string' ? e.data.url : (e.data && typeof e.data.href === 'string' ? e.data.href : '');
      entityMap[k] = { type: 'LINK', mutability: 'MUTABLE', data: isSafeUrl(url) ? { url: url.trim() } : { unsafe: true } };
    } else {
      entityMap[k] = atomicEntity(e) || { type: 'UNSUPPORTED', mutability: 'IMMUTABLE', data: {} };
    }
  });
  const seen = new Set();
  const blocks = raw.blocks.filter((b) => b && typeof b === 'object').map((b, i) => {
    const text = typeof b.text === 'string' ? b.text : String(b.text ?? '');
    let key = typeof b.key === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(b.key) ? b.key : `b${i}`;
    while (seen.has(key)) key = `${key}x`;
    seen.add(key);
    const len = text.length;
    const clampRange = (r) => {
      const offset = int(r && r.offset, 0, len);
      const length = offset === null ? null : int(r && r.length, 0, len - offset);
      return offset === null || length === null || length === 0 ? null : { offset, length };
    };
    const inlineStyleRanges = (Array.isArray(b.inlineStyleRanges) ? b.inlineStyleRanges : [])
      .map((r) => {
        const c = clampRange(r);
        return c && STYLES.has(r.style) ? { ...c, style: r.style } : null;
      }).filter(Boolean);
    const entityRanges = (Array.isArray(b.entityRanges) ? b.entityRanges : [])
      .map((r) => {
        const c = clampRange(r);
        const k = r && r.key !== undefined && r.key !== null ? String(r.key) : null;
        return c && k !== null && entityMap[k] ? { ...c, key: Number.isNaN(Number(k)) ? k : Number(k) } : null;
      }).filter(Boolean);
    // An atomic block stays one only when it shows a rule or a vault image; else it is a paragraph of its text.
    const shown = b.type === 'atomic' && entityRanges.length && ['HR', 'IMAGE'].includes(entityMap[String(entityRanges[0].key)].type);
    if (shown) return { key, text: ' ', type: 'atomic', depth: 0, inlineStyleRanges: [], entityRanges: [{ offset: 0, length: 1, key: entityRanges[0].key }], data: {} };
    const type = BLOCK_TYPES.has(b.type) && b.type !== 'atomic' ? (b.type === 'paragraph' ? 'unstyled' : b.type) : 'unstyled';
    return { key, text, type, depth: int(b.depth, 0, 4) || 0, inlineStyleRanges, entityRanges, data: {} };
  });
  return blocks.length ? { blocks, entityMap } : emptyRaw();
}

/** A raw state of plain text, one block per line. */
export function textRaw(text) {
  const lines = String(text ?? '').split(/\r?\n/);
  return {
    blocks: lines.map((t, i) => ({ key: `t${i}`, text: t, type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} })),
    entityMap: {},
  };
}

/** The plain text of stored content (for summaries and emptiness checks). */
export function rawText(input) {
  return normaliseRaw(input).blocks.map((b) => b.text).join('\n');
}
