/**
 * Search hits (GET /api/search) for the screens: their kinds, how a page of hits groups by kind, and where a hit
 * opens in the webapp (the module page, the article reader, the file's preview, the reference or comment on its tab).
 */
import { portalHref } from '../../lib/format.js';
import { formatNumber, t } from '../../lib/i18n.js';

export const KINDS = ['module', 'article', 'file', 'reference', 'comment', 'value'];
/** The file types a search can keep (GET /api/search `fileType`; a file hit's `fileType`). */
export const FILE_TYPES = ['pdf', 'document', 'spreadsheet', 'presentation', 'text', 'image', 'other'];

/** A kind's name: 'File' (count 1) or 'Files'; a kind not known here as the server names it. */
export function kindLabel(kind, count = 1) {
  switch (kind) {
    case 'module': return t('search.kindModule', { count });
    case 'article': return t('search.kindArticle', { count });
    case 'file': return t('search.kindFile', { count });
    case 'reference': return t('search.kindReference', { count });
    case 'comment': return t('search.kindComment', { count });
    case 'value': return t('search.kindValue', { count });
    default: return count === 1 ? kind : `${kind}s`;
  }
}

/** A file type's name: 'Document' (count 1) or 'Documents'; 'Other'; a type not known here as the server names it. */
export function fileTypeLabel(type, count = 1) {
  switch (type) {
    case 'pdf': return t('search.fileTypePdf', { count });
    case 'document': return t('search.fileTypeDocument', { count });
    case 'spreadsheet': return t('search.fileTypeSpreadsheet', { count });
    case 'presentation': return t('search.fileTypePresentation', { count });
    case 'text': return t('search.fileTypeText', { count });
    case 'image': return t('search.fileTypeImage', { count });
    case 'other': return t('search.fileTypeOther');
    default: return type;
  }
}

/** Where in its file a hit's words are ('Page 3', a presentation's 'Slide 3'); null when the server gave no page. */
export function hitPageLabel(hit) {
  return Number.isInteger(hit.page) ? t('search.hitPage', { page: hit.page, type: hit.fileType || 'other' }) : null;
}

/** What a hit is called: its (marked) title; a value's field label; a comment's author; else its kind. */
export function hitTitle(hit) {
  if (hit.kind === 'value') return hit.label || kindLabel('value');
  if (hit.title) return hit.title;
  if (hit.kind === 'comment' && hit.author && hit.author.name) return t('search.commentBy', { name: hit.author.name });
  return kindLabel(hit.kind);
}

/** The tag of a hit: a module's type ('Task'), a file's type ('PDF'; 'File' for other types), else its kind. */
export function hitTag(hit) {
  if (hit.kind === 'module' && hit.module && hit.module.typeLabel) return hit.module.typeLabel;
  if (hit.kind === 'file' && FILE_TYPES.includes(hit.fileType) && hit.fileType !== 'other') return fileTypeLabel(hit.fileType);
  return kindLabel(hit.kind);
}

/**
 * The hits grouped by kind, the groups in the order of their best hit (hits come best first), each with the
 * number of hits of its kind over every page (`counts`: facets.kind) when given.
 */
export function groupHits(hits, counts = {}) {
  const groups = [];
  const byKind = new Map();
  (hits || []).forEach((hit) => {
    let group = byKind.get(hit.kind);
    if (!group) {
      group = { kind: hit.kind, label: kindLabel(hit.kind, 2), hits: [], total: 0 };
      byKind.set(hit.kind, group);
      groups.push(group);
    }
    group.hits.push(hit);
  });
  groups.forEach((g) => { g.total = Number.isFinite(counts[g.kind]) ? counts[g.kind] : g.hits.length; });
  return groups;
}

/** The hits in the order the grouped list shows them (what ↑ and ↓ walk through). */
export function flatten(groups) {
  return groups.flatMap((g) => g.hits);
}

/**
 * The page of the hit's module, under the module the user enters by (`entryId`: their portal, or a project when
 * that is all they see), as the portal's routes open it (app/portal/PortalRoutes.jsx): the entry itself as a
 * module page; a module right below it as a Work page (`projects/{id}`); deeper ones as the overlays of the module
 * page, one per level, each under the tab it lives in (`.../projects/{p}/phases/{ph}/tasks/{t}`).
 */
export function modulePageHref(hit) {
  const home = portalHref({ id: hit.entryId, platform: hit.platform });
  const module = hit.module || {};
  if (String(module.id) === String(hit.entryId)) return `${home}/module/${module.id}`;
  const trail = hit.ancestors || [];
  const at = trail.findIndex((a) => String(a.id) === String(hit.entryId));
  const below = [...trail.slice(at + 1), module];
  const [first, ...rest] = below;
  return [`${home}/projects/${first.id}`, ...rest.map((a) => `${a.tab}/${a.id}`)].join('/');
}

/** Where the hit opens: the module page, the article in the reader, the file's preview (at its page), the reference
 * or comment on its tab. */
export function hitHref(hit) {
  const page = modulePageHref(hit);
  switch (hit.kind) {
    case 'article':
      return `${page}/knowledge/reader/${hit.id}`;
    case 'file': // the Files tab opens the file's preview pane, at the page of the words when known
      return `${page}/files?hit=file-${hit.id}&preview=1${Number.isInteger(hit.page) ? `&page=${hit.page}` : ''}`;
    case 'reference':
      return `${page}/references?hit=reference-${hit.id}`;
    case 'comment':
      return `${page}/comments?hit=comment-${hit.id}`;
    default:
      return page;
  }
}

/** How many hits an answer's meta counts: '1,000+' beyond the server's cap (meta.totalIsApproximate). */
export function countLabel(meta) {
  const total = (meta && meta.total) || 0;
  return `${formatNumber(total)}${meta && meta.totalIsApproximate ? '+' : ''}`;
}

/** The address of the full results page for a query (`module`: only in that module's subtree). */
export function resultsHref(q, moduleId) {
  const qs = new URLSearchParams({ q });
  if (moduleId) qs.set('module', String(moduleId));
  return `/search?${qs.toString()}`;
}

/** The option ↓ (dir 1) or ↑ (dir -1) moves to among `count` options, round the end; -1: none yet. */
export function nextActive(active, count, dir) {
  if (count <= 0) return -1;
  if (active < 0) return dir > 0 ? 0 : count - 1;
  return (active + dir + count) % count;
}
