import { useCallback, useEffect, useRef, useState } from 'react';
import { NavLink, useLocation, useMatch, useParams } from 'react-router-dom';
import useClickOutside from '../../hooks/useClickOutside.js';
import { onTreeChanged } from '../../lib/changes.js';
import { t } from '../../lib/i18n.js';
import Loading from '../../components/Loading.jsx';
import { NoMatch } from '../../components/NotFound.jsx';
import useFetch from '../../hooks/useFetch.js';
import { viewModule } from '../../features/modules/api.js';
import PortalSwitcher from '../../features/portals/PortalSwitcher.jsx';
import HitFocus from '../HitFocus.jsx';
import { AccessLost } from '../module/ModuleView.jsx';
import { SearchScopeProvider } from '../searchScope.jsx';
import TopBar from '../TopBar.jsx';
import PortalRoutes from './PortalRoutes.jsx';
import PortalSideMenu from './PortalSideMenu.jsx';

/** The rail's pages: [path, label, icon]. */
const rail = () => [
  ['', t('app.home'), '⌂'],
  ['/projects', t('app.work'), '▤'],
  ['/metrics', t('app.metrics'), '◔'],
  ['/settings', t('app.settings'), '⚙'],
];

function Rail({ home }) {
  return (
    <nav className="rail" aria-label={t('app.portal')}>
      {rail().map(([path, label, icon]) => (
        <NavLink key={path} to={`${home}${path}`} end={path === ''}
          className={({ isActive }) => (isActive ? 'rail__item rail__item--on' : 'rail__item')}>
          <span className="rail__icon" aria-hidden="true">{icon}</span>
          <span className="rail__label">{label}</span>
        </NavLink>
      ))}
    </nav>
  );
}

function PortalError({ portalId, lost }) {
  const back = <NavLink className="btn btn--primary" to="/">{t('app.backToPortals')}</NavLink>;
  return (
    <div className="app">
      <TopBar><PortalSwitcher /></TopBar>
      <main className="app__main" id="main">
        {lost ? (
          <AccessLost testId="portal-lost" page>{back}</AccessLost>
        ) : (
          <>
            <div className="form__error portal-error" role="alert" data-testid="portal-error">
              {t('app.portalNoAccess', { id: portalId })}
            </div>
            <div className="portal-error__back">{back}</div>
          </>
        )}
      </main>
    </div>
  );
}

/** The portal's frame around a page: top bar with the switcher, rail, side menu (not in Work, but in the drawer). */
export function PortalFrame({ portal, home, inWork = false, children }) {
  // Below 900 px the rail and the side menu fold into a drawer behind the top bar's Menu button; it closes on a
  // choice (the page it was opened on is left), a press outside, or Escape.
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState(null);
  const open = openOn === pathname;
  const nav = useRef(null);
  const close = useCallback(() => setOpenOn(null), []);
  useClickOutside(nav, open, close, '.topbar__menu');
  const menu = (
    <button type="button" className="topbar__menu" aria-expanded={open} aria-controls="portal-nav"
      onClick={() => setOpenOn(open ? null : pathname)} data-testid="nav-menu">
      <span aria-hidden="true">☰</span><span className="sr-only">{t('app.menu')}</span>
    </button>
  );
  const cls = ['portal', inWork ? 'portal--work' : '', open ? 'portal--nav-open' : ''].filter(Boolean).join(' ');
  return (
    <div className="app app--portal">
      <TopBar start={menu}><PortalSwitcher current={portal} /></TopBar>
      <div className={cls}>
        <div className="portal__nav" id="portal-nav" ref={nav}>
          <Rail home={home} />
          <PortalSideMenu portal={portal} home={home} />
        </div>
        <main className="portal__main" id="main">{children}</main>
      </div>
    </div>
  );
}

/** Top bar, header with the portal's home button, side rail, side menu of the portal's children, the portal's pages. */
export default function PortalLayout({ base }) {
  const { portalId } = useParams();
  const valid = /^\d+$/.test(portalId);
  const { status, data: portal, reload, httpStatus } = useFetch(valid ? viewModule : null, [portalId]);
  // A portal read again because the reader lost a module (the live stream said so) and then refused says so,
  // rather than the first visit's error.
  const [lost, setLost] = useState(false);
  useEffect(() => onTreeChanged((change) => {
    if (change && change.lost) setLost(true);
    reload();
  }), [reload]);
  const home = `/${base}/${portalId}`;
  // In Work (/projects) the project tree replaces the side menu.
  const inWork = useMatch(`/${base}/:portalId/projects/*`);

  if (!valid) return <div className="app"><TopBar /><main className="app__main" id="main"><NoMatch /></main></div>;
  if (status === 'loading' || status === 'idle') return <Loading />;
  if (status === 'failed') {
    return <PortalError portalId={portalId} lost={lost && (httpStatus === 404 || httpStatus === 403)} />;
  }
  return (
    <SearchScopeProvider base={portal}>
      <PortalFrame portal={portal} home={home} inWork={!!inWork}>
        <PortalRoutes portal={portal} base={base} portalId={portalId} reload={reload} />
      </PortalFrame>
      <HitFocus />
    </SearchScopeProvider>
  );
}
