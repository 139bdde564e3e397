import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import ChecklistBox from '../checklist/ChecklistBox.jsx';
import GanttChart from '../gantt/GanttChart.jsx';
import FormDialog from '../../components/FormDialog.jsx';
import StatusBadge from '../../components/StatusBadge.jsx';
import { formatDate } from '../../lib/dates.js';
import { shortType } from '../../lib/format.js';
import { isCompleted } from './tabs.js';

/** The children of one type, with List / Gantt toggles and 'Add' when the add_<type> link is offered. */
export default function ChildList({ module, childType, baseUrl, onChanged }) {
  const [adding, setAdding] = useState(false);
  const children = (module.children || []).filter((c) => c.type === childType.type);
  const addLink = (module.links || {})[`add_${shortType(childType.type)}`];
  const tabUrl = `${baseUrl}/${childType.tab}`;
  const gantt = new URLSearchParams(useLocation().search).get('view') === 'gantt';
  return (
    <div className="childlist" data-testid="child-list">
      <div className="childlist__head">
        <h2 className="section-title">{childType.labelPlural} <span className="count">{children.length}</span></h2>
        <div className="childlist__tools">
          <div className="toggle" role="group" aria-label="View">
            <Link className={gantt ? 'toggle__btn' : 'toggle__btn toggle__btn--on'} to={tabUrl}>List</Link>
            <Link className={gantt ? 'toggle__btn toggle__btn--on' : 'toggle__btn'} to={`${tabUrl}?view=gantt`} data-testid="gantt-toggle">Gantt</Link>
          </div>
          {addLink && (
            <button type="button" className="btn btn--primary btn--small" onClick={() => setAdding(true)}
              data-testid={`add-${shortType(childType.type)}`}>
              + {addLink.label || `Add ${childType.label}`}
            </button>
          )}
        </div>
      </div>
      {children.length === 0 ? (
        <div className="empty">No {childType.labelPlural.toLowerCase()} yet</div>
      ) : gantt ? (
        <GanttChart modules={children} linkOf={(c) => `${tabUrl}/${c.id}`} />
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th style={{ width: 36 }} aria-label="Completed" />
              <th style={{ width: 60 }}>ID</th>
              <th>Name</th>
              <th>Status</th>
              <th>Owner</th>
              <th>Deadline</th>
              <th style={{ width: 70 }}>Items</th>
            </tr>
          </thead>
          <tbody>
            {children.map((c) => {
              const d = c.deliverable;
              const done = isCompleted(c);
              return (
                <tr key={c.id} data-testid="child-row">
                  <td><ChecklistBox module={c} onChanged={onChanged} /></td>
                  <td className="muted">{c.id}</td>
                  <td>
                    <Link to={`${tabUrl}/${c.id}`} className={done ? 'childlist__name childlist__name--done' : 'childlist__name'}>
                      {done && <span className="check" aria-label="completed">✓</span>}
                      {c.name}
                    </Link>
                    {c.description && <div className="childlist__desc">{c.description}</div>}
                  </td>
                  <td><StatusBadge status={d && d.status} /></td>
                  <td>{(d && d.ownerName) || <span className="muted">n/a</span>}</td>
                  <td>{d && d.deadline ? formatDate(d.deadline) : <span className="muted">n/a</span>}</td>
                  <td className="muted">{c.childCount || 0}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {adding && (
        <FormDialog title={addLink.label || `Add ${childType.label}`} url={addLink.url} submitLabel="Create"
          onClose={() => setAdding(false)}
          onSuccess={() => { setAdding(false); if (onChanged) onChanged(); }} />
      )}
    </div>
  );
}
