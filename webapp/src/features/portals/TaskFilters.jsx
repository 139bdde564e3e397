/** The filters of the task list: status, owner (me, the portal's members, owners met so far), deadline from/to. */
import { t } from '../../lib/i18n.js';

/** The status filter: the API takes one or more of its statuses, comma-separated. -> [[value, label]] */
export function statusFilters() {
  return [
    ['', t('portals.allStatuses')],
    ['NOT_STARTED,IN_PROGRESS,BLOCKED', t('portals.open')],
    ['NOT_STARTED', t('common.statusNotStarted')],
    ['IN_PROGRESS', t('common.statusInProgress')],
    ['BLOCKED', t('common.statusBlocked')],
    ['COMPLETED', t('common.statusCompleted')],
  ];
}

export default function TaskFilters({ query, update, me, people }) {
  return (
    <span className="tasks__filters">
      <select value={query.status || ''} aria-label={t('common.status')} data-testid="tasks-status" onChange={(e) => update({ status: e.target.value })}>
        {statusFilters().map(([value, label]) => <option key={value} value={value}>{label}</option>)}
      </select>
      <select value={query.owner || ''} aria-label={t('common.owner')} data-testid="tasks-owner" onChange={(e) => update({ owner: e.target.value })}>
        <option value="">{t('portals.anyone')}</option>
        {me && <option value={String(me.id)}>{t('portals.me')}</option>}
        {people.filter(([id]) => !me || id !== String(me.id)).map(([id, name]) => <option key={id} value={id}>{name}</option>)}
      </select>
      <label className="tasks__date">
        {t('portals.dueFrom')}
        <input type="date" value={query.from || ''} data-testid="tasks-from" onChange={(e) => update({ from: e.target.value })} />
      </label>
      <label className="tasks__date">
        {t('portals.dueTo')}
        <input type="date" value={query.to || ''} data-testid="tasks-to" onChange={(e) => update({ to: e.target.value })} />
      </label>
    </span>
  );
}
