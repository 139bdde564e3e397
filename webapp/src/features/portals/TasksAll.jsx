import { Link } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import StatusBadge from '../../components/StatusBadge.jsx';
import { formatDate } from '../../lib/dates.js';
import useFetch, { pickList } from '../../lib/useFetch.js';

/** /portal/{id}/tasks-all: every task below the portal, grouped by project. */
export default function TasksAll({ portal, base }) {
  const { status, data, error } = useFetch(`/api/module/detailed-list-by-type/4rineu_task/${portal.id}`, pickList);
  if (status === 'loading') return <Loading inline />;
  const rows = data || [];
  const groups = [];
  const byKey = new Map();
  rows.forEach((r) => {
    const key = r.projectId || 0;
    if (!byKey.has(key)) {
      const g = { id: r.projectId, name: r.projectName || 'Other', rows: [] };
      byKey.set(key, g);
      groups.push(g);
    }
    byKey.get(key).rows.push(r);
  });
  return (
    <div className="page">
      <h1 className="page__title">All tasks</h1>
      <p className="muted">{portal.name}</p>
      {error && <div className="form__error">{error}</div>}
      {status === 'succeeded' && !rows.length && <div className="empty">No tasks yet</div>}
      {groups.map((g) => (
        <section key={g.id || 'other'} className="section">
          <h2 className="section-title">{g.id ? <Link to={`/${base}/${portal.id}/${g.id}`}>{g.name}</Link> : g.name} <span className="count">{g.rows.length}</span></h2>
          <table className="table">
            <thead><tr><th>Task</th><th>In</th><th>Status</th><th>Owner</th><th>Deadline</th></tr></thead>
            <tbody>
              {g.rows.map((r) => {
                const d = r.deliverable;
                return (
                  <tr key={r.id}>
                    <td>
                      <Link className={r.completed ? 'childlist__name childlist__name--done' : 'childlist__name'}
                        to={`/${base}/${portal.id}/projects/${r.projectId}/tasks/${r.id}`}>
                        {r.completed && <span className="check" aria-label="completed">✓</span>}{r.name}
                      </Link>
                    </td>
                    <td className="muted">{r.parentName}</td>
                    <td><StatusBadge status={d && d.status} /></td>
                    <td>{(d && d.ownerName) || <span className="muted">n/a</span>}</td>
                    <td>{d && d.deadline ? formatDate(d.deadline) : <span className="muted">n/a</span>}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
