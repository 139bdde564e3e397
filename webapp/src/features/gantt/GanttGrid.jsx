/** What the chart draws once, not per row: the header of columns and the grid behind every row. */
import { useRef } from 'react';
import { t } from '../../lib/i18n.js';
import { TODAY_COLOUR } from './GanttRow.jsx';

/**
 * The name column's edge: a separator to drag (pointer) or move with the arrow keys (Shift: 40 px at a time,
 * Home and End: narrowest and widest). `width`: the column's now; `onResize(width)`: the new one, clamped there.
 */
function Resizer({ width, onResize, limits }) {
  const from = useRef(null);
  const keys = (e) => {
    const step = e.shiftKey ? 40 : 10;
    const to = { ArrowLeft: width - step, ArrowRight: width + step, Home: limits.min, End: limits.max }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    onResize(to);
  };
  // A focusable separator is a widget (WAI-ARIA 'separator'), which the lint rules take for a static element.
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/no-noninteractive-tabindex
    <div className="gantt__resizer" role="separator" tabIndex={0} aria-orientation="vertical" aria-label={t('gantt.resizeColumn')}
      aria-valuenow={width} aria-valuemin={limits.min} aria-valuemax={limits.max} data-testid="gantt-resizer"
      title={t('gantt.resizeColumnTitle')} onKeyDown={keys}
      onPointerDown={(e) => {
        e.preventDefault();
        from.current = { x: e.clientX, width };
        if (e.currentTarget.setPointerCapture) e.currentTarget.setPointerCapture(e.pointerId);
      }}
      onPointerMove={(e) => { if (from.current) onResize(from.current.width + e.clientX - from.current.x); }}
      onPointerUp={() => { from.current = null; }} onPointerCancel={() => { from.current = null; }} />
  );
}

/** The sticky header: 'Item' over the names (with the resize handle), one cell per day, week or month. */
export function GanttHead({ cols, labelWidth, onResize, limits }) {
  return (
    <div className="gantt__head">
      <div className="gantt__label">{t('gantt.item')}{onResize && <Resizer width={labelWidth} onResize={onResize} limits={limits} />}</div>
      <div className="gantt__track">
        {cols.map((c) => (
          <div key={c.key} className={c.weekend ? 'gantt__col gantt__col--weekend' : 'gantt__col'} style={{ left: `${c.left}%`, width: `${c.width}%` }}>
            <span>{c.label}</span><small>{c.sub}</small>
          </div>
        ))}
      </div>
    </div>
  );
}

/** Behind the rows, the body's full height: a line per column, weekends shaded, today's line. */
export function GanttCanvas({ cols, todayPos }) {
  return (
    <div className="gantt__canvas" aria-hidden="true">
      {cols.map((c) => (
        <div key={c.key} className={c.weekend ? 'gantt__gridcol gantt__gridcol--weekend' : 'gantt__gridcol'} style={{ left: `${c.left}%`, width: `${c.width}%` }} />
      ))}
      {todayPos >= 0 && todayPos <= 100 && (
        <div className="gantt__today" style={{ left: `${todayPos}%`, background: TODAY_COLOUR }} title={t('gantt.today')} data-testid="gantt-today" />
      )}
    </div>
  );
}
