import { useEffect, useRef } from 'react';
import { Navigate, NavLink, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import useFetch from '../../lib/useFetch.js';
import ModuleHeader from './ModuleHeader.jsx';
import TabContent from './TabContent.jsx';
import { moduleTabs } from './tabs.js';

export function Deleted() {
  return (
    <div className="deleted" data-testid="deleted">
      <h2>Deleted</h2>
      <p className="muted">This item no longer exists.</p>
    </div>
  );
}

function ChildOverlay({ baseUrl, onChanged }) {
  const { tab, childId } = useParams();
  const closeTo = `${baseUrl}/${tab}`;
  return (
    <ModuleView key={childId} moduleId={childId} baseUrl={`${closeTo}/${childId}`} overlay closeTo={closeTo}
      onChanged={onChanged} />
  );
}

/**
 * A module with its header and tabs; a child opens as a full-screen overlay at {baseUrl}/{tab}/{childId}
 * with CLOSE and the same tabs (recursively).
 */
export default function ModuleView({ moduleId, baseUrl, overlay = false, closeTo, onChanged, onDeleted, aside }) {
  const { status, data: module, error, httpStatus, reload, setData } = useFetch(`/api/module/view/${moduleId}`);
  const navigate = useNavigate();
  const overlayRef = useRef(null);

  useEffect(() => {
    if (!overlay) return undefined;
    // Escape closes the topmost overlay only (and not while a dialog is open).
    const key = (e) => {
      if (e.key !== 'Escape' || document.querySelector('.modal')) return;
      const all = document.querySelectorAll('.overlay');
      if (all[all.length - 1] === overlayRef.current) navigate(closeTo);
    };
    window.addEventListener('keydown', key);
    document.body.classList.add('has-overlay');
    return () => { window.removeEventListener('keydown', key); document.body.classList.remove('has-overlay'); };
  }, [overlay, closeTo, navigate]);

  let body;
  if (status === 'loading' || status === 'idle') body = <Loading inline />;
  else if (status === 'failed') body = httpStatus === 404 ? <Deleted /> : <div className="form__error" role="alert">{error}</div>;
  else {
    const tabs = moduleTabs(module);
    const changed = (item) => {
      if (item && item.id === module.id && item.links) setData(item);
      reload();
      if (onChanged) onChanged();
    };
    const deleted = () => {
      if (onChanged) onChanged();
      if (onDeleted) onDeleted(module);
      else if (closeTo) navigate(closeTo);
      else navigate('/');
    };
    body = (
      <>
        <ModuleHeader module={module} moduleUrl={baseUrl} onChanged={changed} onDeleted={deleted} />
        <nav className="tabs" aria-label="Tabs" data-testid="tabs">
          {tabs.map((t) => (
            <NavLink key={t.tab} to={`${baseUrl}/${t.tab}`} className={({ isActive }) => (isActive ? 'tabs__tab tabs__tab--on' : 'tabs__tab')}>
              {t.label}
            </NavLink>
          ))}
        </nav>
        <div className="tabs__panel">
          <Routes>
            <Route index element={<Navigate to={`${baseUrl}/${tabs[0].tab}`} replace />} />
            <Route path=":tab" element={<TabContent module={module} baseUrl={baseUrl} onChanged={changed} />} />
            {/* The knowledge library routes its articles itself (new, reader/{id}, {id}, {id}/edit, ...). */}
            <Route path="knowledge/*" element={<TabContent module={module} baseUrl={baseUrl} onChanged={changed} tab="knowledge" />} />
            <Route path=":tab/:childId/*" element={(
              <>
                <TabContent module={module} baseUrl={baseUrl} onChanged={changed} />
                <ChildOverlay baseUrl={baseUrl} onChanged={() => reload()} />
              </>
            )} />
          </Routes>
        </div>
      </>
    );
  }

  if (overlay) {
    return (
      <div className="overlay" role="dialog" aria-modal="true" data-testid="overlay" ref={overlayRef}>
        <div className="overlay__bar">
          <span className="overlay__crumb">{module ? `${module.typeLabel} · ${module.name}` : ''}</span>
          <NavLink to={closeTo} className="overlay__close" data-testid="overlay-close">CLOSE ✕</NavLink>
        </div>
        <div className="overlay__content">{body}</div>
      </div>
    );
  }
  return (
    <div className="module-view" data-testid="module-view">
      {aside}
      <div className="module-view__main">{body}</div>
    </div>
  );
}
