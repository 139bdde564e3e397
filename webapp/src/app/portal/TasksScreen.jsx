import { Suspense, lazy, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import TasksAll from '../../features/portals/TasksAll.jsx';
import SavedViews from '../../features/savedViews/SavedViews.jsx';
import useSavedView, { SAVED_PARAM } from '../../features/savedViews/useSavedView.js';
import { t } from '../../lib/i18n.js';
import { GroupingPicker, ColumnsPicker, LayoutToggle } from '../views/ViewTools.jsx';
import useSubtree from '../module/useSubtree.js';

const Board = lazy(() => import('../../features/board/Board.jsx'));
const TASK = '4rineu_task';
const FRESH = { key: 0, query: null, hidden: [], grouping: 'project', lanes: 'none', filter: '' };

/** The portal's tasks as a board: every task of the portal's tree, each card opening its module page. */
function TasksBoard({ portal, base, seed, onState }) {
  const tree = useSubtree(portal, TASK);
  const [lanes, setLanes] = useState(seed.lanes);
  const [filter, setFilter] = useState(seed.filter);
  const [sort, setSort] = useState(seed.sort || 'tree');
  const change = (patch) => onState({ lanes, filter, sort, ...patch });
  if (!tree.data) return tree.error ? <div className="form__error" role="alert">{tree.error}</div> : <Loading inline />;
  return (
    <>
      <input className="tree__filter" type="search" value={filter} placeholder={t('taskViews.filterCards')}
        aria-label={t('taskViews.filterCards')} data-testid="board-filter"
        onChange={(e) => { setFilter(e.target.value); change({ filter: e.target.value }); }} />
      <Board rows={tree.data.rows} cardType={TASK} hrefOf={(r) => `/${base}/${portal.id}/module/${r.id}`}
        limits={(tree.data.planning && tree.data.planning.boardLimits) || {}} addLink={null} laneModuleId={portal.id}
        lanes={lanes} onLanesChange={(l) => { setLanes(l); change({ lanes: l }); }} filter={filter}
        sort={sort} onSortChange={(o) => { setSort(o); change({ sort: o }); }} onChanged={tree.reload} />
    </>
  );
}

/**
 * /portal/{id}/tasks-all (issue 44): the portal's tasks as a table (filters, sort, grouping, columns) or as a board
 * (swimlanes, a filter), either kept as a saved view and opened again from its address (`?saved={id}`).
 */
export default function TasksScreen({ portal, base }) {
  const [params, setParams] = useSearchParams();
  const [layout, setLayout] = useState(params.get('layout') === 'board' ? 'board' : 'tasks');
  const [seed, setSeed] = useState(FRESH);
  const [query, setQuery] = useState(null);
  const [boardState, setBoardState] = useState({ lanes: 'none', filter: '', sort: 'tree' });
  const apply = useCallback((state, kind) => {
    setLayout(kind);
    setSeed((s) => ({ ...FRESH, ...state, key: s.key + 1 }));
    if (kind === 'board') setBoardState({ lanes: state.lanes || 'none', filter: state.filter || '', sort: state.sort || 'tree' });
  }, []);
  const saved = useSavedView('tasks board', apply);
  const pick = (next) => {
    setLayout(next);
    const p = new URLSearchParams(params);
    p.delete(SAVED_PARAM);
    if (next === 'board') p.set('layout', 'board'); else p.delete('layout');
    setParams(p, { replace: true });
  };
  const state = layout === 'board' ? boardState
    : { query: query && { ...query, page: 1 }, hidden: seed.hidden, grouping: seed.grouping };
  const setTable = (patch) => setSeed((s) => ({ ...s, ...patch, query: query || s.query }));
  const tools = (
    <div className="view-tools" data-testid="view-tools">
      <LayoutToggle value={layout} onChange={pick} />
      {layout === 'tasks' && <GroupingPicker value={seed.grouping} onChange={(grouping) => setTable({ grouping })} />}
      {layout === 'tasks' && <ColumnsPicker hidden={seed.hidden} onChange={(hidden) => setTable({ hidden })} />}
      <SavedViews moduleId={portal.id} kind={layout} state={state} currentId={params.get(SAVED_PARAM)} />
    </div>
  );
  return (
    <div className="page" data-testid="tasks-screen">
      <h1 className="page__title">{t('portals.allTasks')}</h1>
      <p className="muted">{portal.name}</p>
      {saved.error && <div className="form__error" role="alert" data-testid="saved-view-error">{saved.error}</div>}
      {layout === 'board' ? (
        <>
          {tools}
          <Suspense fallback={<Loading inline />}>
            <TasksBoard key={seed.key} portal={portal} base={base} seed={boardState} onState={setBoardState} />
          </Suspense>
        </>
      ) : (
        <TasksAll key={seed.key} portal={portal} base={base} initial={seed.query} hidden={seed.hidden}
          grouping={seed.grouping} onQuery={setQuery} title={false} tools={tools} />
      )}
    </div>
  );
}
