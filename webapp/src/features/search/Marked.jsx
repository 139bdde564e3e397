import { splitMarks } from './marks.js';

/** A title or snippet of a hit with its highlights as <mark>: every part is text (marks.js). */
export default function Marked({ text, className, testId }) {
  return (
    <span className={className} data-testid={testId}>
      {splitMarks(text).map((p, i) => (p.hit ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}
    </span>
  );
}
