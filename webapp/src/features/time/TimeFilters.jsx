/** The filters of the time entries: person (me, the module's members, people met in the list), activity, from/to days. */
import { t } from '../../lib/i18n.js';

export default function TimeFilters({ query, update, me, people, activities }) {
  return (
    <span className="tasks__filters time-filters">
      <select value={query.user || ''} aria-label={t('time.person')} data-testid="time-user" onChange={(e) => update({ user: e.target.value })}>
        <option value="">{t('time.everyone')}</option>
        {me && <option value={String(me.id)}>{t('time.me')}</option>}
        {people.filter(([id]) => !me || id !== String(me.id)).map(([id, name]) => <option key={id} value={id}>{name}</option>)}
      </select>
      <select value={query.activity || ''} aria-label={t('time.activity')} data-testid="time-activity"
        onChange={(e) => update({ activity: e.target.value })}>
        <option value="">{t('time.anyActivity')}</option>
        {activities.map(([id, name]) => <option key={id} value={id}>{name}</option>)}
      </select>
      <label className="tasks__date">
        {t('time.from')}
        <input type="date" value={query.from || ''} data-testid="time-from" onChange={(e) => update({ from: e.target.value })} />
      </label>
      <label className="tasks__date">
        {t('time.to')}
        <input type="date" value={query.to || ''} data-testid="time-to" onChange={(e) => update({ to: e.target.value })} />
      </label>
    </span>
  );
}
