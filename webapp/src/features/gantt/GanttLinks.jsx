import { route } from './links.js';

/**
 * The relations' arrows over the timeline (issue 42): one SVG as tall as the body (x in percent of the timeline,
 * y in pixels; strokes keep their width however it stretches) and a head where each enters its bar. A picture
 * for the eye: the Relations panel of each module says the same in words.
 */
// A broken relation (its successor starts before it allows) is red and dashed; one of the critical path, red.
const linkClass = (a) => ['gantt__link', a.kind === 'BLOCKS' ? 'gantt__link--blocks' : '',
  a.critical ? 'gantt__link--critical' : '', a.violated ? 'gantt__link--violated' : ''].filter(Boolean).join(' ');

export default function GanttLinks({ arrows, height, rowHeight }) {
  if (!arrows.length) return null;
  return (
    <div className="gantt__links" aria-hidden="true" data-testid="gantt-links">
      <svg viewBox={`0 0 100 ${height}`} preserveAspectRatio="none" width="100%" height="100%">
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
