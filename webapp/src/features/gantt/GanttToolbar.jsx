import { formatDate } from '../../lib/dates.js';
import { t } from '../../lib/i18n.js';
import { MARKERS, TODAY_COLOUR, markerLabel } from './GanttRow.jsx';
import { ZOOMS, isoDay, rezoom, shift, stepLabel, windowFor, zoomLabel } from './window.js';

/** ‹ step, Today, step ›, Fit (the window of every date shown, `fitted`), the zoom (days, weeks, months), the dates shown and the legend. */
export default function GanttToolbar({ win, onWindow, today, fitted, critical = null }) {
  const step = stepLabel(win.zoom);
  return (
    <div className="gantt__tools">
      <button type="button" className="btn btn--small" onClick={() => onWindow(shift(win, -1))} data-testid="gantt-back">‹ {step}</button>
      <button type="button" className="btn btn--small" onClick={() => onWindow(windowFor(win.zoom, today))} data-testid="gantt-today-btn">{t('gantt.today')}</button>
      <button type="button" className="btn btn--small" onClick={() => onWindow(shift(win, 1))} data-testid="gantt-next">{step} ›</button>
      <button type="button" className="btn btn--small" onClick={() => onWindow(fitted)} disabled={!fitted}
        title={t('gantt.fitTitle')} data-testid="gantt-fit">{t('gantt.fit')}</button>
      <div className="toggle" role="group" aria-label={t('gantt.zoom')}>
        {ZOOMS.map((z) => (
          <button key={z} type="button" className={z === win.zoom ? 'toggle__btn toggle__btn--on' : 'toggle__btn'}
            aria-pressed={z === win.zoom} onClick={() => onWindow(rezoom(win, z, today))} data-testid={`gantt-zoom-${z}`}>
            {zoomLabel(z)}
          </button>
        ))}
      </div>
      {critical && (
        <button type="button" className={critical.on ? 'btn btn--small btn--on' : 'btn btn--small'} aria-pressed={critical.on}
          onClick={() => critical.set(!critical.on)} data-testid="gantt-critical"
          title={t('gantt.criticalOnlyTitle')}>{t('gantt.criticalOnly')}</button>
      )}
      <span className="muted" data-testid="gantt-range">{formatDate(isoDay(win.from))} – {formatDate(isoDay(win.to))}</span>
      <span className="gantt__legend">
        {MARKERS.map(([key, colour]) => <span key={key}><i style={{ background: colour }} />{markerLabel(key)}</span>)}
        <span><i style={{ background: TODAY_COLOUR }} />{t('gantt.today')}</span>
        {critical && <span><i className="gantt__legend-critical" />{t('gantt.critical')}</span>}
      </span>
    </div>
  );
}
