import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import StatusBadge from '../../components/StatusBadge.jsx';
import { treeChanged } from '../../lib/changes.js';
import { formatDate } from '../../lib/dates.js';
import { formatNumber, inSentence, t } from '../../lib/i18n.js';
import { formatHours, shortType } from '../../lib/format.js';
import ChecklistBox from '../../features/checklist/ChecklistBox.jsx';
import AddModuleDialog from '../../features/clone/AddModuleDialog.jsx';
import { reindexChild } from '../../features/modules/api.js';
import { isCompleted } from '../../features/modules/tabs.js';
import { indexTree, rollupSegments, rollupText, rowUrl, shownRows, sortTree } from '../../lib/tree.js';
import ChildView, { ViewToggle, viewOf } from './ChildViews.jsx';
import { MOST_SPENT, SpentHeader, Toggle } from './TreeCells.jsx';
import useSubtree from './useSubtree.js';

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
      setSaid(t('app.movedTo', { name: moved.name, position: formatNumber(to + 1), total: formatNumber(ids.length) }));
    } catch {
      setSaid(t('app.notMoved', { name: moved.name })); // the reload below shows the order the server kept
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
    <button type="button" className="drag__handle" ref={ref} title={t('app.dragToReorder')}
      aria-label={t('app.moveRow', { name: c.name })} aria-describedby="reorder-help" onKeyDown={reorder.onKey(c)}>
      <span aria-hidden="true">⋮⋮</span>
    </button>
  );
}

/** A parent's roll-up: '3/7' done with a bar by status; the words for a screen reader and in the tooltip. */
export function Rollup({ rollup }) {
  const text = rollupText(rollup);
  return (
    <span className="rollup" title={text} data-testid="rollup">
      <span className="rollup__count" aria-hidden="true">{formatNumber(rollup.done)}/{formatNumber(rollup.total)}</span>
      {rollup.total > 0 && (
        <span className="rollup__bar" aria-hidden="true">
          {rollupSegments(rollup).map((s) => <i key={s.name} style={{ width: `${s.width}%`, background: s.colour }} />)}
        </span>
      )}
      <span className="sr-only">{text}</span>
    </span>
  );
}

/** The warning on a parent marked done while items below it are open. */
export function OpenItemsFlag({ row }) {
  const open = row.rollup.total - row.rollup.done;
  const status = (row.deliverable && row.deliverable.status && row.deliverable.status.label) || t('app.statusDone');
  return (
    <span className="tree__flag" data-testid="tree-flag" title={t('app.openItemsTitle', { status, count: open })}>
      <span aria-hidden="true">⚠ </span>{t('app.openItems')}
      <span className="sr-only">{t('app.openItemsSr', { status, count: open })}</span>
    </span>
  );
}

/**
 * A row of the tree table: the module's children of the tab's type keep their row (data-testid child-row, the
 * move handle); deeper rows and the parents they sit under are 'tree-row's, indented by depth, with a toggle
 * when they have rows below. `path`: the names above it, when the table is filtered.
 */
function ChildRow({ child: c, href, direct, reorder, onChanged, toggle, path, spent, sorted }) {
  const d = c.deliverable;
  const done = isCompleted(c);
  const na = <span className="muted">{t('app.notApplicable')}</span>;
  const moves = !sorted && direct && c.links && c.links.reindex; // a list sorted by time spent is not reordered by hand
  return (
    <tr data-testid={direct ? 'child-row' : 'tree-row'} data-depth={c.depth || 0} {...(direct ? reorder.rowProps(c) : {})}>
      <td className="drag">{moves ? <MoveHandle child={c} reorder={reorder} /> : null}</td>
      <td className="childlist__check"><ChecklistBox module={c} onChanged={onChanged} /></td>
      <td className="muted" data-label={t('app.id')}>{c.id}</td>
      <td className="childlist__title" style={path ? undefined : { '--depth': c.depth || 0 }}>
        <div className="tree__cell">
          {toggle}
          <div className="tree__main">
            {path && path.length > 0 && <div className="tree__path" data-testid="tree-path">{path.join(' › ')} ›</div>}
            <Link to={href} className={done ? 'childlist__name childlist__name--done' : 'childlist__name'}>
              {done && <span className="check" aria-label={t('app.completedMark')}>✓</span>}
              {c.name}
            </Link>
            {c.rollup && c.rollup.flagged && <> <OpenItemsFlag row={c} /></>}
            {d && d.milestone && <> <span className="badge badge--milestone" data-testid="milestone-badge">◆ {t('app.milestone')}</span></>}
            {c.description && <div className="childlist__desc">{c.description}</div>}
          </div>
        </div>
      </td>
      <td data-label={t('common.status')}><StatusBadge status={d && d.status} /></td>
      <td className="childlist__owner" data-label={t('common.owner')}>{(d && d.ownerName) || na}</td>
      <td className="nowrap" data-label={t('app.deadline')}>{d && d.deadline ? formatDate(d.deadline) : na}</td>
      <td className="muted" data-label={t('app.items')}>{c.rollup ? <Rollup rollup={c.rollup} /> : formatNumber(c.childCount || 0)}</td>
      {spent && <td className="num" data-label={t('app.spentHours')} data-testid="row-spent">{c.spentMinutes ? formatHours(c.spentMinutes / 60) : ''}</td>}
    </tr>
  );
}

/**
 * The tree table of the subtree's rows (`rows`, depth first) under the module `moduleId`: direct children of
 * `type` reorder as before; parents fold and unfold; `filter` narrows to the matching names with their parent
 * path. `urlOf(row)`: its page.
 */
export function TreeTable({ rows, moduleId, type, urlOf, filter = '', onChanged }) {
  const direct = useMemo(() => rows.filter((r) => r.parentId === moduleId && r.type === type), [rows, moduleId, type]);
  const reorder = useReorder(direct, onChanged);
  const [collapsed, setCollapsed] = useState(() => new Set());
  const { kids } = useMemo(() => indexTree(rows), [rows]);
  // Spent time (issue 45, the subtree's) shows once some row has any; its header sorts each level by it.
  const spent = useMemo(() => rows.some((r) => r.spentMinutes > 0), [rows]);
  const [bySpent, setBySpent] = useState(false);
  const ordered = useMemo(() => (spent && bySpent ? sortTree(rows, MOST_SPENT) : rows), [rows, spent, bySpent]);
  const shown = useMemo(() => shownRows(ordered, collapsed, filter), [ordered, collapsed, filter]);
  const onToggle = (id) => setCollapsed((was) => {
    const next = new Set(was);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });
  return (
    <>
      <p id="reorder-help" className="sr-only">{t('app.reorderHelp')}</p>
      <div className="sr-only" aria-live="polite" data-testid="reorder-status">{reorder.said}</div>
      {/* a narrow column (a laptop beside the side menu) scrolls the table in its box, not the page */}
      <div className="childlist__scroll">
        <table className="table childlist__table table--cards">
          <thead>
            <tr>
              <th style={{ width: 28 }}><span className="sr-only">{t('app.moveColumn')}</span></th>
              <th style={{ width: 36 }}><span className="sr-only">{t('app.completedColumn')}</span></th>
              <th style={{ width: 60 }}>{t('app.id')}</th>
              <th>{t('common.name')}</th>
              <th>{t('common.status')}</th>
              <th>{t('common.owner')}</th>
              <th>{t('app.deadline')}</th>
              <th style={{ width: 70 }}>{t('app.items')}</th>
              {spent && <SpentHeader on={bySpent} onToggle={() => setBySpent(!bySpent)} />}
            </tr>
          </thead>
          <tbody>
            {shown.map(({ row: c, path }) => (
              <ChildRow key={c.id} child={c} href={urlOf(c)} direct={c.parentId === moduleId && c.type === type}
                reorder={reorder} onChanged={onChanged} path={path} spent={spent} sorted={spent && bySpent}
                toggle={path || !kids.size ? null : <Toggle row={c} open={!collapsed.has(c.id)} hasKids={kids.has(c.id)} onToggle={onToggle} />} />
            ))}
          </tbody>
        </table>
      </div>
      {filter && !shown.length && <div className="empty" data-testid="tree-nomatch">{t('app.nothingMatches', { filter })}</div>}
    </>
  );
}

/**
 * The children of one type, with List / Gantt toggles and 'Add' when the add_<type> link is offered: every
 * module of that type in the subtree (a project's tasks inside its phases too), read through the module's tree
 * link, as a tree table or a Gantt. The module's own children show until the subtree arrives.
 */
export default function ChildList({ module, childType, baseUrl, onChanged }) {
  const [adding, setAdding] = useState(false);
  const [filter, setFilter] = useState('');
  const tree = useSubtree(module, childType.type);
  const children = (module.children || []).filter((c) => c.type === childType.type);
  const rows = tree.data ? tree.data.rows : children;
  const typed = rows.filter((r) => r.type === childType.type);
  const addLink = (module.links || {})[`add_${shortType(childType.type)}`];
  const tabUrl = `${baseUrl}/${childType.tab}`;
  const view = viewOf(useLocation().search);
  const byId = useMemo(() => indexTree(rows).byId, [rows]);
  const urlOf = (c) => (c.parentId === module.id ? `${tabUrl}/${c.id}` : rowUrl(c, byId, baseUrl));
  const filterLabel = t('app.filterByName', { types: inSentence(childType.labelPlural) });
  const addLabel = (addLink && addLink.label) || t('app.addType', { type: childType.label });
  let body;
  // The Gantt opens fitted to the subtree's dates, and the board holds every card: they wait for the subtree.
  if ((!typed.length || view !== 'list') && tree.status === 'loading') body = <Loading inline />;
  else if (!typed.length && view !== 'board') body = <div className="empty">{t('app.noneYet', { types: inSentence(childType.labelPlural) })}</div>;
  else if (view !== 'list') {
    body = (
      <ChildView view={view} module={module} rows={rows} relations={tree.data ? tree.data.relations : null}
        planning={tree.data ? tree.data.planning : null} type={childType.type} urlOf={urlOf} byId={byId} baseUrl={baseUrl}
        addLink={addLink} onChanged={onChanged} />
    );
  } else {
    body = (
      <>
        <input className="tree__filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)}
          placeholder={filterLabel} aria-label={filterLabel}
          data-testid="tree-filter" />
        <TreeTable rows={rows} moduleId={module.id} type={childType.type} urlOf={urlOf} filter={filter} onChanged={onChanged} />
      </>
    );
  }
  return (
    <div className="childlist" data-testid="child-list">
      <div className="childlist__head">
        <h2 className="section-title">{childType.labelPlural} <span className="count">{formatNumber(typed.length)}</span></h2>
        <div className="childlist__tools">
          <ViewToggle tabUrl={tabUrl} view={view} />
          {addLink && (
            <button type="button" className="btn btn--primary btn--small" onClick={() => setAdding(true)}
              data-testid={`add-${shortType(childType.type)}`}>
              + {addLabel}
            </button>
          )}
        </div>
      </div>
      {tree.data && tree.data.truncated && (
        <p className="muted" data-testid="tree-truncated">{t('app.treeTruncated', { count: formatNumber(tree.data.cap) })}</p>
      )}
      {body}
      {adding && (
        <AddModuleDialog title={addLabel} link={addLink}
          onClose={() => setAdding(false)}
          onSuccess={() => { treeChanged(); if (onChanged) onChanged(); }} />
      )}
    </div>
  );
}
