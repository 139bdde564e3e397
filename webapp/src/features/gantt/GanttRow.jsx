import { Link } from 'react-router-dom';
import Avatar from '../../components/Avatar.jsx';
import { formatDate } from '../../lib/dates.js';
import { statusStyle } from '../../lib/format.js';
import { t } from '../../lib/i18n.js';
import { floatText, projectMonth } from './plan.js';
import { barSpan, daysIn, isoDay, parseDay, position } from './window.js';

/** Spec §9: start blue, commenced orange, today pink, deadline green, completion purple ([date field, colour]). */
export const MARKERS = [
  ['startDate', '#1d6fd8'],
  ['commencedDate', '#f28c28'],
  ['deadline', '#28a745'],
  ['completionDate', '#8e44ad'],
];
export const TODAY_COLOUR = '#e83e8c';

/** A marker's name in the legend. */
export function markerLabel(field) {
  switch (field) {
    case 'startDate': return t('gantt.markerStart');
    case 'commencedDate': return t('gantt.markerCommenced');
    case 'deadline': return t('gantt.markerDeadline');
    default: return t('gantt.markerCompletion');
  }
}

/** A date as the Gantt says it: the calendar date, and the project month beside it where the portal shows them. */
function dateText(iso, planning) {
  const text = formatDate(iso);
  const month = planning && planning.projectMonths ? projectMonth(iso, planning.projectStart) : null;
  return text && month ? t('gantt.dateWithMonth', { date: text, month }) : text;
}

/**
 * '<name>: <start> to <deadline>, <status>' (and the commenced and completion dates; a milestone's one date; the
 * float, when the critical path is known): the bar's name.
 */
export function barName(name, d, row = {}, planning = null) {
  const when = d.milestone
    ? t('gantt.milestoneOn', { date: dateText(d.startDate || d.deadline, planning) })
    : t('gantt.fromTo', { start: dateText(d.startDate, planning) || t('gantt.noStartDate'), end: dateText(d.deadline, planning) || t('gantt.noDeadline') });
  const clauses = [when, statusStyle(d.status).label];
  if (d.commencedDate) clauses.push(t('gantt.commencedOn', { date: formatDate(d.commencedDate) }));
  if (d.completionDate) clauses.push(t('gantt.completedOn', { date: formatDate(d.completionDate) }));
  return t('gantt.barName', { name, details: clauses.join(', ') + floatText(row) });
}

/** The bar: a button that drags (and takes arrow keys) when the row's links allow it, else a picture. */
function Bar({ name, row, d, span, modes, handlers, busy, dragging, helpId, planning, onLinkStart }) {
  const label = barName(name, d, row, planning);
  const milestone = !!d.milestone;
  // A milestone: a diamond on its day (it moves whole; no ends to drag).
  const style = milestone
    ? { left: `calc(${span.left + span.width / 2}% - 8px)`, background: statusStyle(d.status).colour }
    : { left: `${span.left}%`, width: `${span.width}%`, background: statusStyle(d.status).colour };
  const marks = [milestone ? 'gantt__bar--milestone' : '', row.critical ? 'gantt__bar--critical' : ''];
  const extra = { 'data-critical': row.critical ? 'true' : undefined, 'data-milestone': milestone ? 'true' : undefined };
  if (!modes.move && !modes.start && !modes.end) {
    return <div className={['gantt__bar', ...marks].filter(Boolean).join(' ')} style={style} title={label} role="img"
      aria-label={label} data-testid="gantt-bar" {...extra} />;
  }
  const cls = ['gantt__bar', 'gantt__bar--edit', modes.move ? 'gantt__bar--move' : '', busy ? 'gantt__bar--busy' : '',
    dragging ? 'gantt__bar--dragging' : '', ...marks].filter(Boolean).join(' ');
  return (
    <button type="button" className={cls} style={style} title={label} aria-label={label} aria-describedby={helpId}
      aria-busy={busy || undefined} data-testid="gantt-bar" data-editable="true" {...extra} {...handlers}>
      {!milestone && modes.start && !span.cutStart && <span className="gantt__handle gantt__handle--start" data-edge="start" />}
      {!milestone && modes.end && !span.cutEnd && <span className="gantt__handle gantt__handle--end" data-edge="end" />}
      {onLinkStart && !span.cutEnd && (
        <span className="gantt__linker" data-edge="link" data-testid="gantt-linker" onPointerDown={(e) => onLinkStart(row, e)}
          title={t('gantt.linkerTitle')} />
      )}
    </button>
  );
}

/** The row's dates in the baseline shown (issue 42, point 5): a thin bar under today's. */
function BaselineBar({ win, dates, name }) {
  const span = barSpan(win, parseDay(dates.startDate), parseDay(dates.deadline));
  if (!span) return null;
  return <div className="gantt__baseline" style={{ left: `${span.left}%`, width: `${span.width}%` }} data-testid="gantt-baseline"
    title={t('gantt.baselineTitle', { name, start: formatDate(dates.startDate) || '…', end: formatDate(dates.deadline) || '…' })}
    aria-hidden="true" />;
}

/** Where a drag would move this row (the server's preview): a dashed outline at the new dates. */
function GhostBar({ win, ghost }) {
  const span = barSpan(win, parseDay(ghost.startDate), parseDay(ghost.deadline));
  if (!span) return null;
  return <div className="gantt__ghost" style={{ left: `${span.left}%`, width: `${span.width}%` }} aria-hidden="true" data-testid="gantt-ghost" />;
}

/** A parent's summary bar: from the first date to the last of the items below it. */
function SummaryBar({ name, summary }) {
  const label = t('gantt.summaryLabel', { name, start: formatDate(isoDay(summary.from)), end: formatDate(isoDay(summary.to)) });
  const { span } = summary;
  return (
    <div className={['gantt__summary', span.cutStart ? 'gantt__summary--cut-start' : '', span.cutEnd ? 'gantt__summary--cut-end' : ''].join(' ').trim()}
      style={{ left: `${span.left}%`, width: `${span.width}%` }} title={label} role="img" aria-label={label} data-testid="gantt-summary" />
  );
}

/**
 * One row at `top` pixels of the body: the fold toggle of a parent (`open`: true, false, or null without rows
 * below), the owner's avatar and the name indented by depth (sticky on the left; the whole name on hover), the
 * bar from start date to deadline coloured by status (a milestone's diamond; ringed when critical), a parent's
 * `summary` bar, where a drag would move it (`ghost`), its dates in a baseline (`baseline`), and the markers of
 * the four dates. `d`: the deliverable as
 * shown.
 */
export default function GanttRow({
  row, d, win, top, href, modes, handlers, busy, dragging, helpId, summary, open = null, onToggle, ghost = null, planning = null,
  baseline = null, onLinkStart = null,
}) {
  const n = daysIn(win);
  const span = d ? barSpan(win, parseDay(d.startDate), parseDay(d.deadline)) : null;
  return (
    <div className={open === null ? 'gantt__row' : 'gantt__row gantt__row--parent'} style={{ top }} data-testid="gantt-row" data-id={row.id}>
      <div className="gantt__label" style={{ paddingLeft: 10 + (row.depth || 0) * 16 }}>
        {open === null ? null : (
          <button type="button" className="gantt__toggle" aria-expanded={open} onClick={() => onToggle(row.id)}
            aria-label={open ? t('gantt.collapse', { name: row.name }) : t('gantt.expand', { name: row.name })} data-testid="gantt-toggle">
            <span aria-hidden="true">{open ? '▾' : '▸'}</span>
          </button>
        )}
        {d && d.ownerName ? <Avatar name={d.ownerName} src={d.ownerAvatar || null} size={24} /> : <span className="gantt__noowner" />}
        {href ? <Link to={href} title={row.name}>{row.name}</Link> : <span title={row.name}>{row.name}</span>}
      </div>
      <div className="gantt__track">
        {summary && summary.span && <SummaryBar name={row.name} summary={summary} />}
        {baseline && <BaselineBar win={win} dates={baseline} name={row.name} />}
        {ghost && <GhostBar win={win} ghost={ghost} />}
        {span && <Bar name={row.name} row={row} d={d} span={span} modes={modes} handlers={handlers} busy={busy} dragging={dragging}
          helpId={helpId} planning={planning} onLinkStart={row.links && row.links.add_relation ? onLinkStart : null} />}
        {d && MARKERS.map(([key, colour]) => {
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
