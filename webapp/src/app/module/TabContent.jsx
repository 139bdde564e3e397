/** The body of one tab of the module page: a child list, or the feature the fixed tab stands for. */
import { Suspense, lazy, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import { NoMatch } from '../../components/NotFound.jsx';
import Placeholder from '../../components/Placeholder.jsx';
import FeedList from '../../features/feed/FeedList.jsx';
import GanttChart from '../../features/gantt/GanttChart.jsx';
import Baselines from '../../features/planning/Baselines.jsx';
import RelationDialog from '../../features/relations/RelationDialog.jsx';
import { moduleTabs } from '../../features/modules/tabs.js';
import { formatNumber, t } from '../../lib/i18n.js';
import { indexTree, rowUrl } from '../../lib/tree.js';
import ChildList from './ChildList.jsx';
import useSubtree from './useSubtree.js';

// Each feature tab loads its code when first opened: the project page stays light (draft-js alone is ~70 KB).
const Discussion = lazy(() => import('../../features/discussion/Discussion.jsx'));
const FilesPanel = lazy(() => import('../../features/vault/FilesPanel.jsx'));
const ReferencesPanel = lazy(() => import('../../features/vault/ReferencesPanel.jsx'));
const MembersPanel = lazy(() => import('../../features/members/MembersPanel.jsx'));
const KnowledgeLibrary = lazy(() => import('../../features/knowledge/KnowledgeLibrary.jsx'));
const MetricsDashboard = lazy(() => import('../../features/report/MetricsDashboard.jsx'));
const CloneTab = lazy(() => import('../../features/clone/CloneTab.jsx'));
const TimeEntries = lazy(() => import('../../features/time/TimeEntries.jsx'));
const EffortReport = lazy(() => import('../../features/effortReport/EffortReport.jsx'));
const EffortPlan = lazy(() => import('../../features/effortReport/EffortPlan.jsx'));

/** '/portal/4' of a module page's '/portal/4/module/12' (or '/portal/4/12'): where an entry's module opens. */
const portalHome = (baseUrl) => baseUrl.split('/').slice(0, 3).join('/');

/** The Gantt of the whole subtree (module/tree), opened fitted to its dates once it has arrived, with its baselines. */
function GanttTab({ module, baseUrl, onChanged }) {
  const tree = useSubtree(module);
  const rows = tree.data ? tree.data.rows : null;
  const byId = useMemo(() => indexTree(rows || []).byId, [rows]);
  const [baseline, setBaseline] = useState(null);
  const [moves, setMoves] = useState(0); // a bar moved: the slip table reads again
  const [arrow, setArrow] = useState(null); // {id, row}: a relation clicked on the chart
  const moved = () => {
    setMoves((n) => n + 1);
    if (onChanged) onChanged();
  };
  let body = <Loading inline />;
  if (rows) {
    body = <GanttChart key={module.id} modules={rows} relations={tree.data.relations} planning={tree.data.planning} baseline={baseline}
      linkOf={(c) => rowUrl(c, byId, baseUrl)} onChanged={moved} onArrow={(id, row) => setArrow({ id, row })} />;
  }
  else if (tree.status === 'failed') body = <div className="empty" role="alert">{tree.error}</div>;
  return (
    <div>
      <h2 className="section-title">{t('app.ganttChart')}</h2>
      <Baselines module={module} onShow={setBaseline} stamp={moves} />
      {tree.data && tree.data.truncated && (
        <p className="muted" data-testid="tree-truncated">{t('app.treeTruncated', { count: formatNumber(tree.data.cap) })}</p>
      )}
      {body}
      {arrow && arrow.row && (
        <RelationDialog relationId={arrow.id} row={arrow.row} onChanged={moved} onClose={() => setArrow(null)}
          urlOf={(other) => (byId.has(other.id) ? rowUrl(byId.get(other.id), byId, baseUrl) : `${baseUrl}/module/${other.id}`)} />
      )}
    </div>
  );
}

/** The fixed tabs, each a feature of the module (`module`, its `baseUrl`, `onChanged`). */
const FIXED = {
  knowledge: ({ module, baseUrl }) => <KnowledgeLibrary module={module} baseUrl={`${baseUrl}/knowledge`} />,
  comments: ({ module }) => <Discussion key={module.id} module={module} />,
  feed: ({ module }) => (
    <div>
      <h2 className="section-title">{t('app.feed')}</h2>
      <FeedList moduleId={module.id} url={module.links && module.links.feed ? module.links.feed.url : undefined} />
    </div>
  ),
  'gantt-chart': ({ module, baseUrl, onChanged }) => <GanttTab module={module} baseUrl={baseUrl} onChanged={onChanged} />,
  files: ({ module }) => <FilesPanel module={module} />,
  references: ({ module }) => <ReferencesPanel module={module} />,
  metric: ({ module }) => <MetricsDashboard key={module.id} module={module} />,
  editors: ({ module, onChanged }) => <MembersPanel module={module} title={t('app.editors')} onChanged={onChanged} />,
  // The clone dialog says 'No permissions to make a new version' when the module offers no clone link.
  clone: ({ module, baseUrl }) => <CloneTab module={module} closeTo={baseUrl} />,
  time: ({ module, baseUrl, onChanged }) => (
    <TimeEntries key={module.id} module={module} onChanged={onChanged} moduleBase={`${portalHome(baseUrl)}/module`} />
  ),
  // The report, then the plan it is measured against (each where the project offers its link).
  effort: ({ module }) => (
    <div className="effort-tab">
      <EffortReport key={`report-${module.id}`} project={module} />
      <EffortPlan key={`plan-${module.id}`} project={module} />
    </div>
  ),
};

function TabBody({ module, baseUrl, onChanged, tab: fixedTab }) {
  const params = useParams();
  const tab = fixedTab || params.tab;
  const def = moduleTabs(module).find((d) => d.tab === tab);
  if (!def) return <NoMatch />;
  if (def.childType) {
    // one list per tab: its filter, folds and subtree start afresh on another tab
    return <ChildList key={def.childType.type} module={module} childType={def.childType} baseUrl={baseUrl} onChanged={onChanged} />;
  }
  if (FIXED[tab]) return FIXED[tab]({ module, baseUrl, onChanged });
  return <Placeholder title={def.label} />; // a tab whose feature is not there yet
}

export default function TabContent(props) {
  return <Suspense fallback={<Loading inline />}><TabBody {...props} /></Suspense>;
}
