import { formatDate } from '../../lib/dates.js';
import { MARKERS, TODAY_COLOUR } from './GanttRow.jsx';
import { STEP_LABELS, ZOOMS, ZOOM_LABELS, isoDay, rezoom, shift, windowFor } from './window.js';

/** ‹ step, Today, step ›, Fit (the window of every date shown, `fitted`), the zoom (days, weeks, months), the dates shown and the legend. */
export default function GanttToolbar({ win, onWindow, today, fitted, critical = null }) {
  const step = STEP_LABELS[win.zoom];
  return (
    <div className="gantt__tools">
      <button type="button" className="btn btn--small" onClick={() => onWindow(shift(win, -1))} data-testid="gantt-back">‹ {step}</button>
      <button type="button" className="btn btn--small" onClick={() => onWindow(windowFor(win.zoom, today))} data-testid="gantt-today-btn">Today</button>
      <button type="button" className="btn btn--small" onClick={() => onWindow(shift(win, 1))} data-testid="gantt-next">{step} ›</button>
      <button type="button" className="btn btn--small" onClick={() => onWindow(fitted)} disabled={!fitted}
        title="Show every date of these items" data-testid="gantt-fit">Fit</button>
      <div className="toggle" role="group" aria-label="Zoom">
        {ZOOMS.map((z) => (
          <button key={z} type="button" className={z === win.zoom ? 'toggle__btn toggle__btn--on' : 'toggle__btn'}
            aria-pressed={z === win.zoom} onClick={() => onWindow(rezoom(win, z, today))} data-testid={`gantt-zoom-${z}`}>
            {ZOOM_LABELS[z]}
          </button>
        ))}
      </div>
      {critical && (
        <button type="button" className={critical.on ? 'btn btn--small btn--on' : 'btn btn--small'} aria-pressed={critical.on}
          onClick={() => critical.set(!critical.on)} data-testid="gantt-critical"
          title="Only the items whose delay delays the end, and the parents they sit under">Critical only</button>
      )}
      <span className="muted" data-testid="gantt-range">{formatDate(isoDay(win.from))} – {formatDate(isoDay(win.to))}</span>
      <span className="gantt__legend">
        {MARKERS.map(([, label, colour]) => <span key={label}><i style={{ background: colour }} />{label}</span>)}
        <span><i style={{ background: TODAY_COLOUR }} />Today</span>
        {critical && <span><i className="gantt__legend-critical" />Critical</span>}
      </span>
    </div>
  );
}
