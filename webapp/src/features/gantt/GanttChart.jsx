import { useEffect, useId, useMemo, useState } from 'react';
import MessageDialog from '../../components/MessageDialog.jsx';
import { t } from '../../lib/i18n.js';
import { indexTree, shownRows } from '../../lib/tree.js';
import GanttToolbar from './GanttToolbar.jsx';
import { GanttCanvas, GanttHead } from './GanttGrid.jsx';
import GanttLinks from './GanttLinks.jsx';
import GanttRow from './GanttRow.jsx';
import { dragModes } from './drag.js';
import { arrows } from './links.js';
import { criticalRows, hasPlan } from './plan.js';
import useLinkDrag, { LinkingLine } from './useLinkDrag.jsx';
import useBarDrag from './useBarDrag.js';
import { dateRange, summarySpans } from './summary.js';
import useVirtualRows from './useVirtualRows.js';
import { ZOOMS, barSpan, columns, dayOf, daysIn, defaultWindow, fitWindow, position, rezoom } from './window.js';
import './gantt.css';

export const ROW_HEIGHT = 40;
export const LABEL_WIDTH = { initial: 280, phone: 170, min: 120, max: 520 };
// A phone keeps most of its width for the timeline.
const initialLabelWidth = () => (typeof window !== 'undefined' && window.innerWidth < 600 ? LABEL_WIDTH.phone : LABEL_WIDTH.initial);
// Below this many pixels per column the chart scrolls sideways (the names stay, sticky on the left).
const MIN_COLUMN = { days: 22, weeks: 52, months: 56 }; // a week's '16 Nov' needs ~45 px

/** The set of folded parents with `id` folded or unfolded. */
function toggled(was, id) {
  const next = new Set(was);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/**
 * One row per module (spec §2 Gantt): a bar from start date to deadline coloured by status, the markers, the
 * owner's avatar. `modules` may be a subtree (module/tree's rows, depth first, with `depth` and `parentId`): a
 * parent then folds and unfolds its rows and carries a summary bar over its descendants' dates. The chart opens
 * fitted to every date shown (`fit`; else around today) and 'Fit' brings that window back; the name column is
 * resized by its handle (a separator: drag it, or arrow keys). Only the rows in view (and a few more) are
 * rendered; the grid is drawn once. Bars move where the row's deliverable offers its date-edit links.
 * `linkOf(module)`: where its name leads; `onChanged`: called after a date was saved (the page reloads its rows);
 * `today`: the clock (tests set it); `relations`: module/tree's relations between the rows, drawn as arrows;
 * `planning`: module/tree's calendar (project months). Rows with a `float` (module/tree computes the critical
 * path) show it, and 'Critical only' keeps the critical ones; dragging a bar with successors shows where they
 * would go (ghost bars) before the drop; `baseline` ({id: {startDate, deadline}}) draws a baseline's dates as thin
 * bars under today's. A bar's link handle drawn to another bar makes a finish-to-start relation (where the row
 * offers `add_relation`); a clicked arrow goes to `onArrow(relationId, successorRow)`. `initialView` ({zoom,
 * criticalOnly}, a saved view's) is how it opens; `onViewChange` hears those two as they change (to save them).
 */
export default function GanttChart({
  modules, linkOf, today = new Date(), onChanged, fit = true, relations = null, planning = null, baseline = null, onArrow = null,
  initialView = null, onViewChange = null,
}) {
  const todayDay = dayOf(today);
  const fitted = useMemo(() => {
    const r = dateRange(modules);
    return r && fitWindow(r.from, r.to);
  }, [modules]);
  // A saved view (issue 44) opens at its zoom and with 'Critical only' as it was saved.
  const [win, setWin] = useState(() => {
    const first = (fit && fitted) || defaultWindow(today);
    return initialView && ZOOMS.includes(initialView.zoom) ? rezoom(first, initialView.zoom, todayDay) : first;
  });
  const [collapsed, setCollapsed] = useState(() => new Set());
  const [labelWidth, setLabelWidth] = useState(initialLabelWidth);
  const [criticalOnly, setCriticalOnly] = useState(!!(initialView && initialView.criticalOnly));
  useEffect(() => { if (onViewChange) onViewChange({ zoom: win.zoom, criticalOnly }); }, [win.zoom, criticalOnly, onViewChange]);
  const planned = useMemo(() => hasPlan(modules), [modules]);
  const cols = useMemo(() => columns(win), [win]);
  const n = daysIn(win);
  const { kids } = useMemo(() => indexTree(modules), [modules]);
  const spans = useMemo(() => summarySpans(modules), [modules]);
  const shown = useMemo(() => {
    const rows = shownRows(modules, collapsed).map((x) => x.row);
    return criticalOnly && planned ? criticalRows(rows) : rows;
  }, [modules, collapsed, criticalOnly, planned]);
  const { ref, range, onScroll } = useVirtualRows(shown.length, ROW_HEIGHT);
  // What a drag may move along relations: a bar with successors, or below a parent (which may span it).
  const leads = useMemo(() => new Set((relations || []).map((r) => r.fromId)), [relations]);
  const previewable = (row) => leads.has(row.id) || modules.some((m) => m.id === row.parentId);
  const bars = useBarDrag({ days: n, onChanged, previewable });
  const linking = useLinkDrag(onChanged);
  const byId = useMemo(() => new Map(modules.map((m) => [m.id, m])), [modules]);
  const helpId = useId();
  const rows = shown.slice(range.start, range.end);
  const editable = useMemo(() => modules.some((m) => {
    const modes = dragModes(m.deliverable);
    return modes.move || modes.start || modes.end;
  }), [modules]);
  const onToggle = (id) => setCollapsed((was) => toggled(was, id));
  const resize = (w) => setLabelWidth(Math.round(Math.min(LABEL_WIDTH.max, Math.max(LABEL_WIDTH.min, w))));
  return (
    <div className="gantt" data-testid="gantt" style={{ '--gantt-label': `${labelWidth}px` }}>
      <GanttToolbar win={win} onWindow={setWin} today={todayDay} fitted={fitted}
        critical={planned ? { on: criticalOnly, set: setCriticalOnly } : null} />
      {editable && (
        <p id={helpId} className="gantt__help">{t('gantt.dragHelp')}</p>
      )}
      {modules.length === 0 ? <div className="empty">{t('gantt.empty')}</div> : (
        <div className="gantt__scroll" ref={ref} onScroll={onScroll} data-testid="gantt-scroll">
          <div className="gantt__content" style={{ minWidth: labelWidth + cols.length * MIN_COLUMN[win.zoom] }}>
            <GanttHead cols={cols} labelWidth={labelWidth} onResize={resize} limits={LABEL_WIDTH} />
            <div className="gantt__body" style={{ height: shown.length * ROW_HEIGHT }}>
              <GanttCanvas cols={cols} todayPos={position(win, todayDay) + 50 / n} />
              <GanttLinks arrows={arrows(relations, shown, bars.shown, win, ROW_HEIGHT, range)} height={shown.length * ROW_HEIGHT}
                rowHeight={ROW_HEIGHT} onPick={onArrow ? (a) => onArrow(a.id, byId.get(a.toId)) : null} />
              {rows.map((m, i) => {
                const d = bars.shown(m);
                const modes = dragModes(m.deliverable);
                const sum = spans.get(m.id);
                return (
                  <GanttRow key={m.id} row={m} d={d} win={win} top={(range.start + i) * ROW_HEIGHT}
                    href={linkOf ? linkOf(m) : null} modes={modes} handlers={bars.handlers(m, modes)}
                    busy={bars.savingId === m.id} dragging={bars.draggingId === m.id} helpId={helpId}
                    summary={sum ? { ...sum, span: barSpan(win, sum.from, sum.to) } : null}
                    ghost={bars.ghosts[m.id] || null} planning={planning} baseline={(baseline && baseline[m.id]) || null}
                    onLinkStart={linking.start}
                    open={kids.has(m.id) ? !collapsed.has(m.id) : null} onToggle={onToggle} />
                );
              })}
            </div>
          </div>
        </div>
      )}
      <LinkingLine line={linking.line} />
      <MessageDialog title={t('gantt.errorTitle')} message={bars.error} onClose={bars.clearError} testId="gantt-error" okTestId="gantt-error-ok" />
    </div>
  );
}
