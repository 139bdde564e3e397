/** The columns of the time entries table: Day (with the lock mark), Person, Module, Activity, Hours, Note, actions. */
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '../../lib/dates.js';
import { t } from '../../lib/i18n.js';
import { formatHours } from './duration.js';

/** The mark of an entry whose month is approved: its time is locked (no Edit, no Delete). */
export function LockedMark() {
  return (
    <span className="time-lock" role="img" aria-label={t('time.lockedEntry')} title={t('time.lockedEntry')} data-testid="entry-locked">
      <svg width="13" height="13" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z" />
      </svg>
    </span>
  );
}

/** Edit and Delete, each only with the entry's own link. */
function EntryActions({ entry, onEdit, onDelete }) {
  const l = entry.links || {};
  if (!l.edit && !l.delete) return null;
  return (
    <span className="row-actions">
      {l.edit && <button type="button" className="btn btn--tiny" onClick={() => onEdit(entry)} data-testid="entry-edit">{t('common.edit')}</button>}
      {l.delete && (
        <button type="button" className="btn btn--tiny btn--danger-outline" onClick={() => onDelete(entry)} data-testid="entry-delete">
          {t('common.delete')}
        </button>
      )}
    </span>
  );
}

const personOf = (e) => (e.user ? e.user.name : '');
const activityOf = (e) => (e.activity ? e.activity.name : '');

/** `hrefOf(entry)`: the page of the entry's module (or null: its name as text); onEdit/onDelete(entry) must be stable. */
export default function useEntryColumns(hrefOf, onEdit, onDelete) {
  return useMemo(() => [
    {
      Header: t('time.day'), accessor: 'day', sortKey: 'day', held: true,
      Cell: ({ row, value }) => (
        <span className="nowrap time-day" data-testid="entry-day" data-date={value}>
          {formatDate(value)}{row.original.locked && <LockedMark />}
        </span>
      ),
    },
    { Header: t('time.person'), id: 'user', accessor: personOf, sortKey: 'user' },
    {
      Header: t('time.module'), accessor: 'moduleName', sortKey: 'module',
      Cell: ({ row, value }) => {
        const href = hrefOf ? hrefOf(row.original) : null;
        return href ? <Link to={href} data-testid="entry-module">{value}</Link> : <span data-testid="entry-module">{value}</span>;
      },
    },
    { Header: t('time.activity'), id: 'activity', accessor: activityOf },
    {
      Header: t('time.hours'), accessor: 'hours', sortKey: 'minutes', className: 'time-hours',
      Cell: ({ value }) => <span data-testid="entry-hours">{formatHours(value)}</span>,
    },
    { Header: t('time.note'), id: 'note', accessor: (e) => e.note || '', Cell: ({ value }) => <span className="time-note">{value}</span> },
    {
      Header: '', id: 'actions',
      Cell: ({ row }) => <EntryActions entry={row.original} onEdit={onEdit} onDelete={onDelete} />,
    },
  ], [hrefOf, onEdit, onDelete]);
}
