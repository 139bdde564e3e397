import { useEffect, useRef, useState } from 'react';
import { Navigate, NavLink, Route, Routes, useLocation, useMatch, useNavigate, useParams } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import TabNav from '../../components/TabNav.jsx';
import useFetch from '../../hooks/useFetch.js';
import useFocusTrap from '../../hooks/useFocusTrap.js';
import useMediaQuery from '../../hooks/useMediaQuery.js';
import useOverlay from '../../hooks/useOverlay.js';
import { viewModule } from '../../features/modules/api.js';
import { t } from '../../lib/i18n.js';
import FieldsSection from '../../features/customFields/FieldsSection.jsx';
import ModuleHeader from '../../features/modules/ModuleHeader.jsx';
import PropertiesPanel from '../../features/modules/PropertiesPanel.jsx';
import { moduleTabs } from '../../features/modules/tabs.js';
import RepeatSection from '../../features/planning/RepeatSection.jsx';
import RelationsSection from '../../features/relations/RelationsSection.jsx';
import TimeActions from '../../features/time/TimeActions.jsx';
import { useScopeOf } from '../searchScope.jsx';
import { ancestorUrl, openChildren, siblingsIn } from './childPath.js';
import ModuleCrumbs from './ModuleCrumbs.jsx';
import PeekFrame from './PeekFrame.jsx';
import TabContent from './TabContent.jsx';
import useModuleUpdates from './useModuleUpdates.js';

/** What a page shows once its module is deleted (`page`: the heading is the page's h1). */
export function Deleted({ page = false }) {
  const Heading = page ? 'h1' : 'h2';
  return (
    <div className="deleted" data-testid="deleted">
      <Heading className="deleted__title">{t('app.deleted')}</Heading>
      <p className="muted">{t('app.deletedText')}</p>
    </div>
  );
}

/**
 * What a page shows once its reader may no longer view it (told by the live stream); the portal's frame shows it
 * as the whole page (`page`: its heading is then the page's h1).
 */
export function AccessLost({ testId = 'access-lost', page = false, children }) {
  const Heading = page ? 'h1' : 'h2';
  return (
    <div className="deleted" data-testid={testId}>
      <Heading className="deleted__title">{t('app.accessLost')}</Heading>
      <p className="muted">{t('app.accessLostText')}</p>
      {children}
    </div>
  );
}

/** What a failed module read shows: 'Deleted' for a 404, else the error. */
export function ModuleReadError({ state }) {
  return state.httpStatus === 404 ? <Deleted /> : <div className="form__error" role="alert">{state.error}</div>;
}

/** From this width a child opens in the side peek beside its list; below it, as a full-screen overlay. */
export const PEEK_WIDE = '(min-width: 1200px)';

/** `trail` (id → URL of the modules open above a child, for its breadcrumb) with `module` at `url` added. */
const trailWith = (trail, module, url) => ({ ...trail, [module.id]: url });

/**
 * Whether the page's open child was opened from the Overview (its link says `fromOverview`): it then closes back to
 * the Overview, not to its tab, and the Overview stays behind its peek. `opener` (the page's state, kept while
 * overlays come and go) remembers it, as the location's state does not outlive the inner overlays' own tabs.
 */
function useFromOverview(opener, childId) {
  const { state } = useLocation();
  const [openedBy, setOpenedBy] = opener || [];
  const said = !!(opener && state && state.fromOverview);
  useEffect(() => { if (setOpenedBy && said) setOpenedBy(childId); }, [setOpenedBy, said, childId]);
  useEffect(() => () => { if (setOpenedBy) setOpenedBy(null); }, [setOpenedBy]);
  return said || (!!opener && openedBy === childId);
}

function ChildOverlay({ parent, baseUrl, trail, onChanged, opener }) {
  const { tab, childId } = useParams();
  const closeTo = useFromOverview(opener, childId) ? baseUrl : `${baseUrl}/${tab}`;
  return (
    <ModuleView key={childId} moduleId={childId} baseUrl={`${baseUrl}/${tab}/${childId}`} overlay closeTo={closeTo}
      trail={trailWith(trail, parent, baseUrl)} onChanged={onChanged} />
  );
}

/**
 * The child open beside a page's list, in the side peek: the deepest of the path (a child of a child opened in the
 * peek takes its place there, its breadcrumb one longer). Its Routes start at its own URL; j and k go round the
 * children of its parent (the page's module, or the child above it, read for that) in its tab.
 */
function ChildPeek({ page, baseUrl, onChanged, opener }) {
  const params = useParams();
  const fromOverview = useFromOverview(opener, params.childId);
  const { chain: below } = openChildren(params['*']);
  const chain = [{ tab: params.tab, id: params.childId }, ...below];
  const urls = chain.reduce((acc, c) => [...acc, `${acc.length ? acc[acc.length - 1] : baseUrl}/${c.tab}/${c.id}`], []);
  const open = chain[chain.length - 1];
  const parentUrl = chain.length > 1 ? urls[urls.length - 2] : baseUrl;
  const above = useFetch(chain.length > 1 ? viewModule : null, [chain.length > 1 ? chain[chain.length - 2].id : null]);
  const parent = chain.length > 1 ? above.data : page;
  const trail = Object.fromEntries([[page.id, baseUrl], ...chain.slice(0, -1).map((c, i) => [c.id, urls[i]])]);
  const view = (
    <ModuleView key={open.id} moduleId={open.id} baseUrl={urls[urls.length - 1]}
      closeTo={chain.length === 1 && fromOverview ? baseUrl : `${parentUrl}/${open.tab}`}
      peek={{ siblings: parent ? siblingsIn(parent, open.tab) : [], listUrl: `${parentUrl}/${open.tab}` }} trail={trail} onChanged={onChanged} />
  );
  if (chain.length === 1) return view;
  const path = below.map((c) => `${c.tab}/${c.id}`).join('/');
  return <Routes><Route path={`${path}/*`} element={view} /></Routes>;
}

/** What a peeked child's page shows beside it: the Overview when the child was opened from there, else its tab. */
function BehindPeek({ opener, Overview, module, baseUrl, tab }) {
  const { childId } = useParams();
  return useFromOverview(opener, childId) ? <Overview module={module} baseUrl={baseUrl} /> : tab();
}

/**
 * The tab bar and the routes of the tabs: {tab}, knowledge/*, and {tab}/{childId} with the child's overlay (or,
 * `peeking`, none: the page shows the child beside it). An `Overview` (the project screen's first tab) is the index,
 * with its document route doc/{moduleId}/{articleId}.
 */
function ModuleTabs({ module, baseUrl, trail, changed, reload, peeking, Overview, opener }) {
  const tabs = moduleTabs(module);
  const tab = (extra = {}) => <TabContent module={module} baseUrl={baseUrl} onChanged={changed} {...extra} />;
  const links = tabs.map((d) => ({ to: `${baseUrl}/${d.tab}`, label: d.label }));
  if (Overview) links.unshift({ to: baseUrl, label: t('app.overview'), end: true });
  const child = peeking
    ? (Overview ? <BehindPeek opener={opener} Overview={Overview} module={module} baseUrl={baseUrl} tab={tab} /> : tab())
    : <>{tab()}<ChildOverlay parent={module} baseUrl={baseUrl} trail={trail} opener={opener} onChanged={() => reload()} /></>;
  return (
    <>
      <TabNav label={t('app.tabsOf', { name: module.name })} testId="tabs" tabs={links} />
      <div className="tabs__panel">
        <Routes>
          {Overview ? (
            <Route index element={<Overview module={module} baseUrl={baseUrl} />} />
          ) : (
            <Route index element={<Navigate to={`${baseUrl}/${tabs[0].tab}`} replace />} />
          )}
          {Overview && <Route path="doc/:moduleId/:articleId" element={<Overview module={module} baseUrl={baseUrl} document />} />}
          <Route path=":tab" element={tab()} />
          {/* The knowledge library routes its articles itself (new, reader/{id}, {id}, {id}/edit, ...). */}
          <Route path="knowledge/*" element={tab({ tab: 'knowledge' })} />
          <Route path=":tab/:childId/*" element={child} />
        </Routes>
      </div>
    </>
  );
}

/** The overlay frame of a child: its parent path and CLOSE over the same header and tabs. */
function OverlayFrame({ module, closeTo, trail, children }) {
  const ref = useRef(null);
  useOverlay(ref, closeTo);
  useFocusTrap(ref);
  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-label={module ? `${module.typeLabel} ${module.name}` : t('app.loadingLabel')}
      data-testid="overlay" ref={ref} tabIndex={-1}>
      <div className="overlay__bar">
        <ModuleCrumbs module={module} trail={trail} />
        <NavLink to={closeTo} className="overlay__close" data-testid="overlay-close">{t('app.closeCaps')} ✕</NavLink>
      </div>
      <div className="overlay__content">{children}</div>
    </div>
  );
}

/**
 * A module with its header and tabs (the module page); a child opens at {baseUrl}/{tab}/{childId} with the same
 * header and tabs: beside the page's list in the side peek on a wide screen (`peek`: {siblings} for j and k),
 * else as a full-screen overlay with CLOSE (recursively). `trail`: id → URL of the modules open above it. The
 * project screen adds an `Overview` tab first, a `breadcrumb(module)` above the header and its `project` header
 * (Clone, Edit Project in a side panel, opened at once when `startWith` is 'edit').
 */
export default function ModuleView({ moduleId, baseUrl, overlay = false, peek = null, closeTo, trail = {}, onChanged, onDeleted, aside,
  Overview, breadcrumb, project = false, startWith = null }) {
  const state = useFetch(viewModule, [moduleId]);
  const { status, data: module, reload, setData } = state;
  const navigate = useNavigate();
  const isPage = !overlay && !peek;
  // The page's module (not an overlay's) is what the top bar's search may be limited to.
  useScopeOf(isPage && status === 'succeeded' ? module : null);
  const wide = useMediaQuery(PEEK_WIDE);
  const childOpen = useMatch(`${baseUrl}/:tab/:childId/*`);
  const peeking = isPage && wide && !!childOpen && childOpen.params.tab !== 'knowledge' && childOpen.params.tab !== 'doc';
  const opener = useState(null);
  const openerOf = Overview ? opener : null;
  const { gone, lost } = useModuleUpdates(state);
  const { pathname } = useLocation();

  let body;
  if (gone) body = <Deleted />;
  else if (lost) body = <AccessLost />;
  else if (status === 'loading' || status === 'idle') body = <Loading inline />;
  else if (status === 'failed') body = <ModuleReadError state={state} />;
  else {
    const changed = (item) => {
      if (item && item.id === module.id && item.links) setData(item);
      reload();
      if (onChanged) onChanged();
    };
    // An in-place save answers the deliverable: shown at once (with its new version for the next edit), then the
    // module is read again for what follows from it (the checklist tick, roll-ups).
    const savedProperty = (deliverable) => {
      if (deliverable && deliverable.id) setData({ ...module, deliverable: { ...module.deliverable, ...deliverable } });
      changed();
    };
    const deleted = () => {
      if (onChanged) onChanged();
      if (onDeleted) onDeleted(module);
      else navigate(closeTo || '/');
    };
    body = (
      <>
        {breadcrumb && breadcrumb(module)}
        <ModuleHeader module={module} moduleUrl={baseUrl} onChanged={changed} onDeleted={deleted} properties={false}
          project={project} startWith={startWith} extra={<TimeActions module={module} onLogged={() => changed()} />} />
        <div className="module-body">
          <PropertiesPanel module={module} onChanged={savedProperty} compact={!!peek || peeking}>
            <FieldsSection module={module} onChanged={() => changed()} />
            <RepeatSection module={module} onChanged={() => changed()} />
            <RelationsSection module={module} onChanged={() => changed()}
              urlOf={(other) => ancestorUrl(other, null, pathname) || `/portal/${module.path.split('/')[2]}/module/${other.id}`} />
          </PropertiesPanel>
          <div className="module-body__main">
            <ModuleTabs module={module} baseUrl={baseUrl} trail={trail} changed={changed} reload={reload} peeking={peeking}
              Overview={Overview} opener={openerOf} />
          </div>
        </div>
      </>
    );
  }

  if (overlay) return <OverlayFrame module={module} closeTo={closeTo} trail={trail}>{body}</OverlayFrame>;
  if (peek) {
    return (
      <PeekFrame module={module} url={baseUrl} closeTo={closeTo} trail={trail} siblings={peek.siblings}
        listUrl={peek.listUrl}>
        {body}
      </PeekFrame>
    );
  }
  return (
    <div className={peeking ? 'module-view module-view--peeking' : 'module-view'} data-testid="module-view">
      {aside}
      <div className="module-view__main">{body}</div>
      {peeking && module && (
        <Routes>
          <Route path=":tab/:childId/*" element={<ChildPeek page={module} baseUrl={baseUrl} opener={openerOf} onChanged={() => reload()} />} />
        </Routes>
      )}
    </div>
  );
}
