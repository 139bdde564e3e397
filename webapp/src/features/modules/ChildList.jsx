import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import ChecklistBox from '../checklist/ChecklistBox.jsx';
import GanttChart from '../gantt/GanttChart.jsx';
import FormDialog from '../../components/FormDialog.jsx';
import api from '../../lib/apiClient.js';
import StatusBadge from '../../components/StatusBadge.jsx';
import { formatDate } from '../../lib/dates.js';
import { shortType } from '../../lib/format.js';
import { isCompleted } from './tabs.js';

/** The children of one type, with List / Gantt toggles and 'Add' when the add_<type> link is offered. */
export default function ChildList({ module, childType, baseUrl, onChanged }) {
  const [adding, setAdding] = useState(false);
  const [dragId, setDragId] = useState(null);
  const [overId, setOverId] = useState(null);
  const [saving, setSaving] = useState(false);
  const children = (module.children || []).filter((c) => c.type === childType.type);
  const addLink = (module.links || {})[`add_${shortType(childType.type)}`];
  const tabUrl = `${baseUrl}/${childType.tab}`;
  // Drag and drop: the moved item is reindexed after the item before it (0 when first); no drag while saving.
  const move = async (fromId, toId) => {
    setDragId(null);
    setOverId(null);
    if (saving || !fromId || fromId === toId) return;
    const ids = children.map((c) => c.id);
    const from = ids.indexOf(fromId);
    const to = ids.indexOf(toId);
    const moved = children[from];
    const link = moved && moved.links && moved.links.reindex;
    if (!link || from < 0 || to < 0) return;
    ids.splice(from, 1);
    ids.splice(to, 0, fromId);
    const previousId = to > 0 ? ids[to - 1] : 0;
    setSaving(true);
    try {
      await api.get(`${link.url}/${previousId}`);
    } catch (e) {
      /* the reload below shows the order the server kept */
    }
    setSaving(false);
    if (onChanged) onChanged();
  };
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
              <th style={{ width: 28 }} aria-label="Move" />
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
                <tr key={c.id} data-testid="child-row"
                  className={[overId === c.id && dragId !== c.id ? 'row--over' : '', dragId === c.id ? 'row--dragging' : '', saving ? 'row--saving' : ''].join(' ').trim() || undefined}
                  draggable={!!(c.links && c.links.reindex) && !saving}
                  onDragStart={(e) => { setDragId(c.id); e.dataTransfer.effectAllowed = 'move'; e.dataTransfer.setData('text/plain', String(c.id)); }}
                  onDragEnd={() => { setDragId(null); setOverId(null); }}
                  onDragOver={(e) => { if (dragId) { e.preventDefault(); setOverId(c.id); } }}
                  onDrop={(e) => { e.preventDefault(); move(dragId, c.id); }}>
                  <td className="drag">{c.links && c.links.reindex ? <span className="drag__handle" title="Drag to reorder" aria-hidden="true">⋮⋮</span> : null}</td>
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
                  <td className="nowrap">{(d && d.ownerName) || <span className="muted">n/a</span>}</td>
                  <td className="nowrap">{d && d.deadline ? formatDate(d.deadline) : <span className="muted">n/a</span>}</td>
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
