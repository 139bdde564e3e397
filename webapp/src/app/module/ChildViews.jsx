import { Suspense, lazy, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import GanttChart from '../../features/gantt/GanttChart.jsx';
import SavedViews from '../../features/savedViews/SavedViews.jsx';
import useSavedView, { SAVED_PARAM } from '../../features/savedViews/useSavedView.js';
import { t } from '../../lib/i18n.js';

const Board = lazy(() => import('../../features/board/Board.jsx'));
const Calendar = lazy(() => import('../../features/calendar/Calendar.jsx'));

/** The ways a child list shows its rows (`?view=`): the list (no parameter), the Gantt, the board, the calendar. */
export const VIEWS = ['list', 'gantt', 'board', 'calendar'];

export function viewOf(search) {
  const v = new URLSearchParams(search).get('view');
  return VIEWS.includes(v) ? v : 'list';
}

function viewLabel(v) {
  switch (v) {
    case 'gantt': return t('app.gantt');
    case 'board': return t('taskViews.board');
    case 'calendar': return t('taskViews.calendar');
    default: return t('app.list');
  }
}

/** List / Gantt / Board / Calendar, each a link (the view is in the address). */
export function ViewToggle({ tabUrl, view }) {
  return (
    <div className="toggle" role="group" aria-label={t('app.view')}>
      {VIEWS.map((v) => (
        <Link key={v} className={v === view ? 'toggle__btn toggle__btn--on' : 'toggle__btn'} aria-current={v === view ? 'true' : undefined}
          to={v === 'list' ? tabUrl : `${tabUrl}?view=${v}`} data-testid={`${v}-toggle`}>{viewLabel(v)}</Link>
      ))}
    </div>
  );
}

/** A calendar item's page: its row's page when the subtree holds it, else its module page in the portal. */
function calendarHref(urlOf, byId, baseUrl) {
  const portal = (baseUrl.match(/^\/(portal|peb|calibr)\/\d+/) || [''])[0];
  return (row) => (byId.has(row.id) ? urlOf(byId.get(row.id)) : `${portal}/module/${row.id}`);
}

/**
 * The Gantt, the board or the calendar of a module's children (issue 44), each with the saved views of its kind:
 * what is saved (`state`) is the Gantt's zoom and 'Critical only', the board's swimlanes, order and filter, the
 * calendar's month or week; a saved view's address (`?saved={id}`) opens it in its own view.
 */
export default function ChildView({ view, module, rows, planning, relations, type, urlOf, byId, baseUrl, addLink, onChanged }) {
  const [params, setParams] = useSearchParams();
  const [seed, setSeed] = useState({ key: 0, state: {} });
  const [state, setState] = useState({});
  const saved = useSavedView('gantt board calendar', (next, kind) => {
    setSeed((s) => ({ key: s.key + 1, state: next }));
    setState(next);
    if (kind !== view) {
      const p = new URLSearchParams(params);
      p.set('view', kind);
      setParams(p, { replace: true });
    }
  });
  const change = (patch) => setState((s) => ({ ...s, ...patch }));
  let body;
  if (view === 'gantt') {
    body = (
      <GanttChart key={`${type}-${seed.key}`} modules={rows} relations={relations} planning={planning} linkOf={urlOf}
        onChanged={onChanged} initialView={seed.state} onViewChange={setState} />
    );
  } else if (view === 'board') {
    body = (
      <Board key={seed.key} rows={rows} cardType={type} hrefOf={urlOf} limits={(planning && planning.boardLimits) || {}}
        addLink={addLink} laneModuleId={module.id} lanes={state.lanes || 'none'} onLanesChange={(lanes) => change({ lanes })}
        filter={state.filter || ''} sort={state.sort || 'tree'} onSortChange={(sort) => change({ sort })} onChanged={onChanged} />
    );
  } else {
    body = (
      <Calendar key={seed.key} moduleId={module.id} hrefOf={calendarHref(urlOf, byId, baseUrl)} view={state.mode || 'month'}
        onViewChange={(mode) => change({ mode })} onChanged={onChanged} />
    );
  }
  return (
    <>
      <div className="view-tools">
        <SavedViews moduleId={module.id} kind={view} state={state} currentId={params.get(SAVED_PARAM)} />
      </div>
      {saved.error && <div className="form__error" role="alert" data-testid="saved-view-error">{saved.error}</div>}
      <Suspense fallback={<Loading inline />}>{body}</Suspense>
    </>
  );
}
