import { Suspense, lazy } from 'react';
import { Link, Route, Routes, useParams } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import StatusBadge from '../../components/StatusBadge.jsx';
import useFetch from '../../hooks/useFetch.js';
import { viewModule } from '../../features/modules/api.js';
import MemberAvatars from '../../features/modules/MemberAvatars.jsx';
import ModuleView, { AccessLost, Deleted, ModuleReadError } from './ModuleView.jsx';
import ProjectSection from './ProjectSection.jsx';
import { useScopeOf } from '../searchScope.jsx';
import useModuleUpdates from './useModuleUpdates.js';

// The rich-text reader (draft-js) loads only when an article is opened.
const ArticleDocument = lazy(() => import('../../features/knowledge/ArticleView.jsx').then((m) => ({ default: m.ArticleDocument })));
// The clone dialog (features/clone) loads its code when opened.
const CloneTab = lazy(() => import('../../features/clone/CloneTab.jsx'));

function ChildOverlay({ projectUrl, onChanged }) {
  const { tab, childId } = useParams();
  return (
    <ModuleView key={childId} moduleId={childId} baseUrl={`${projectUrl}/${tab}/${childId}`} overlay closeTo={projectUrl}
      onChanged={onChanged} />
  );
}

function Breadcrumb({ module, portalUrl }) {
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <Link to="/">Home</Link>
      {(module.fullPath || []).map((a) => (
        <span key={a.id}>
          <span className="breadcrumb__sep">/</span>
          {a.type && a.type.endsWith('_portal') ? <Link to={portalUrl}>{a.name}</Link> : <span>{a.name}</span>}
        </span>
      ))}
      <span className="breadcrumb__sep">/</span>
      <span className="breadcrumb__here">{module.name}</span>
    </nav>
  );
}

function ProjectHead({ module, projectUrl }) {
  const links = module.links || {};
  return (
    <header className="project__head">
      <div>
        <div className="card__kicker">{module.typeLabel} · ID {module.id}</div>
        <h1 className="project__title" data-testid="module-name">{module.name}</h1>
        <MemberAvatars memberships={module.memberships || []} />
      </div>
      <div className="project__buttons">
        {links.clone && <Link className="btn" to={`${projectUrl}/clone`} data-testid="clone-project">Clone</Link>}
        {links.edit && (
          <Link className="btn btn--primary" to={`/v2/${module.platform}/${module.parentId}/${module.id}`} data-testid="edit-project">
            Edit Project
          </Link>
        )}
        <StatusBadge status={module.deliverable && module.deliverable.status} />
      </div>
    </header>
  );
}

/** 'On this page': an anchor per section (scrolled to smoothly) and the way into the workspace. */
function Anchors({ module, projectUrl }) {
  const scrollTo = (e, id) => {
    e.preventDefault();
    const el = document.getElementById(`section-${id}`);
    if (el) el.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  return (
    <aside className="anchors" aria-label="On this page">
      <div className="anchors__title">On this page</div>
      {(module.children || []).map((c) => (
        <a key={c.id} href={`#section-${c.id}`} onClick={(e) => scrollTo(e, c.id)} className="anchors__link">{c.name}</a>
      ))}
      <Link className="anchors__link anchors__link--strong" to={`${projectUrl.replace(/\/(project\/)?(\d+)$/, '/projects/$2')}`}>
        Open workspace →
      </Link>
    </aside>
  );
}

/**
 * The branded project page (spec §2): breadcrumb, name, member avatars, Clone and Edit Project,
 * description, one section per child module with a right-hand anchor menu.
 */
export default function ProjectPage({ moduleId, projectUrl, portalUrl, onChanged }) {
  const state = useFetch(viewModule, [moduleId]);
  const { status, data: module, reload } = state;
  useScopeOf(status === 'succeeded' ? module : null);
  const { gone, lost } = useModuleUpdates(state);
  if (gone) return <Deleted />;
  if (lost) return <AccessLost />;
  if (status === 'loading' || status === 'idle') return <Loading inline />;
  if (status === 'failed') return <ModuleReadError state={state} />;
  const changed = () => { reload(); if (onChanged) onChanged(); };
  const children = module.children || [];
  return (
    <div className="project" data-testid="project-page">
      <div className="project__main">
        <Breadcrumb module={module} portalUrl={portalUrl} />
        <ProjectHead module={module} projectUrl={projectUrl} />
        {module.description && <p className="project__desc">{module.description}</p>}
        {children.length === 0 && <div className="empty">Nothing planned in this project yet</div>}
        {children.map((c) => <ProjectSection key={c.id} child={c} parent={module} projectUrl={projectUrl} />)}
      </div>
      <Anchors module={module} projectUrl={projectUrl} />
      <Routes>
        <Route path="clone" element={<Suspense fallback={<Loading inline />}><CloneTab module={module} closeTo={projectUrl} /></Suspense>} />
        <Route path="doc/:moduleId/:articleId"
          element={<Suspense fallback={<Loading inline />}><ArticleDocument backUrl={projectUrl} /></Suspense>} />
        <Route path=":tab/:childId/*" element={<ChildOverlay projectUrl={projectUrl} onChanged={changed} />} />
        <Route path="*" element={null} />
      </Routes>
    </div>
  );
}
