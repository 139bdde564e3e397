/** Calls of the knowledge library (spec §7 Articles). */
import api from '../../lib/apiClient.js';
import { t } from '../../lib/i18n.js';
import { isVaultImageSrc } from '../../lib/richText.js';

/** GET /api/article/list/{moduleId}: the article tree. */
export const listArticles = (moduleId) => api.get(`/api/article/list/${moduleId}`).then((r) => r.data.list || []);

/** GET /api/article/view/{moduleId}/{articleId}: one article with its content and links. */
export const viewArticle = (moduleId, articleId) => api.get(`/api/article/view/${moduleId}/${articleId}`).then((r) => r.data.item);

/** POST /api/article/add/{moduleId}: multipart title, content and an optional parentArticleId. */
export function addArticle(moduleId, { title, content, parentArticleId }) {
  const fd = new FormData();
  fd.append('title', title);
  fd.append('content', content);
  if (parentArticleId) fd.append('parentArticleId', String(parentArticleId));
  return api.post(`/api/article/add/${moduleId}`, fd).then((r) => r.data.item);
}

/**
 * POST (override PUT) /api/article/edit/{moduleId}/{articleId} with title and content, and the version the editor
 * opened (someone else's save meanwhile answers 409 'This item was changed by someone else...').
 */
export function editArticle(moduleId, articleId, { title, content, version }, url) {
  const fd = new FormData();
  fd.append('title', title);
  fd.append('content', content);
  if (version !== undefined && version !== null) fd.append('_version', String(version));
  fd.append('_method', 'PUT');
  return api.post(url || `/api/article/edit/${moduleId}/${articleId}`, fd).then((r) => r.data.item);
}

/** DELETE to the article's own delete link. */
export function deleteArticle(article) {
  return api.delete(article.links.delete.url).then((r) => r.data);
}

/**
 * Upload an image for an article to the module's vault (its add_file link, as the files tab does), titled by its alt
 * text: answers the file's download URL, which the article's IMAGE block shows.
 */
export async function uploadArticleImage(link, file, alt) {
  const fd = new FormData();
  fd.append('title', (alt || file.name).slice(0, 200));
  fd.append('file', file);
  const item = (await api.post(link.url, fd)).data.item;
  const src = item && item.links && item.links.download && item.links.download.url;
  if (!isVaultImageSrc(src)) throw new Error(t('knowledge.imageNotShown'));
  return src;
}
