/** The discussion's calls (spec §7 Discussion, Comment): pages of threads, posting (with attachments), deleting. */
import api from '../../lib/apiClient.js';
import { withQuery } from '../../lib/paging.js';

/** One page of a module's threads (a comment with all its replies), newest first: {list, meta}. */
export const listThreads = (moduleId, page, perPage) => (
  api.get(withQuery(`/api/discussion/list/${moduleId}`, { page, perPage, sort: '-id' })).then((r) => r.data));

function postForm(text, fileIds) {
  const fd = new FormData();
  fd.append('title', '');
  fd.append('content', text);
  if (fileIds && fileIds.length) fd.append('attachments', fileIds.join(','));
  return fd;
}

/** Post a comment (or a reply) to an add_comment or reply link's url, carrying the vault files `fileIds`. */
export const postComment = (url, text, fileIds) => api.post(url, postForm(text, fileIds));

/** Delete a comment through its delete link. */
export const deleteComment = (comment) => api.delete(comment.links.delete.url);

/** The people who may be @mentioned (the module's `mentionable` link), whose name holds `q`: [{id, name, avatar}]. */
export const findMentionable = (url, q) => api.get(withQuery(url, { q })).then((r) => r.data.list || []);
