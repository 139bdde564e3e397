import { useId } from 'react';
import { GROUPINGS, OPTIONAL_COLUMNS } from '../../features/portals/TasksAll.jsx';
import { t } from '../../lib/i18n.js';
import './viewTools.css';

/** Table or board: the two ways the tasks screen shows its tasks. */
export function LayoutToggle({ value, onChange }) {
  const options = [['tasks', t('taskViews.table')], ['board', t('taskViews.board')]];
  return (
    <div className="toggle" role="group" aria-label={t('taskViews.layout')}>
      {options.map(([key, label]) => (
        <button key={key} type="button" className={value === key ? 'toggle__btn toggle__btn--on' : 'toggle__btn'}
          aria-pressed={value === key} onClick={() => onChange(key)} data-testid={`layout-${key}`}>{label}</button>
      ))}
    </div>
  );
}

function groupingLabel(g) {
  switch (g) {
    case 'status': return t('taskViews.byStatus');
    case 'owner': return t('taskViews.byOwner');
    case 'none': return t('taskViews.noGrouping');
    default: return t('taskViews.byProject');
  }
}

/** How the rows of a page are grouped under headings. */
export function GroupingPicker({ value, onChange }) {
  const id = useId();
  return (
    <span className="view-tools__field">
      <label htmlFor={id}>{t('taskViews.groupBy')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} data-testid="grouping">
        {GROUPINGS.map((g) => <option key={g} value={g}>{groupingLabel(g)}</option>)}
      </select>
    </span>
  );
}

function columnLabel(id) {
  switch (id) {
    case 'id': return t('portals.id');
    case 'parentName': return t('portals.in');
    case 'status': return t('common.status');
    case 'owner': return t('common.owner');
    case 'startDate': return t('portals.start');
    case 'spent': return t('portals.spent');
    default: return t('portals.deadline');
  }
}

/** Which of the optional columns show: a disclosure of check boxes. */
export function ColumnsPicker({ hidden, onChange }) {
  const flip = (id, shown) => onChange(shown ? hidden.filter((h) => h !== id) : [...hidden, id]);
  return (
    <details className="view-tools__columns" data-testid="columns-picker">
      <summary>{t('taskViews.columns')}</summary>
      <fieldset>
        <legend className="sr-only">{t('taskViews.columnsShown')}</legend>
        {OPTIONAL_COLUMNS.map((id) => (
          <label key={id}>
            <input type="checkbox" checked={!hidden.includes(id)} onChange={(e) => flip(id, e.target.checked)}
              data-testid={`column-${id}`} />
            {columnLabel(id)}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
