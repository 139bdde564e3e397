/** Pure helpers of the discussion (spec §2 Comments, §4, §8, §9). */
import { formatApiDateTime } from '../../lib/dates.js';

/** The discussion is refreshed every 30 seconds. */
export const REFRESH_MS = 30 * 1000;
/** Replies are indented 32px. */
export const REPLY_INDENT_PX = 32;
export const COMMENT_DATE_FORMAT = 'Do MMM YYYY @ HH:mm';

/**
 * Comments (oldest first, replies carrying parentId) as a thread: [{comment, replies: [...]}].
 * A reply whose parent is missing from the list is shown at the top level rather than lost.
 */
export function buildThread(list) {
  const nodes = new Map();
  (list || []).forEach((c) => nodes.set(String(c.id), { comment: c, replies: [] }));
  const roots = [];
  (list || []).forEach((c) => {
    const node = nodes.get(String(c.id));
    const pid = c.parentId === null || c.parentId === undefined || c.parentId === '' ? null : String(c.parentId);
    const parent = pid !== null && pid !== String(c.id) ? nodes.get(pid) : null;
    if (parent && !isAncestor(node, parent)) parent.replies.push(node);
    else roots.push(node);
  });
  return roots;
}

function isAncestor(node, maybeDescendant) {
  // Guards against a cycle in malformed data: never attach a node under its own descendant.
  const stack = [...node.replies];
  while (stack.length) {
    const n = stack.pop();
    if (n === maybeDescendant) return true;
    stack.push(...n.replies);
  }
  return false;
}

/** Count of live (not deleted) comments. */
export function countComments(list) {
  return (list || []).filter((c) => !c.deleted).length;
}

/** 'Do MMM YYYY @ HH:mm' of an API date; one without a zone is UTC. */
export const formatCommentDate = formatApiDateTime;

/** Whether a draft may be posted: Post Reply is disabled while the text is empty. */
export function canPost(text) {
  return String(text || '').trim().length > 0;
}
