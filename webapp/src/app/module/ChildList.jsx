import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import FormDialog from '../../components/FormDialog.jsx';
import StatusBadge from '../../components/StatusBadge.jsx';
import { treeChanged } from '../../lib/changes.js';
import { formatDate } from '../../lib/dates.js';
import { shortType } from '../../lib/format.js';
import ChecklistBox from '../../features/checklist/ChecklistBox.jsx';
import GanttChart from '../../features/gantt/GanttChart.jsx';
import { reindexChild } from '../../features/modules/api.js';
import { isCompleted } from '../../features/modules/tabs.js';

/**
 * Drag and drop of rows, or the arrow keys on a row's handle: the moved item is reindexed after the item before it
 * (0 when first) through its templated reindex link; no move while saving; the reload after shows the order the
 * server kept, a live region says where the item went, and the handle keeps the focus.
 */
function useReorder(children, onChanged) {
  const [dragId, setDragId] = useState(null);
  const [overId, setOverId] = useState(null);
  const [saving, setSaving] = useState(false);
  const [said, setSaid] = useState('');
  const focusId = useRef(null);
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
    setSaving(true);
    try {
      await reindexChild(link, to > 0 ? ids[to - 1] : 0);
      setSaid(`${moved.name} moved to position ${to + 1} of ${ids.length}`);
    } catch {
      setSaid(`${moved.name} could not be moved`); // the reload below shows the order the server kept
    }
    setSaving(false);
    treeChanged();
    if (onChanged) onChanged();
  };
  const onKey = (c) => (e) => {
    const i = children.findIndex((x) => x.id === c.id);
    const to = { ArrowUp: i - 1, ArrowDown: i + 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    if (to < 0 || to >= children.length || saving) return;
    focusId.current = c.id;
    move(c.id, children[to].id);
  };
  const rowProps = (c) => ({
    className: [overId === c.id && dragId !== c.id ? 'row--over' : '', dragId === c.id ? 'row--dragging' : '', saving ? 'row--saving' : ''].join(' ').trim() || undefined,
    draggable: !!(c.links && c.links.reindex) && !saving,
    onDragStart: (e) => { setDragId(c.id); e.dataTransfer.effectAllowed = 'move'; e.dataTransfer.setData('text/plain', String(c.id)); },
    onDragEnd: () => { setDragId(null); setOverId(null); },
    onDragOver: (e) => { if (dragId) { e.preventDefault(); setOverId(c.id); } },
    onDrop: (e) => { e.preventDefault(); move(dragId, c.id); },
  });
  const focused = (id) => focusId.current === id;
  return { rowProps, onKey, said, focused };
}

/** The row's move handle: dragged with the mouse, or moved with the arrow keys (its name says how). */
function MoveHandle({ child: c, reorder }) {
  const ref = useRef(null);
  // Moving a row moves its element, which loses the focus: give it back, unless the person went elsewhere since.
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (reorder.focused(c.id) && ref.current && lost) ref.current.focus();
  });
  return (
    <button type="button" className="drag__handle" ref={ref} title="Drag to reorder, or use the arrow keys"
      aria-label={`Move ${c.name}`} aria-describedby="reorder-help" onKeyDown={reorder.onKey(c)}>
      <span aria-hidden="true">⋮⋮</span>
    </button>
  );
}

function ChildRow({ child: c, tabUrl, reorder, onChanged }) {
  const d = c.deliverable;
  const done = isCompleted(c);
  const na = <span className="muted">n/a</span>;
  return (
    <tr data-testid="child-row" {...reorder.rowProps(c)}>
      <td className="drag">{c.links && c.links.reindex ? <MoveHandle child={c} reorder={reorder} /> : null}</td>
      <td className="childlist__check"><ChecklistBox module={c} onChanged={onChanged} /></td>
      <td className="muted" data-label="ID">{c.id}</td>
      <td className="childlist__title">
        <Link to={`${tabUrl}/${c.id}`} className={done ? 'childlist__name childlist__name--done' : 'childlist__name'}>
          {done && <span className="check" aria-label="completed">✓</span>}
          {c.name}
        </Link>
        {c.description && <div className="childlist__desc">{c.description}</div>}
      </td>
      <td data-label="Status"><StatusBadge status={d && d.status} /></td>
      <td className="childlist__owner" data-label="Owner">{(d && d.ownerName) || na}</td>
      <td className="nowrap" data-label="Deadline">{d && d.deadline ? formatDate(d.deadline) : na}</td>
      <td className="muted" data-label="Items">{c.childCount || 0}</td>
    </tr>
  );
}

function ChildTable({ rows, tabUrl, onChanged }) {
  const reorder = useReorder(rows, onChanged);
  return (
    <>
      <p id="reorder-help" className="sr-only">Up and down arrow keys move the item; the new order is saved at once.</p>
      <div className="sr-only" aria-live="polite" data-testid="reorder-status">{reorder.said}</div>
      <table className="table childlist__table table--cards">
        <thead>
          <tr>
            <th style={{ width: 28 }}><span className="sr-only">Move</span></th>
            <th style={{ width: 36 }}><span className="sr-only">Completed</span></th>
            <th style={{ width: 60 }}>ID</th>
            <th>Name</th>
            <th>Status</th>
            <th>Owner</th>
            <th>Deadline</th>
            <th style={{ width: 70 }}>Items</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => <ChildRow key={c.id} child={c} tabUrl={tabUrl} reorder={reorder} onChanged={onChanged} />)}
        </tbody>
      </table>
    </>
  );
}

/** The children of one type, with List / Gantt toggles and 'Add' when the add_<type> link is offered. */
export default function ChildList({ module, childType, baseUrl, onChanged }) {
  const [adding, setAdding] = useState(false);
  const children = (module.children || []).filter((c) => c.type === childType.type);
  const addLink = (module.links || {})[`add_${shortType(childType.type)}`];
  const tabUrl = `${baseUrl}/${childType.tab}`;
  const gantt = new URLSearchParams(useLocation().search).get('view') === 'gantt';
  let body = <ChildTable rows={children} tabUrl={tabUrl} onChanged={onChanged} />;
  if (!children.length) body = <div className="empty">No {childType.labelPlural.toLowerCase()} yet</div>;
  else if (gantt) body = <GanttChart modules={children} linkOf={(c) => `${tabUrl}/${c.id}`} onChanged={onChanged} />;
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
      {body}
      {adding && (
        <FormDialog title={addLink.label || `Add ${childType.label}`} url={addLink.url} submitLabel="Create"
          onClose={() => setAdding(false)}
          onSuccess={() => { treeChanged(); if (onChanged) onChanged(); }} />
      )}
    </div>
  );
}
