/** Calls of the knowledge library (spec §7 Articles). */
import api from '../../lib/apiClient.js';

export const listUrl = (moduleId) => `/api/article/list/${moduleId}`;
export const viewUrl = (moduleId, articleId) => `/api/article/view/${moduleId}/${articleId}`;

/** POST /api/article/add/{moduleId}: multipart title, content and an optional parentArticleId. */
export function addArticle(moduleId, { title, content, parentArticleId }) {
  const fd = new FormData();
  fd.append('title', title);
  fd.append('content', content);
  if (parentArticleId) fd.append('parentArticleId', String(parentArticleId));
  return api.post(`/api/article/add/${moduleId}`, fd).then((r) => r.data.item);
}

/** POST (override PUT) /api/article/edit/{moduleId}/{articleId} with title and content. */
export function editArticle(moduleId, articleId, { title, content }, url) {
  const fd = new FormData();
  fd.append('title', title);
  fd.append('content', content);
  fd.append('_method', 'PUT');
  return api.post(url || `/api/article/edit/${moduleId}/${articleId}`, fd).then((r) => r.data.item);
}

/** DELETE to the article's own delete link. */
export function deleteArticle(article) {
  return api.delete(article.links.delete.url).then((r) => r.data);
}
