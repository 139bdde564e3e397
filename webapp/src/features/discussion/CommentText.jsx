import { parseComment } from './commentMarkup.js';

export const LINK_REL = 'noopener noreferrer nofollow';

/** Inline nodes as elements; text stays text (React escapes it) and a link's address is http, https or mailto. */
function Inline({ nodes }) {
  return nodes.map((n, i) => {
    switch (n.type) {
      case 'strong': return <strong key={i}><Inline nodes={n.children} /></strong>;
      case 'em': return <em key={i}><Inline nodes={n.children} /></em>;
      case 'code': return <code key={i} className="dc-md__code">{n.text}</code>;
      case 'link':
        return <a key={i} href={n.href} target="_blank" rel="noopener noreferrer nofollow" className="dc-md__link"><Inline nodes={n.children} /></a>;
      case 'mention':
        return <span key={i} className="mention-chip" data-testid="mention" data-user-id={n.id}>@{n.name}</span>;
      default: return n.text;
    }
  });
}

function Block({ block }) {
  if (block.type === 'code') return <pre className="dc-md__pre"><code>{block.text}</code></pre>;
  if (block.type === 'list') {
    const items = block.items.map((item, i) => <li key={i}><Inline nodes={item} /></li>);
    return block.ordered
      ? <ol className="dc-md__list" start={block.start === 1 ? undefined : block.start}>{items}</ol>
      : <ul className="dc-md__list">{items}</ul>;
  }
  return <div className="dc-md__p"><Inline nodes={block.children} /></div>;
}

/**
 * A comment's text with its light formatting (commentMarkup.js) and each mention as a chip: elements built from
 * the parsed text, never HTML.
 */
export default function CommentText({ text }) {
  const blocks = parseComment(text);
  return (
    <div className="dc-comment__text" data-testid="comment-text">
      {blocks.map((b, i) => <Block key={i} block={b} />)}
    </div>
  );
}
