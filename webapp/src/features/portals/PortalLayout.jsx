import { Suspense, lazy } from 'react';
import { NavLink, Route, Routes, useMatch, useParams } from 'react-router-dom';
import TopBar from '../../app/TopBar.jsx';
import BrandLogo from '../../components/BrandLogo.jsx';
import Loading from '../../components/Loading.jsx';
import { NoMatch } from '../../components/NotFound.jsx';
import useFetch from '../../lib/useFetch.js';
import ModuleView from '../modules/ModuleView.jsx';
import ProjectPage from '../modules/ProjectPage.jsx';
import PortalPage from './PortalPage.jsx';
import PortalSettings from './PortalSettings.jsx';
import PortalSwitcher from './PortalSwitcher.jsx';
import ProjectsBrowser from './ProjectsBrowser.jsx';
import TasksAll from './TasksAll.jsx';

const MetricsDashboard = lazy(() => import('../report/MetricsDashboard.jsx'));

function ModuleRoute({ base, portalId, reloadPortal }) {
  const { pid } = useParams();
  return <ModuleView key={pid} moduleId={pid} baseUrl={`/${base}/${portalId}/module/${pid}`} onChanged={reloadPortal} />;
}

function ProjectRoute({ base, portalId, prefix, reloadPortal }) {
  const { pid } = useParams();
  if (!/^\d+$/.test(pid)) return <NoMatch />;
  const url = prefix ? `/${base}/${portalId}/${prefix}/${pid}` : `/${base}/${portalId}/${pid}`;
  return <ProjectPage key={pid} moduleId={pid} projectUrl={url} portalUrl={`/${base}/${portalId}`} onChanged={reloadPortal} />;
}

const RAIL = [
  ['', 'Home', '⌂'],
  ['/projects', 'Work', '▤'],
  ['/metrics', 'Metrics', '◔'],
  ['/settings', 'Settings', '⚙'],
];

/** Top bar, header with the portal's home button, side rail, side menu of the portal's children. */
export default function PortalLayout({ base }) {
  const { portalId } = useParams();
  const url = `/api/module/view/${portalId}`;
  const { status, data: portal, reload } = useFetch(/^\d+$/.test(portalId) ? url : null);
  const home = `/${base}/${portalId}`;
  // In Work (/projects) the project tree replaces the side menu.
  const inWork = useMatch(`/${base}/:portalId/projects/*`);

  if (!/^\d+$/.test(portalId)) {
    return (
      <div className="app"><TopBar /><main className="app__main"><NoMatch /></main></div>
    );
  }
  if (status === 'loading' || status === 'idle') return <Loading />;
  if (status === 'failed') {
    return (
      <div className="app">
        <TopBar><PortalSwitcher /></TopBar>
        <main className="app__main">
          <div className="form__error portal-error" role="alert" data-testid="portal-error">
            error: need access to moduleId: {url}
          </div>
          <div className="portal-error__back"><NavLink className="btn btn--primary" to="/">Back to my portals</NavLink></div>
        </main>
      </div>
    );
  }

  return (
    <div className="app app--portal">
      <TopBar><PortalSwitcher current={portal} /></TopBar>
      <div className={inWork ? 'portal portal--work' : 'portal'}>
        <nav className="rail" aria-label="Portal">
          {RAIL.map(([path, label, icon]) => (
            <NavLink key={label} to={`${home}${path}`} end={path === ''}
              className={({ isActive }) => (isActive ? 'rail__item rail__item--on' : 'rail__item')}>
              <span className="rail__icon" aria-hidden="true">{icon}</span>
              <span className="rail__label">{label}</span>
            </NavLink>
          ))}
        </nav>
        {!inWork && (
        <aside className="sidemenu" aria-label="Portal contents">
          <NavLink to={home} end className="sidemenu__home" data-testid="portal-home">
            <BrandLogo brand={portal.brand} platform={portal.platform} size={40} alt="" />
            <span>
              <span className="sidemenu__type">{portal.typeLabel}</span>
              <span className="sidemenu__name">{portal.name}</span>
            </span>
          </NavLink>
          <div className="sidemenu__title">{(portal.childTypes && portal.childTypes[0] && portal.childTypes[0].labelPlural) || 'Contents'}</div>
          <ul className="sidemenu__list">
            {(portal.children || []).map((c) => (
              <li key={c.id}>
                <NavLink to={`${home}/${c.id}`} className={({ isActive }) => (isActive ? 'sidemenu__link sidemenu__link--on' : 'sidemenu__link')}>
                  {c.name}
                </NavLink>
              </li>
            ))}
            {!(portal.children || []).length && <li className="muted sidemenu__empty">Nothing here yet</li>}
          </ul>
          <div className="sidemenu__title">Views</div>
          <ul className="sidemenu__list">
            <li><NavLink className="sidemenu__link" to={`${home}/tasks-all`}>All tasks</NavLink></li>
            <li><NavLink className="sidemenu__link" to={`${home}/settings/feed`}>Activity</NavLink></li>
          </ul>
        </aside>
        )}
        <main className="portal__main">
          <Routes>
            <Route index element={<PortalPage portal={portal} base={base} onChanged={reload} />} />
            <Route path="projects" element={<ProjectsBrowser portal={portal} base={base} />} />
            <Route path="projects/:pid/*" element={<ProjectsBrowser portal={portal} base={base} onChanged={reload} />} />
            <Route path="project/:pid/*" element={<ProjectRoute base={base} portalId={portalId} prefix="project" reloadPortal={reload} />} />
            <Route path="module/:pid/*" element={<ModuleRoute base={base} portalId={portalId} reloadPortal={reload} />} />
            <Route path="metrics" element={<div className="page page--metrics"><h1 className="page__title">Metrics</h1><Suspense fallback={<Loading inline />}><MetricsDashboard key={portal.id} module={portal} title={`Metrics of ${portal.name}`} /></Suspense></div>} />
            <Route path="settings/*" element={<PortalSettings portal={portal} base={base} />} />
            <Route path="tasks-all" element={<TasksAll portal={portal} base={base} />} />
            <Route path=":pid/*" element={<ProjectRoute base={base} portalId={portalId} reloadPortal={reload} />} />
            <Route path="*" element={<NoMatch />} />
          </Routes>
        </main>
      </div>
    </div>
  );
}
