/**
 * The comments tab (spec §2 Comments, §4, §8): a threaded discussion with replies indented 32px, author and
 * date, edit (the comment's server form) and delete only where the links are, reply boxes that open on
 * focus, and a refresh every 30 seconds that keeps whatever is being typed. The API pages threads (a comment
 * with all its replies): the newest first, older ones on demand. While the module's live stream is up, a new,
 * edited or deleted comment shows at once and the 30-second refresh rests (it is the fallback when the stream is
 * down). Typing '@' in a box offers the people to mention. Whoever may upload to the module's vault (its add_file
 * link) attaches files to a comment or reply; each comment lists the files it carries.
 */
import { useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import FormDialog from '../../components/FormDialog.jsx';
import Loading from '../../components/Loading.jsx';
import useConfirmAction from '../../hooks/useConfirmAction.js';
import { t } from '../../lib/i18n.js';
import { deleteComment, postComment } from './api.js';
import CommentNode from './CommentNode.jsx';
import { plainText } from './mentions.js';
import ReplyBox from './ReplyBox.jsx';
import { buildThread, countComments, REFRESH_MS } from './thread.js';
import useThreads from './useThreads.js';
import './discussion.css';

export { THREADS_PER_PAGE } from './useThreads.js';

function ShowOlder({ left, busy, onClick }) {
  return (
    <div className="more">
      <button type="button" className="btn btn--small" onClick={onClick} disabled={busy} data-testid="comments-more">
        {busy ? t('common.loading') : t('discussion.showOlder')}
      </button>
      <span className="muted" data-testid="comments-left">{t('discussion.moreThreads', { count: left })}</span>
    </div>
  );
}

/** Whether the discussion is live (a stream) or refreshed every 30 seconds. */
function LiveState({ state }) {
  const live = state === 'live';
  return (
    <span className={live ? 'live-state live-state--on' : 'live-state'} data-testid="live-state" data-state={state}
      title={live ? t('discussion.liveTitle') : t('discussion.notLiveTitle')}>
      {live ? t('discussion.live') : t('discussion.refreshing')}
    </span>
  );
}

export default function Discussion({ module, refreshMs = REFRESH_MS }) {
  const moduleId = module.id;
  const { state, load, showOlder, busy, live } = useThreads(moduleId, refreshMs, module);
  const [replyingTo, setReplyingTo] = useState(null);
  const [editing, setEditing] = useState(null);
  const del = useConfirmAction(async (comment) => { await deleteComment(comment); load(); }, t('discussion.deleteFailed'));

  const links = module.links || {};
  const mentionUrl = links.mentionable && links.mentionable.url;
  const attachLink = links.add_file;
  const addComment = async (text, fileIds) => {
    await postComment((links.add_comment && links.add_comment.url) || `/api/comment/add/${moduleId}`, text, fileIds);
    await load();
  };
  const reply = async (parent, text, fileIds) => {
    await postComment(parent.links.reply.url, text, fileIds);
    setReplyingTo(null);
    await load();
  };

  const thread = buildThread(state.list);
  const count = countComments(state.list);
  const threadsShown = state.list.filter((c) => c.parentId === null || c.parentId === undefined).length;
  return (
    <div className="dc" data-testid="discussion">
      <div className="dc__head">
        <h2 className="section-title">{t('discussion.comments')}</h2>
        <span className="muted" data-testid="comment-count">{t('discussion.commentCount', { count })}</span>
        <LiveState state={live} />
      </div>
      {links.add_comment && (
        <ReplyBox placeholder={t('discussion.writeComment')} testId="new-comment" onPost={addComment} mentionUrl={mentionUrl} attachLink={attachLink} />
      )}
      {state.status === 'loading' && <Loading inline />}
      {state.status === 'failed' && <div className="form__error" role="alert">{state.error}</div>}
      {state.status === 'succeeded' && !thread.length && <div className="empty" data-testid="no-comments">{t('discussion.noComments')}</div>}
      <ul className="dc-thread" data-testid="comment-thread">
        {thread.map((n) => (
          <CommentNode key={n.comment.id} node={n} depth={0} replyingTo={replyingTo} setReplyingTo={setReplyingTo}
            onReply={reply} onEdit={setEditing} onDelete={del.ask} mentionUrl={mentionUrl} attachLink={attachLink} />
        ))}
      </ul>
      {state.status === 'succeeded' && state.total > threadsShown && <ShowOlder left={state.total - threadsShown} busy={busy} onClick={showOlder} />}
      {editing && (
        <FormDialog title={t('discussion.editComment')} url={editing.links.edit.url} submitLabel={t('common.save')}
          onClose={() => setEditing(null)} onSuccess={() => load()} />
      )}
      {del.target && (
        <ConfirmDialog title={t('discussion.deleteComment')} action={del}
          detail={<span className="dc-confirm__quote">&lsquo;{plainText(del.target.content).slice(0, 140)}&rsquo;</span>} />
      )}
    </div>
  );
}
