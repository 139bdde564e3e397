/** The filters of the task list: status, owner (me, the portal's members, owners met so far), deadline from/to. */

/** The status filter: the API takes one or more of its statuses, comma-separated. */
export const STATUS_FILTERS = [
  ['', 'All statuses'],
  ['NOT_STARTED,IN_PROGRESS,BLOCKED', 'Open'],
  ['NOT_STARTED', 'Not Started'],
  ['IN_PROGRESS', 'In Progress'],
  ['BLOCKED', 'Blocked'],
  ['COMPLETED', 'Completed'],
];

export default function TaskFilters({ query, update, me, people }) {
  return (
    <span className="tasks__filters">
      <select value={query.status || ''} aria-label="Status" data-testid="tasks-status" onChange={(e) => update({ status: e.target.value })}>
        {STATUS_FILTERS.map(([value, label]) => <option key={label} value={value}>{label}</option>)}
      </select>
      <select value={query.owner || ''} aria-label="Owner" data-testid="tasks-owner" onChange={(e) => update({ owner: e.target.value })}>
        <option value="">Anyone</option>
        {me && <option value={String(me.id)}>Me</option>}
        {people.filter(([id]) => !me || id !== String(me.id)).map(([id, name]) => <option key={id} value={id}>{name}</option>)}
      </select>
      <label className="tasks__date">
        Due from
        <input type="date" value={query.from || ''} data-testid="tasks-from" onChange={(e) => update({ from: e.target.value })} />
      </label>
      <label className="tasks__date">
        to
        <input type="date" value={query.to || ''} data-testid="tasks-to" onChange={(e) => update({ to: e.target.value })} />
      </label>
    </span>
  );
}
