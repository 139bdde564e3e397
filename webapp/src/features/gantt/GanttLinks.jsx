import { route } from './links.js';

// A broken relation (its successor starts before it allows) is red and dashed; one of the critical path, red.
const linkClass = (a) => ['gantt__link', a.kind === 'BLOCKS' ? 'gantt__link--blocks' : '',
  a.critical ? 'gantt__link--critical' : '', a.violated ? 'gantt__link--violated' : ''].filter(Boolean).join(' ');

/**
 * The relations' arrows over the timeline (issue 42): one SVG as tall as the body (x in percent of the timeline,
 * y in pixels; strokes keep their width however it stretches) and a head where each enters its bar. A picture
 * for the eye (the Relations panel of each module says the same in words); a pointer may click one (`onPick`).
 */
export default function GanttLinks({ arrows, height, rowHeight, onPick = null }) {
  if (!arrows.length) return null;
  return (
    <div className="gantt__links" aria-hidden="true" data-testid="gantt-links">
      <svg viewBox={`0 0 100 ${height}`} preserveAspectRatio="none" width="100%" height="100%">
        {onPick && arrows.map((a) => ( // a wide, unseen stroke to click: the arrow's lag, or its removal
          <path key={`hit-${a.id}`} d={route(a, rowHeight)} vectorEffect="non-scaling-stroke" className="gantt__link-hit"
            data-testid="gantt-link-hit" data-id={a.id} onClick={() => onPick(a)} />
        ))}
        {arrows.map((a) => (
          <path key={a.id} d={route(a, rowHeight)} vectorEffect="non-scaling-stroke" data-testid="gantt-link" data-kind={a.kind}
            data-critical={a.critical || undefined} data-violated={a.violated || undefined} className={linkClass(a)} />
        ))}
      </svg>
      {arrows.map((a) => (
        <span key={a.id} className={`gantt__arrowhead gantt__arrowhead--${a.enters}${a.violated || a.critical ? ' gantt__arrowhead--red' : ''}`}
          style={{ left: `${a.x2}%`, top: a.y2 }} />
      ))}
    </div>
  );
}
