import { useState } from 'react';
import { toast } from '../../lib/toast.js';
import { linkBars } from './api.js';
import { failureText } from './useBarDrag.js';

/** The line being drawn, over everything (pixels of the viewport). */
export function LinkingLine({ line }) {
  if (!line) return null;
  return (
    <svg className="gantt__linking" aria-hidden="true" data-testid="gantt-linking">
      <line x1={line.x1} y1={line.y1} x2={line.x2} y2={line.y2} />
    </svg>
  );
}

/** Relate the row dragged from to the one dropped on (finish to start); then `onChanged`, or the server's refusal. */
const relate = (onChanged) => (from, toId) => linkBars(from.links.add_relation, toId)
  .then(() => { if (onChanged) onChanged(); })
  .catch((err) => toast(failureText(err), 'error'));

/**
 * Drawing a relation on the Gantt (issue 42, point 7): from the link handle at a bar's end, a line follows the
 * pointer; released over another row's bar, that row follows this one (a finish-to-start relation through the
 * row's `add_relation` form), then `onChanged`. `line`: {x1, y1, x2, y2} in the viewport's pixels while drawing.
 */
export default function useLinkDrag(onChanged) {
  const onDrop = relate(onChanged);
  const [line, setLine] = useState(null);
  const start = (row, e) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation(); // not a move of the bar
    const x1 = e.clientX;
    const y1 = e.clientY;
    setLine({ x1, y1, x2: x1, y2: y1 });
    const move = (ev) => setLine({ x1, y1, x2: ev.clientX, y2: ev.clientY });
    const up = (ev) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      setLine(null);
      const over = document.elementFromPoint(ev.clientX, ev.clientY);
      const target = over && over.closest('[data-testid=gantt-row]');
      const id = target ? Number(target.dataset.id) : null;
      if (id && id !== row.id) onDrop(row, id);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  return { line, start };
}
