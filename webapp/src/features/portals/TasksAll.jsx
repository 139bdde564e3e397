import { useEffect, useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link, useSearchParams } from 'react-router-dom';
import DataTable from '../../components/DataTable.jsx';
import Loading from '../../components/Loading.jsx';
import StatusBadge from '../../components/StatusBadge.jsx';
import usePagedList, { tableServer } from '../../hooks/usePagedList.js';
import { isoDate } from '../../lib/csv.js';
import { formatDate } from '../../lib/dates.js';
import { formatHours } from '../../lib/format.js';
import { t } from '../../lib/i18n.js';
import { listTasks } from './api.js';
import TaskFilters from './TaskFilters.jsx';
import { parentOf, taskHref } from '../../lib/taskLinks.js';

export { statusFilters } from './TaskFilters.jsx';
export const TASK_PAGE_SIZES = [10, 20, 50, 100];

function NotAvailable() {
  return <span className="muted">{t('portals.notAvailable')}</span>;
}

/** The people a task may be filtered by: the portal's members and every owner met on a page so far. */
function usePeople(portal, rows) {
  const [people, setPeople] = useState(() => new Map(
    (portal.memberships || []).map((m) => [String(m.userId), m.name || m.userName]),
  ));
  const fresh = rows.filter((r) => r.deliverable && r.deliverable.ownerId && !people.has(String(r.deliverable.ownerId)));
  if (fresh.length) {
    const next = new Map(people);
    fresh.forEach((r) => next.set(String(r.deliverable.ownerId), r.deliverable.ownerName));
    setPeople(next);
  }
  return [...people.entries()].sort((a, b) => String(a[1]).localeCompare(String(b[1])));
}

function TaskName({ task: r, href }) {
  return (
    <Link className={r.completed ? 'childlist__name childlist__name--done' : 'childlist__name'} to={href} data-testid="task-name">
      {r.completed && <span className="check" aria-label={t('portals.completed')}>✓</span>}{r.name}
    </Link>
  );
}

/** The phase or parent task a task sits in: its type, then its name. */
function TaskParent({ task }) {
  const parent = parentOf(task);
  if (!parent) return <span data-testid="task-parent">{task.parentName || ''}</span>;
  return (
    <span data-testid="task-parent" data-type={parent.type}>
      <span className="muted">{parent.typeLabel} · </span>{parent.name}
    </span>
  );
}

const ofDeliverable = (key) => (r) => (r.deliverable && r.deliverable[key]) || '';
const day = (key) => (r) => isoDate(ofDeliverable(key)(r));

/** The columns; Portal, Project and Done go to the CSV only (the table shows the first two as group headings). */
function useTaskColumns(rootId, home) {
  return useMemo(() => [
    { Header: t('portals.portal'), id: 'entry', accessor: (r) => r.entryName || '', csvOnly: true },
    { Header: t('portals.project'), id: 'project', accessor: (r) => r.projectName || '', csvOnly: true },
    { Header: t('portals.id'), accessor: 'id', sortKey: 'id', width: 70, className: 'muted' },
    { Header: t('portals.task'), accessor: 'name', sortKey: 'name', held: true, Cell: ({ row }) => <TaskName task={row.original} href={taskHref(row.original, rootId, home)} /> },
    { Header: t('portals.in'), id: 'parentName', accessor: (r) => r.parentName || '', Cell: ({ row }) => <TaskParent task={row.original} /> },
    { Header: t('portals.inType'), id: 'parentType', accessor: (r) => (parentOf(r) ? parentOf(r).typeLabel : ''), csvOnly: true },
    {
      Header: t('common.status'), id: 'status', accessor: (r) => (r.deliverable ? r.deliverable.status.name : ''), sortKey: 'status',
      csv: (r) => (r.deliverable ? r.deliverable.status.label || r.deliverable.status.name : ''),
      Cell: ({ row }) => <StatusBadge status={row.original.deliverable && row.original.deliverable.status} />,
    },
    { Header: t('common.owner'), id: 'owner', accessor: ofDeliverable('ownerName'), sortKey: 'owner', Cell: ({ value }) => <span data-testid="task-owner">{value || <NotAvailable />}</span> },
    {
      Header: t('portals.start'), id: 'startDate', accessor: ofDeliverable('startDate'), sortKey: 'startDate', csv: day('startDate'),
      Cell: ({ value }) => <span className="nowrap">{value ? formatDate(value) : <NotAvailable />}</span>,
    },
    {
      Header: t('portals.deadline'), id: 'deadline', accessor: ofDeliverable('deadline'), sortKey: 'deadline', csv: day('deadline'),
      Cell: ({ value }) => <span className="nowrap" data-testid="task-deadline" data-date={value}>{value ? formatDate(value) : <NotAvailable />}</span>,
    },
    {
      Header: t('portals.spent'), id: 'spent', accessor: (r) => r.spentMinutes || 0, sortKey: 'spent', className: 'num',
      csv: (r) => Math.round((r.spentMinutes || 0) / 0.6) / 100, Cell: ({ value }) => <span data-testid="task-spent">{value ? formatHours(value / 60) : ''}</span>,
    },
    { Header: t('portals.done'), id: 'completed', accessor: (r) => !!r.completed, csvOnly: true },
  ], [rootId, home]);
}

/** A group heading: the entry module (portal) and the project, linked to the project's page. */
function byProject(home) {
  return (r) => ({
    key: `${r.entryId || 0}/${r.projectId || 0}`,
    label: (
      <span data-testid="task-group">
        {r.entryName && <span className="muted">{r.entryName} › </span>}
        {r.projectId ? <Link to={`${home}/${r.projectId}`}>{r.projectName}</Link> : t('portals.other')}
      </span>
    ),
  });
}

/** The groupings offered (within a page: the server's order decides what a page holds). */
export const GROUPINGS = ['project', 'status', 'owner', 'none'];

function groupOf(grouping, home) {
  if (grouping === 'none') return undefined;
  if (grouping === 'status') {
    return (r) => {
      const s = r.deliverable && r.deliverable.status;
      return { key: s ? s.name : '', label: <span data-testid="task-group">{s ? s.label : t('taskViews.noStatus')}</span> };
    };
  }
  if (grouping === 'owner') {
    return (r) => {
      const name = r.deliverable && r.deliverable.ownerName;
      return { key: name || '', label: <span data-testid="task-group">{name || t('taskViews.noOwner')}</span> };
    };
  }
  return byProject(home);
}

/** The columns a reader may hide (the task's name stays). */
export const OPTIONAL_COLUMNS = ['id', 'parentName', 'status', 'owner', 'startDate', 'deadline', 'spent'];
const columnId = (c) => c.id || c.accessor;

/**
 * /portal/{id}/tasks-all: every task below the portal the reader may see (a reader who enters by some projects
 * has those as their portals: each one's list holds its tasks), a page at a time from the server (a portal may
 * hold thousands), sorted by a header, filtered by status, owner and deadline, searched by name, grouped within
 * the page by entry module and project, each task linked over its real parent (a phase's tasks tab, a task's
 * subtasks tab), and exported to CSV as filtered (every page).
 */
export default function TasksAll({
  portal, base, initial = null, hidden = [], grouping = 'project', onQuery = null, title = true, tools = null,
}) {
  // ?owner={id} (the 'g t' shortcut: my tasks) starts the list filtered; a saved view (`initial`) starts it as saved.
  const [params] = useSearchParams();
  const owner = params.get('owner');
  const paged = usePagedList(listTasks, initial || { perPage: 20, ...(owner && /^\d+$/.test(owner) ? { owner } : {}) }, [portal.id]);
  const { query, update, data, status, error } = paged;
  useEffect(() => { if (onQuery) onQuery(query); }, [query, onQuery]);
  const me = useSelector((s) => s.user.item);
  const rows = useMemo(() => (data && data.list) || [], [data]);
  const people = usePeople(portal, rows);
  const home = `/${base}/${portal.id}`;
  const all = useTaskColumns(portal.id, home);
  const hiddenKey = hidden.join(' ');
  const columns = useMemo(() => all.filter((c) => !hiddenKey.split(' ').includes(columnId(c))), [all, hiddenKey]);
  // The server's default order ('tree') keeps a portal's and a project's tasks together.
  const groupBy = useMemo(() => groupOf(grouping, home), [grouping, home]);
  return (
    <div className={title ? 'page' : undefined} data-testid="tasks-all">
      {title && <h1 className="page__title">{t('portals.allTasks')}</h1>}
      {title && <p className="muted">{portal.name}</p>}
      {tools}
      {error && <div className="form__error" role="alert">{error}</div>}
      {status === 'loading' ? <Loading inline /> : status !== 'failed' && (
        <DataTable columns={columns} data={rows} testId="tasks-table" emptyText={t('portals.noTasks')} noMatchText={t('portals.noMatchingTasks')}
          pageSizes={TASK_PAGE_SIZES} groupBy={groupBy} toolbar={<TaskFilters query={query} update={update} me={me} people={people} />}
          server={tableServer(paged, !!(query.status || query.owner || query.from || query.to))} exportName={[t('portals.tasksFile'), portal.name]}
          rowProps={(r) => ({ 'data-testid': 'task-row', 'data-id': r.id })} />
      )}
    </div>
  );
}
