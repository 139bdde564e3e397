import Avatar from '../../components/Avatar.jsx';
import DateTime from '../../components/DateTime.jsx';
import { t } from '../../lib/i18n.js';
import CommentAttachments from './CommentAttachments.jsx';
import CommentText from './CommentText.jsx';
import { formatCommentDate, REPLY_INDENT_PX } from './thread.js';
import ReplyBox from './ReplyBox.jsx';

/** One comment (or its tombstone) with the files it carries, Reply, Edit and Delete as its links allow, and its replies below. */
export default function CommentNode({ node, depth, replyingTo, setReplyingTo, onReply, onEdit, onDelete, mentionUrl, attachLink }) {
  const c = node.comment;
  const links = c.links || {};
  return (
    <li className="dc-node" data-testid="comment" data-comment-id={c.id} data-depth={depth}>
      <div className={c.deleted ? 'dc-comment dc-comment--deleted' : 'dc-comment'} data-testid="comment-body">
        {c.deleted ? (
          <div className="dc-comment__tomb" data-testid="comment-tombstone">{t('discussion.deleted')}</div>
        ) : (
          <>
            <div className="dc-comment__head">
              <Avatar name={c.createdBy || ''} src={c.avatar || null} size={30} />
              <span className="dc-comment__author" data-testid="comment-author">{c.createdBy || t('discussion.notAvailable')}</span>
              <DateTime value={c.created} format={formatCommentDate} className="dc-comment__date muted" testId="comment-date" />
              {c.updated && (
                <span className="dc-comment__edited muted" title={t('discussion.editedOn', { date: formatCommentDate(c.updated) })}>
                  {t('discussion.edited')}
                </span>
              )}
            </div>
            {c.title && <div className="dc-comment__title">{c.title}</div>}
            <CommentText text={c.content} />
            <CommentAttachments files={c.attachments} />
            <div className="dc-comment__actions">
              {links.reply && (
                <button type="button" className="dc-action" onClick={() => setReplyingTo(replyingTo === c.id ? null : c.id)}
                  data-testid="comment-reply">{t('discussion.reply')}</button>
              )}
              {links.edit && <button type="button" className="dc-action" onClick={() => onEdit(c)} data-testid="comment-edit">{t('common.edit')}</button>}
              {links.delete && (
                <button type="button" className="dc-action dc-action--danger" onClick={() => onDelete(c)} data-testid="comment-delete">
                  {t('common.delete')}
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
              <ReplyBox autoFocus placeholder={c.createdBy ? t('discussion.replyTo', { name: c.createdBy }) : t('discussion.replyToComment')} testId="comment-reply-box"
                mentionUrl={mentionUrl} attachLink={attachLink}
                onPost={(text, fileIds) => onReply(c, text, fileIds)} onCancel={() => setReplyingTo(null)} />
            </li>
          )}
          {node.replies.map((r) => (
            <CommentNode key={r.comment.id} node={r} depth={depth + 1} replyingTo={replyingTo} setReplyingTo={setReplyingTo}
              onReply={onReply} onEdit={onEdit} onDelete={onDelete} mentionUrl={mentionUrl} attachLink={attachLink} />
          ))}
        </ul>
      )}
    </li>
  );
}
