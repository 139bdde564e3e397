import { Suspense, lazy } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import { NoMatch } from '../../components/NotFound.jsx';
import FeedList from '../../features/feed/FeedList.jsx';
import { t } from '../../lib/i18n.js';
import TasksScreen from './TasksScreen.jsx';
import ModuleView from '../module/ModuleView.jsx';
import ProjectScreen from '../module/ProjectScreen.jsx';
import PortalPage from './PortalPage.jsx';
import PortalSettings from './PortalSettings.jsx';
import ProjectsBrowser from './ProjectsBrowser.jsx';

const MetricsDashboard = lazy(() => import('../../features/report/MetricsDashboard.jsx'));
const WeekGrid = lazy(() => import('../../features/timesheet/WeekGrid.jsx'));
const Approvals = lazy(() => import('../../features/timesheet/Approvals.jsx'));

function ModuleRoute({ base, portalId, reloadPortal }) {
  const { pid } = useParams();
  return <ModuleView key={pid} moduleId={pid} baseUrl={`/${base}/${portalId}/module/${pid}`} onChanged={reloadPortal} />;
}

function ProjectRoute({ base, portalId, prefix, reloadPortal }) {
  const { pid } = useParams();
  if (!/^\d+$/.test(pid)) return <NoMatch />;
  const url = prefix ? `/${base}/${portalId}/${prefix}/${pid}` : `/${base}/${portalId}/${pid}`;
  return <ProjectScreen key={pid} moduleId={pid} baseUrl={url} portalUrl={`/${base}/${portalId}`} onChanged={reloadPortal} />;
}

function PortalMetrics({ portal }) {
  return (
    <div className="page page--metrics">
      <h1 className="page__title">{t('app.metrics')}</h1>
      <Suspense fallback={<Loading inline />}>
        <MetricsDashboard key={portal.id} module={portal} title={t('app.metricsOf', { name: portal.name })} />
      </Suspense>
    </div>
  );
}

/** 'Activity' in the side menu: the portal's feed, inside the portal layout. */
function PortalActivity({ portal }) {
  return (
    <div className="page" data-testid="portal-activity">
      <h1 className="page__title">{t('app.activity')}</h1>
      <p className="muted">{t('app.activityIntro', { name: portal.name })}</p>
      <FeedList moduleId={portal.id} />
    </div>
  );
}

/** A lazily loaded page of the portal (the timesheet's). */
function Lazy({ children }) {
  return <Suspense fallback={<Loading inline />}>{children}</Suspense>;
}

/** The pages of a portal: home, Work (projects), a project, a module, metrics, settings, all tasks and the timesheet. */
export default function PortalRoutes({ portal, base, portalId, reload }) {
  return (
    <Routes>
      <Route index element={<PortalPage portal={portal} base={base} onChanged={reload} />} />
      <Route path="projects" element={<ProjectsBrowser portal={portal} base={base} />} />
      <Route path="projects/:pid/*" element={<ProjectsBrowser portal={portal} base={base} onChanged={reload} />} />
      <Route path="project/:pid/*" element={<ProjectRoute base={base} portalId={portalId} prefix="project" reloadPortal={reload} />} />
      <Route path="module/:pid/*" element={<ModuleRoute base={base} portalId={portalId} reloadPortal={reload} />} />
      <Route path="metrics" element={<PortalMetrics portal={portal} />} />
      <Route path="settings/*" element={<PortalSettings portal={portal} base={base} onChanged={reload} />} />
      <Route path="tasks-all" element={<TasksScreen portal={portal} base={base} />} />
      <Route path="activity" element={<PortalActivity portal={portal} />} />
      <Route path="timesheet" element={<Lazy><WeekGrid key={portal.id} portal={portal} /></Lazy>} />
      <Route path="timesheet/approvals" element={<Lazy><Approvals key={portal.id} portal={portal} /></Lazy>} />
      <Route path=":pid/*" element={<ProjectRoute base={base} portalId={portalId} reloadPortal={reload} />} />
      <Route path="*" element={<NoMatch />} />
    </Routes>
  );
}
