/** What the chart draws once, not per row: the header of columns and the grid behind every row. */
import { TODAY_COLOUR } from './GanttRow.jsx';

/** The sticky header: 'Item' over the names, one cell per day, week or month. */
export function GanttHead({ cols }) {
  return (
    <div className="gantt__head">
      <div className="gantt__label">Item</div>
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
        <div className="gantt__today" style={{ left: `${todayPos}%`, background: TODAY_COLOUR }} title="Today" data-testid="gantt-today" />
      )}
    </div>
  );
}
