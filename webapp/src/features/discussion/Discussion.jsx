/**
 * The comments tab (spec §2 Comments, §4, §8): a threaded discussion with replies indented 32px, author and
 * date, edit (the comment's server form) and delete only where the links are, reply boxes that open on
 * focus, and a refresh every 30 seconds that keeps whatever is being typed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import Avatar from '../../components/Avatar.jsx';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import FormDialog from '../../components/FormDialog.jsx';
import Loading from '../../components/Loading.jsx';
import api, { errorMessage } from '../../lib/apiClient.js';
import {
  buildThread, canPost, countComments, DELETE_FAILED, DELETED_TEXT, formatCommentDate, REFRESH_MS, REPLY_INDENT_PX,
} from './thread.js';
import './discussion.css';

/** A reply box: opens on focus; Post Reply is disabled while empty; Cancel clears it. */
export function ReplyBox({ placeholder = 'Write a reply…', onPost, onCancel, autoFocus = false, testId = 'reply-box' }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(autoFocus);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const area = useRef(null);
  const live = useRef(true);
  useEffect(() => () => { live.current = false; }, []);
  useEffect(() => { if (autoFocus && area.current) area.current.focus(); }, [autoFocus]);

  const cancel = () => {
    setText('');
    setError(null);
    setOpen(false);
    if (onCancel) onCancel();
  };
  const post = async (e) => {
    e.preventDefault();
    if (!canPost(text) || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onPost(text.trim());
      if (!live.current) return;
      setText('');
      setOpen(false);
      if (area.current) area.current.blur();
    } catch (err) {
      if (live.current) setError(errorMessage(err, 'The comment could not be posted'));
    } finally {
      if (live.current) setBusy(false);
    }
  };
  return (
    <form className={open ? 'dc-reply dc-reply--open' : 'dc-reply'} onSubmit={post} data-testid={testId}>
      <textarea ref={area} className="dc-reply__text" value={text} placeholder={placeholder} rows={open ? 3 : 1}
        aria-label={placeholder} disabled={busy} onFocus={() => setOpen(true)}
        onChange={(e) => { setText(e.target.value); setError(null); }} />
      {open && (
        <div className="dc-reply__actions">
          {error && <span className="field__error" role="alert">{error}</span>}
          <button type="button" className="btn btn--small" onClick={cancel} disabled={busy}>Cancel</button>
          <button type="submit" className="btn btn--small btn--primary" disabled={!canPost(text) || busy}>
            {busy ? 'Posting...' : 'Post Reply'}
          </button>
        </div>
      )}
    </form>
  );
}

function CommentNode({ node, depth, replyingTo, setReplyingTo, onReply, onEdit, onDelete }) {
  const c = node.comment;
  const links = c.links || {};
  return (
    <li className="dc-node" data-testid="comment" data-comment-id={c.id} data-depth={depth}>
      <div className={c.deleted ? 'dc-comment dc-comment--deleted' : 'dc-comment'} data-testid="comment-body">
        {c.deleted ? (
          <div className="dc-comment__tomb" data-testid="comment-tombstone">{DELETED_TEXT}</div>
        ) : (
          <>
            <div className="dc-comment__head">
              <Avatar name={c.createdBy || ''} src={c.avatar || null} size={30} />
              <span className="dc-comment__author" data-testid="comment-author">{c.createdBy || 'n/a'}</span>
              <span className="dc-comment__date muted" data-testid="comment-date">{formatCommentDate(c.created)}</span>
              {c.updated && <span className="dc-comment__edited muted" title={formatCommentDate(c.updated)}>(edited)</span>}
            </div>
            {c.title && <div className="dc-comment__title">{c.title}</div>}
            <div className="dc-comment__text" data-testid="comment-text">{String(c.content || '').replace(/\r\n?/g, '\n')}</div>
            <div className="dc-comment__actions">
              {links.reply && (
                <button type="button" className="dc-action" onClick={() => setReplyingTo(replyingTo === c.id ? null : c.id)}
                  data-testid="comment-reply">Reply</button>
              )}
              {links.edit && <button type="button" className="dc-action" onClick={() => onEdit(c)} data-testid="comment-edit">Edit</button>}
              {links.delete && (
                <button type="button" className="dc-action dc-action--danger" onClick={() => onDelete(c)} data-testid="comment-delete">
                  Delete
                </button>
              )}
            </div>
          </>
        )}
      </div>
      {(node.replies.length > 0 || replyingTo === c.id) && (
        <ul className="dc-replies" style={{ marginLeft: REPLY_INDENT_PX }}>
          {replyingTo === c.id && links.reply && (
            <li className="dc-node dc-node--box">
              <ReplyBox autoFocus placeholder={`Reply to ${c.createdBy || 'this comment'}…`} testId="comment-reply-box"
                onPost={(text) => onReply(c, text)} onCancel={() => setReplyingTo(null)} />
            </li>
          )}
          {node.replies.map((r) => (
            <CommentNode key={r.comment.id} node={r} depth={depth + 1} replyingTo={replyingTo} setReplyingTo={setReplyingTo}
              onReply={onReply} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </ul>
      )}
    </li>
  );
}

function postForm(text) {
  const fd = new FormData();
  fd.append('title', '');
  fd.append('content', text);
  return fd;
}

export default function Discussion({ module, refreshMs = REFRESH_MS }) {
  const moduleId = module.id;
  const [state, setState] = useState({ status: 'loading', list: [], error: null });
  const [replyingTo, setReplyingTo] = useState(null);
  const [editing, setEditing] = useState(null);
  const [doomed, setDoomed] = useState(null);
  const [del, setDel] = useState({ busy: false, error: null });
  const seq = useRef(0);

  const load = useCallback(() => {
    const mine = ++seq.current;
    return api.get(`/api/discussion/list/${moduleId}`)
      .then((r) => { if (mine === seq.current) setState({ status: 'succeeded', list: r.data.list || [], error: null }); })
      .catch((err) => {
        // A failed refresh keeps the comments already shown.
        if (mine === seq.current) setState((s) => ({ ...s, status: s.list.length ? s.status : 'failed', error: errorMessage(err) }));
      });
  }, [moduleId]);

  useEffect(() => {
    load();
    const t = setInterval(load, refreshMs);
    return () => clearInterval(t);
  }, [load, refreshMs]);

  const links = module.links || {};
  const addComment = async (text) => {
    await api.post((links.add_comment && links.add_comment.url) || `/api/comment/add/${moduleId}`, postForm(text));
    await load();
  };
  const reply = async (parent, text) => {
    await api.post(parent.links.reply.url, postForm(text));
    setReplyingTo(null);
    await load();
  };
  const confirmDelete = async () => {
    setDel({ busy: true, error: null });
    try {
      await api.delete(doomed.links.delete.url);
      setDoomed(null);
      setDel({ busy: false, error: null });
      load();
    } catch (e) {
      setDel({ busy: false, error: DELETE_FAILED });
    }
  };

  const thread = buildThread(state.list);
  const count = countComments(state.list);
  return (
    <div className="dc" data-testid="discussion">
      <div className="dc__head">
        <h2 className="section-title">Comments</h2>
        <span className="muted" data-testid="comment-count">{count} comment{count === 1 ? '' : 's'}</span>
      </div>
      {links.add_comment && <ReplyBox placeholder="Write a comment…" testId="new-comment" onPost={addComment} />}
      {state.status === 'loading' && <Loading inline />}
      {state.status === 'failed' && <div className="form__error" role="alert">{state.error}</div>}
      {state.status === 'succeeded' && !thread.length && <div className="empty" data-testid="no-comments">No comments yet</div>}
      <ul className="dc-thread" data-testid="comment-thread">
        {thread.map((n) => (
          <CommentNode key={n.comment.id} node={n} depth={0} replyingTo={replyingTo} setReplyingTo={setReplyingTo}
            onReply={reply} onEdit={setEditing} onDelete={(c) => { setDel({ busy: false, error: null }); setDoomed(c); }} />
        ))}
      </ul>
      {editing && (
        <FormDialog title="Edit comment" url={editing.links.edit.url} submitLabel="Save"
          onClose={() => setEditing(null)} onSuccess={() => { setEditing(null); load(); }} />
      )}
      {doomed && (
        <ConfirmDialog title="Delete comment" busy={del.busy} error={del.error}
          detail={<span className="dc-confirm__quote">&lsquo;{String(doomed.content || '').slice(0, 140)}&rsquo;</span>}
          onConfirm={confirmDelete} onCancel={() => setDoomed(null)} />
      )}
    </div>
  );
}
