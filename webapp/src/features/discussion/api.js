/** The discussion's calls (spec §7 Discussion, Comment): pages of threads, posting, deleting. */
import api from '../../lib/apiClient.js';
import { withQuery } from '../../lib/paging.js';

/** One page of a module's threads (a comment with all its replies), newest first: {list, meta}. */
export const listThreads = (moduleId, page, perPage) => (
  api.get(withQuery(`/api/discussion/list/${moduleId}`, { page, perPage, sort: '-id' })).then((r) => r.data));

function postForm(text) {
  const fd = new FormData();
  fd.append('title', '');
  fd.append('content', text);
  return fd;
}

/** Post a comment (or a reply) to an add_comment or reply link's url. */
export const postComment = (url, text) => api.post(url, postForm(text));

/** Delete a comment through its delete link. */
export const deleteComment = (comment) => api.delete(comment.links.delete.url);

/** The people who may be @mentioned (the module's `mentionable` link), whose name holds `q`: [{id, name, avatar}]. */
export const findMentionable = (url, q) => api.get(withQuery(url, { q })).then((r) => r.data.list || []);
