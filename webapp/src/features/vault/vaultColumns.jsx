/** Columns the files and references tables share: the title with its lock mark, the date added and its author. */
import { isoDate } from '../../lib/csv.js';
import { formatDate } from '../../lib/dates.js';
import { t } from '../../lib/i18n.js';
import { LockMark } from './VaultDialogs.jsx';

const byCreated = (a, b) => String(a.original.created || '').localeCompare(String(b.original.created || ''));

/**
 * The title column (`prefix`-title test id), with the lock mark of a locked item; held in sight when the table scrolls.
 * `render(item)`: what stands for the title instead (a file's thumbnail and title, which open its preview).
 */
export function titleColumn(prefix, lockedText, extra = {}, render = null) {
  return {
    Header: t('vault.title'),
    accessor: 'title',
    held: true,
    ...extra,
    Cell: ({ row }) => (
      <span className="vault-title">
        {row.original.locked && <LockMark text={lockedText} />}
        {render ? render(row.original) : <span data-testid={`${prefix}-title`}>{row.original.title}</span>}
      </span>
    ),
  };
}

/** The date added (sorted by the stored date, not its text) and who added it. */
export function createdColumns(header, extra = {}) {
  return [
    { Header: header, id: 'created', accessor: (x) => formatDate(x.created), csv: (x) => isoDate(x.created), sortType: byCreated, ...extra, Cell: ({ value }) => <span className="nowrap">{value}</span> },
    { Header: t('vault.createdBy'), accessor: (x) => x.createdBy || '', id: 'createdBy' },
  ];
}
