/**
 * Pure helpers of the knowledge library: the article tree, and the article date format (spec §3, §5, §9).
 */
import { formatApiDateTime, parseApiDate } from '../../lib/dates.js';
import { t } from '../../lib/i18n.js';

export { parseApiDate };

export const TITLE_MAX = 100;
export const ARTICLE_DATE_FORMAT = 'Do MMM YYYY @ HH:mm';

/** 'Do MMM YYYY @ HH:mm' (spec §9, on the 24-hour clock); a date without a zone is UTC. */
export const formatArticleDate = formatApiDateTime;

/** Title rule of spec §5: required, at most 100 characters. */
export function validateTitle(title) {
  const text = String(title || '').trim();
  if (!text) return t('knowledge.titleRequired');
  if (text.length > TITLE_MAX) return t('knowledge.titleTooLong', { max: TITLE_MAX });
  return null;
}

/** Every article of a tree, depth first, with its depth and parent id. */
export function flattenTree(list, depth = 0, parentId = null, out = []) {
  (list || []).forEach((a) => {
    out.push({ article: a, depth, parentId });
    flattenTree(a.children, depth + 1, a.id, out);
  });
  return out;
}

/** The article with this id in a tree, or null. */
export function findArticle(list, id) {
  const want = String(id);
  for (const row of flattenTree(list)) if (String(row.article.id) === want) return row.article;
  return null;
}

/** How many articles sit under this one (all levels). */
export function countDescendants(article) {
  return flattenTree(article && article.children).length;
}

/** The ids of the ancestors of an article, root first. */
export function ancestorIds(list, id) {
  const want = String(id);
  const parents = {};
  flattenTree(list).forEach((r) => { parents[String(r.article.id)] = r.parentId; });
  const out = [];
  let p = parents[want];
  while (p !== null && p !== undefined) {
    out.unshift(p);
    p = parents[String(p)];
  }
  return out;
}

/**
 * A same-site path to go back to, or the fallback: only '/...' paths (never '//host' or '/\\host',
 * never a scheme) are followed.
 */
export function safeBackUrl(value, fallback = '/') {
  if (typeof value !== 'string') return fallback;
  const s = value.trim();
  if (!s.startsWith('/') || s.startsWith('//') || s.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(s)) return fallback;
  return s;
}
