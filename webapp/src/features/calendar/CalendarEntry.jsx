import { Link } from 'react-router-dom';
import StatusBadge from '../../components/StatusBadge.jsx';
import { formatDate } from '../../lib/dates.js';
import { t } from '../../lib/i18n.js';

/** What an entry is, in words (never in colour alone). */
export function kindLabel(kind) {
  switch (kind) {
    case 'start': return t('calendar.kindStart');
    case 'milestone': return t('calendar.kindMilestone');
    case 'completion': return t('calendar.kindCompletion');
    default: return t('calendar.kindDeadline');
  }
}

/** The kind in words, a milestone with its diamond. */
function Kind({ kind }) {
  return (
    <span className="cal-chip__kind">
      {kind === 'milestone' && <span aria-hidden="true">◆ </span>}
      {kindLabel(kind)}
    </span>
  );
}

/** Where a lifted entry would land: a mark in that day, for the eye only (the live region says it). */
export function GhostEntry({ entry }) {
  return (
    <li className={`cal-chip cal-chip--${entry.kind} cal-chip--ghost`} aria-hidden="true">
      <Kind kind={entry.kind} />
      <span className="cal-chip__name">{entry.row.name}</span>
    </li>
  );
}

/**
 * One entry (a date of an item) as a chip: its kind, its name (a link to `hrefOf(row)`) and, `detailed`, the item's
 * type, project and status. A movable entry is dragged by the pointer anywhere on the chip, and moved by the
 * keyboard on its move button (useCalendarMoves); the two are siblings of the link, never nested in it.
 */
export default function CalendarEntry({ entry, cal, detailed = false }) {
  const { moves } = cal;
  const { row, kind } = entry;
  const lifted = !!(moves.lifted && moves.lifted.entry.key === entry.key);
  const busy = moves.busy(entry);
  const href = cal.hrefOf ? cal.hrefOf(row) : null;
  const cls = ['cal-chip', `cal-chip--${kind}`, entry.movable && 'cal-chip--movable', lifted && 'cal-chip--lifted',
    busy && 'cal-chip--busy', detailed && 'cal-chip--detailed'].filter(Boolean).join(' ');
  const context = [row.typeLabel, row.entryName, row.projectName, row.parentName].filter(Boolean).join(' · ');
  const status = row.deliverable && row.deliverable.status;
  return (
    <li className={cls} data-testid="calendar-item" data-id={row.id} data-kind={kind} data-date={entry.date}
      data-movable={entry.movable ? 'true' : 'false'} aria-busy={busy || undefined} title={detailed ? undefined : context || undefined}
      onPointerDown={entry.movable ? cal.onPointerDown(entry) : undefined}>
      {entry.movable && (
        <button type="button" className="cal-chip__move" data-move-key={entry.key} aria-pressed={lifted}
          aria-label={t('calendar.moveEntry', { name: row.name, kind: kindLabel(kind), date: formatDate(entry.date) })}
          aria-describedby={cal.helpId} onKeyDown={moves.onKeyDown(entry)} onBlur={moves.onBlur(entry)}>
          <span aria-hidden="true">⠿</span>
        </button>
      )}
      <Kind kind={kind} />
      {href
        ? <Link to={href} className="cal-chip__name" draggable={false}>{row.name}</Link>
        : <span className="cal-chip__name">{row.name}</span>}
      {detailed && (context || status) && (
        <span className="cal-chip__detail">
          {context && <span className="cal-chip__context">{context}</span>}
          {status && <StatusBadge status={status} />}
        </span>
      )}
    </li>
  );
}
