import { useRef } from 'react';
import { Navigate, NavLink, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import TabNav from '../../components/TabNav.jsx';
import useFetch from '../../hooks/useFetch.js';
import useFocusTrap from '../../hooks/useFocusTrap.js';
import useOverlay from '../../hooks/useOverlay.js';
import { viewModule } from '../../features/modules/api.js';
import FieldsSection from '../../features/customFields/FieldsSection.jsx';
import ModuleHeader from '../../features/modules/ModuleHeader.jsx';
import { moduleTabs } from '../../features/modules/tabs.js';
import { useScopeOf } from '../searchScope.jsx';
import TabContent from './TabContent.jsx';
import useModuleUpdates from './useModuleUpdates.js';

/** What a page shows once its module is deleted (`page`: the heading is the page's h1). */
export function Deleted({ page = false }) {
  const Heading = page ? 'h1' : 'h2';
  return (
    <div className="deleted" data-testid="deleted">
      <Heading className="deleted__title">Deleted</Heading>
      <p className="muted">This item no longer exists.</p>
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
      <Heading className="deleted__title">No longer shared with you</Heading>
      <p className="muted">You were removed from this item or from one above it.</p>
      {children}
    </div>
  );
}

/** What a failed module read shows: 'Deleted' for a 404, else the error. */
export function ModuleReadError({ state }) {
  return state.httpStatus === 404 ? <Deleted /> : <div className="form__error" role="alert">{state.error}</div>;
}

function ChildOverlay({ baseUrl, onChanged }) {
  const { tab, childId } = useParams();
  const closeTo = `${baseUrl}/${tab}`;
  return (
    <ModuleView key={childId} moduleId={childId} baseUrl={`${closeTo}/${childId}`} overlay closeTo={closeTo}
      onChanged={onChanged} />
  );
}

/** The tab bar and the routes of the tabs: {tab}, knowledge/*, and {tab}/{childId} with the child's overlay. */
function ModuleTabs({ module, baseUrl, changed, reload }) {
  const tabs = moduleTabs(module);
  const tab = (extra = {}) => <TabContent module={module} baseUrl={baseUrl} onChanged={changed} {...extra} />;
  return (
    <>
      <TabNav label={`Tabs of ${module.name}`} testId="tabs" tabs={tabs.map((t) => ({ to: `${baseUrl}/${t.tab}`, label: t.label }))} />
      <div className="tabs__panel">
        <Routes>
          <Route index element={<Navigate to={`${baseUrl}/${tabs[0].tab}`} replace />} />
          <Route path=":tab" element={tab()} />
          {/* The knowledge library routes its articles itself (new, reader/{id}, {id}, {id}/edit, ...). */}
          <Route path="knowledge/*" element={tab({ tab: 'knowledge' })} />
          <Route path=":tab/:childId/*" element={<>{tab()}<ChildOverlay baseUrl={baseUrl} onChanged={() => reload()} /></>} />
        </Routes>
      </div>
    </>
  );
}

/** The overlay frame of a child: its name and CLOSE over the same header and tabs. */
function OverlayFrame({ module, closeTo, children }) {
  const ref = useRef(null);
  useOverlay(ref, closeTo);
  useFocusTrap(ref);
  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-label={module ? `${module.typeLabel} ${module.name}` : 'Loading'}
      data-testid="overlay" ref={ref} tabIndex={-1}>
      <div className="overlay__bar">
        <span className="overlay__crumb">{module ? `${module.typeLabel} · ${module.name}` : ''}</span>
        <NavLink to={closeTo} className="overlay__close" data-testid="overlay-close">CLOSE ✕</NavLink>
      </div>
      <div className="overlay__content">{children}</div>
    </div>
  );
}

/**
 * A module with its header and tabs (the module page); a child opens as a full-screen overlay at
 * {baseUrl}/{tab}/{childId} with CLOSE and the same tabs (recursively).
 */
export default function ModuleView({ moduleId, baseUrl, overlay = false, closeTo, onChanged, onDeleted, aside }) {
  const state = useFetch(viewModule, [moduleId]);
  const { status, data: module, reload, setData } = state;
  const navigate = useNavigate();
  // The page's module (not an overlay's) is what the top bar's search may be limited to.
  useScopeOf(!overlay && status === 'succeeded' ? module : null);
  const { gone, lost } = useModuleUpdates(state);

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
    const deleted = () => {
      if (onChanged) onChanged();
      if (onDeleted) onDeleted(module);
      else navigate(closeTo || '/');
    };
    body = (
      <>
        <ModuleHeader module={module} moduleUrl={baseUrl} onChanged={changed} onDeleted={deleted} />
        <FieldsSection module={module} onChanged={() => changed()} />
        <ModuleTabs module={module} baseUrl={baseUrl} changed={changed} reload={reload} />
      </>
    );
  }

  if (overlay) return <OverlayFrame module={module} closeTo={closeTo}>{body}</OverlayFrame>;
  return (
    <div className="module-view" data-testid="module-view">
      {aside}
      <div className="module-view__main">{body}</div>
    </div>
  );
}
