import { Suspense, lazy } from 'react';
import { useParams } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import { NoMatch } from '../../components/NotFound.jsx';
import Placeholder from '../../components/Placeholder.jsx';
import FeedList from '../feed/FeedList.jsx';
import GanttChart from '../gantt/GanttChart.jsx';

// Each feature tab loads its code when first opened: the project page stays light (draft-js alone is ~70 KB).
const Discussion = lazy(() => import('../discussion/Discussion.jsx'));
const FilesPanel = lazy(() => import('../vault/FilesPanel.jsx'));
const ReferencesPanel = lazy(() => import('../vault/ReferencesPanel.jsx'));
const MembersPanel = lazy(() => import('../members/MembersPanel.jsx'));
const KnowledgeLibrary = lazy(() => import('../knowledge/KnowledgeLibrary.jsx'));
const MetricsDashboard = lazy(() => import('../report/MetricsDashboard.jsx'));
const CloneTab = lazy(() => import('../clone/CloneTab.jsx'));
import ChildList from './ChildList.jsx';
import { moduleTabs, tabOfChild } from './tabs.js';

const COMING = {
  knowledge: ['The knowledge library', 'Rich-text articles, nested in a tree, with authors and dates.'],
  files: ['The file vault', 'Upload, download, lock and unlock the files of this item.'],
  references: ['References', 'Links, videos and documents shared with the team.'],
  comments: ['The discussion', 'Threaded comments and replies about this item.'],
  metric: ['The metrics report', 'Panels of charts and figures built from the custom fields.'],
  editors: ['The members table', 'Everyone who works on this item, with their roles and rights.'],
  clone: ['Cloning', 'Copy this item, from a template or as it is, with its content.'],
};

export default function TabContent(props) {
  return <Suspense fallback={<Loading inline />}><TabBody {...props} /></Suspense>;
}

function TabBody({ module, baseUrl, onChanged, tab: fixedTab }) {
  const params = useParams();
  const tab = fixedTab || params.tab;
  const def = moduleTabs(module).find((t) => t.tab === tab);
  if (!def) return <NoMatch />;
  if (def.childType) return <ChildList module={module} childType={def.childType} baseUrl={baseUrl} onChanged={onChanged} />;
  if (tab === 'knowledge') return <KnowledgeLibrary module={module} baseUrl={`${baseUrl}/knowledge`} />;
  if (tab === 'comments') return <Discussion key={module.id} module={module} />;
  if (tab === 'feed') {
    return (
      <div>
        <h2 className="section-title">Feed</h2>
        <FeedList moduleId={module.id} url={module.links && module.links.feed ? module.links.feed.url : undefined} />
      </div>
    );
  }
  if (tab === 'gantt-chart') {
    return (
      <div>
        <h2 className="section-title">Gantt Chart</h2>
        <GanttChart modules={module.children || []} linkOf={(c) => `${baseUrl}/${tabOfChild(module, c)}/${c.id}`} />
      </div>
    );
  }
  if (tab === 'files') return <FilesPanel module={module} />;
  if (tab === 'references') return <ReferencesPanel module={module} />;
  if (tab === 'metric') return <MetricsDashboard key={module.id} module={module} />;
  if (tab === 'editors') return <MembersPanel module={module} title="Editors" onChanged={onChanged} />;
  // The clone dialog says 'No permissions to make a new version' when the module offers no clone link.
  if (tab === 'clone') return <CloneTab module={module} closeTo={baseUrl} />;
  const [title, text] = COMING[tab] || [def.label, ''];
  return <Placeholder title={title}>{text}</Placeholder>;
}
