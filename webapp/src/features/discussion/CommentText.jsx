import { splitMentions } from './mentions.js';

/** A comment's text with each mention as a chip; every part is text (React escapes it), never HTML. */
export default function CommentText({ text }) {
  const parts = splitMentions(String(text || '').replace(/\r\n?/g, '\n'));
  return (
    <div className="dc-comment__text" data-testid="comment-text">
      {parts.map((p, i) => (p.type === 'mention'
        ? <span key={i} className="mention-chip" data-testid="mention" data-user-id={p.id}>@{p.name}</span>
        : <span key={i}>{p.text}</span>))}
    </div>
  );
}
