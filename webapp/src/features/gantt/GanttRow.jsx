import { Link } from 'react-router-dom';
import Avatar from '../../components/Avatar.jsx';
import { formatDate } from '../../lib/dates.js';
import { statusStyle } from '../../lib/format.js';
import { barSpan, daysIn, isoDay, parseDay, position } from './window.js';

/** Spec §9: start blue, commenced orange, today pink, deadline green, completion purple. */
export const MARKERS = [
  ['startDate', 'Start', '#1d6fd8'],
  ['commencedDate', 'Commenced', '#f28c28'],
  ['deadline', 'Deadline', '#28a745'],
  ['completionDate', 'Completion', '#8e44ad'],
];
export const TODAY_COLOUR = '#e83e8c';

/** '<name>: <start> to <deadline>, <status>' (and the commenced and completion dates): the bar's name. */
export function barName(name, d) {
  const more = [['commenced', d.commencedDate], ['completed', d.completionDate]]
    .filter(([, v]) => v).map(([k, v]) => `, ${k} ${formatDate(v)}`).join('');
  return `${name}: ${formatDate(d.startDate) || 'no start date'} to ${formatDate(d.deadline) || 'no deadline'}, ${statusStyle(d.status).label}${more}`;
}

/** The bar: a button that drags (and takes arrow keys) when the row's links allow it, else a picture. */
function Bar({ name, d, span, modes, handlers, busy, dragging, helpId }) {
  const label = barName(name, d);
  const style = { left: `${span.left}%`, width: `${span.width}%`, background: statusStyle(d.status).colour };
  if (!modes.move && !modes.start && !modes.end) {
    return <div className="gantt__bar" style={style} title={label} role="img" aria-label={label} data-testid="gantt-bar" />;
  }
  const cls = ['gantt__bar', 'gantt__bar--edit', modes.move ? 'gantt__bar--move' : '', busy ? 'gantt__bar--busy' : '',
    dragging ? 'gantt__bar--dragging' : ''].filter(Boolean).join(' ');
  return (
    <button type="button" className={cls} style={style} title={label} aria-label={label} aria-describedby={helpId}
      aria-busy={busy || undefined} data-testid="gantt-bar" data-editable="true" {...handlers}>
      {modes.start && !span.cutStart && <span className="gantt__handle gantt__handle--start" data-edge="start" />}
      {modes.end && !span.cutEnd && <span className="gantt__handle gantt__handle--end" data-edge="end" />}
    </button>
  );
}

/** A parent's summary bar: from the first date to the last of the items below it. */
function SummaryBar({ name, summary }) {
  const label = `${name}: the items below run from ${formatDate(isoDay(summary.from))} to ${formatDate(isoDay(summary.to))}`;
  const { span } = summary;
  return (
    <div className={['gantt__summary', span.cutStart ? 'gantt__summary--cut-start' : '', span.cutEnd ? 'gantt__summary--cut-end' : ''].join(' ').trim()}
      style={{ left: `${span.left}%`, width: `${span.width}%` }} title={label} role="img" aria-label={label} data-testid="gantt-summary" />
  );
}

/**
 * One row at `top` pixels of the body: the fold toggle of a parent (`open`: true, false, or null without rows
 * below), the owner's avatar and the name indented by depth (sticky on the left; the whole name on hover), the
 * bar from start date to deadline coloured by status, a parent's `summary` bar, and the markers of the four
 * dates. `d`: the deliverable as shown.
 */
export default function GanttRow({ row, d, win, top, href, modes, handlers, busy, dragging, helpId, summary, open = null, onToggle }) {
  const n = daysIn(win);
  const span = d ? barSpan(win, parseDay(d.startDate), parseDay(d.deadline)) : null;
  return (
    <div className={open === null ? 'gantt__row' : 'gantt__row gantt__row--parent'} style={{ top }} data-testid="gantt-row" data-id={row.id}>
      <div className="gantt__label" style={{ paddingLeft: 10 + (row.depth || 0) * 16 }}>
        {open === null ? null : (
          <button type="button" className="gantt__toggle" aria-expanded={open} onClick={() => onToggle(row.id)}
            aria-label={`${open ? 'Collapse' : 'Expand'} ${row.name}`} data-testid="gantt-toggle">
            <span aria-hidden="true">{open ? '▾' : '▸'}</span>
          </button>
        )}
        {d && d.ownerName ? <Avatar name={d.ownerName} src={d.ownerAvatar || null} size={24} /> : <span className="gantt__noowner" />}
        {href ? <Link to={href} title={row.name}>{row.name}</Link> : <span title={row.name}>{row.name}</span>}
      </div>
      <div className="gantt__track">
        {summary && summary.span && <SummaryBar name={row.name} summary={summary} />}
        {span && <Bar name={row.name} d={d} span={span} modes={modes} handlers={handlers} busy={busy} dragging={dragging} helpId={helpId} />}
        {d && MARKERS.map(([key, , colour]) => {
          const day = parseDay(d[key]);
          if (day === null) return null;
          const p = position(win, day) + 50 / n;
          if (p < 0 || p > 100) return null;
          return <span key={key} className="gantt__marker" style={{ left: `${p}%`, background: colour }} data-marker={key} aria-hidden="true" />;
        })}
      </div>
    </div>
  );
}
