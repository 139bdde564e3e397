/** The DataTable's header rows (sortable headers: click, Enter or Space) and, in client mode, its filter row. */
import { t } from '../../lib/i18n.js';
import { keptClasses } from './columns.js';

function sortMark(col) {
  if (!col.isSorted) return '\u00a0⇅';
  return col.isSortedDesc ? '\u00a0▼' : '\u00a0▲';
}

/** The name a header-less column is heard by: its `srHeader`, else the one of the usual ids, else its id. */
function srTitle(col) {
  if (col.srHeader) return col.srHeader;
  if (col.id === 'actions') return t('common.actions');
  if (col.id === 'avatar') return t('components.avatar');
  return String(col.id || '').replace(/^./, (c) => c.toUpperCase());
}
/** A column without a visible header (actions, avatar) still names itself to screen readers (`srHeader`). */
const hasHeader = (col) => typeof col.Header !== 'string' || col.Header.trim() !== '';

function HeaderCell({ col, onSort }) {
  let toggle;
  if (col.canSort) toggle = onSort ? { onClick: () => onSort(col) } : col.getSortByToggleProps({ title: undefined });
  const { key, ...hp } = col.getHeaderProps(toggle);
  const sort = col.isSorted ? (col.isSortedDesc ? 'descending' : 'ascending') : undefined;
  const onKeyDown = (e) => {
    if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); hp.onClick(e); }
  };
  return (
    <th key={key} {...hp} style={{ ...(hp.style || {}), width: col.width !== 150 ? col.width : undefined }}
      className={['dt__th', col.canSort && 'dt__th--sortable', ...keptClasses(col)].filter(Boolean).join(' ')} aria-sort={sort}
      tabIndex={col.canSort ? 0 : undefined} onKeyDown={col.canSort ? onKeyDown : undefined}
      data-testid={`th-${col.id}`}>
      {hasHeader(col) ? col.render('Header') : <span className="sr-only">{srTitle(col)}</span>}
      {col.canSort && <span className="dt__sort" aria-hidden="true">{sortMark(col)}</span>}
    </th>
  );
}

/** `onSort(column)`: server mode's sort; client mode sorts through react-table's own toggle. */
export default function TableHead({ headerGroups, showFilters, onSort }) {
  return (
    <thead>
      {headerGroups.map((group) => {
        const { key, ...groupProps } = group.getHeaderGroupProps();
        return (
          <tr key={key} {...groupProps}>
            {group.headers.map((col) => <HeaderCell key={col.id} col={col} onSort={onSort} />)}
          </tr>
        );
      })}
      {showFilters && headerGroups.length > 0 && (
        <tr className="dt__filters">
          {headerGroups[headerGroups.length - 1].headers.map((col) => (
            <td key={col.id} className={['dt__filter-cell', ...keptClasses(col)].filter(Boolean).join(' ')}>{col.hasFilter && col.canFilter ? col.render('Filter') : null}</td>
          ))}
        </tr>
      )}
    </thead>
  );
}
