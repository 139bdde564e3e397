import { Suspense, lazy, useState } from 'react';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import Modal from '../../components/Modal.jsx';
import Placeholder from '../../components/Placeholder.jsx';
import StatusBadge from '../../components/StatusBadge.jsx';
import { formatDate } from '../../lib/dates.js';
import useFetch, { pickList } from '../../lib/useFetch.js';
import MemberAvatars from './MemberAvatars.jsx';
import ModuleView, { Deleted } from './ModuleView.jsx';
import { isCompleted, tabOfChild } from './tabs.js';

// The rich-text reader (draft-js) loads only when an article is opened.
const ArticleDocument = lazy(() => import('../knowledge/ArticleView.jsx').then((m) => ({ default: m.ArticleDocument })));

function ChildOverlay({ projectUrl, onChanged }) {
  const { tab, childId } = useParams();
  return (
    <ModuleView key={childId} moduleId={childId} baseUrl={`${projectUrl}/${tab}/${childId}`} overlay closeTo={projectUrl}
      onChanged={onChanged} />
  );
}

function DocRoute({ projectUrl }) {
  return <Suspense fallback={<Loading inline />}><ArticleDocument backUrl={projectUrl} /></Suspense>;
}

// The clone dialog (features/clone) loads its code when opened.
const CloneTab = lazy(() => import('../clone/CloneTab.jsx'));

function CloneDialog({ module, projectUrl }) {
  return <Suspense fallback={<Loading inline />}><CloneTab module={module} closeTo={projectUrl} /></Suspense>;
}

function Section({ child, parent, projectUrl }) {
  const { data } = useFetch(child.childCount ? `/api/module/list/${child.id}` : null, pickList);
  const tab = tabOfChild(parent, child);
  const d = child.deliverable;
  return (
    <section id={`section-${child.id}`} className="psection" data-testid="project-section">
      <div className="psection__head">
        <div>
          <div className="card__kicker">{child.typeLabel} · ID {child.id}</div>
          <h2 className="psection__title">{child.name}</h2>
        </div>
        <div className="psection__action">
          <StatusBadge status={d && d.status} />
          <Link className="btn btn--small" to={`${projectUrl}/${tab}/${child.id}`} data-testid="open-section">Open</Link>
        </div>
      </div>
      {child.description && <p className="psection__desc">{child.description}</p>}
      {d && (d.startDate || d.deadline) && (
        <div className="psection__dates muted">
          {d.startDate && <>Start {formatDate(d.startDate)}</>}
          {d.deadline && <> · Deadline {formatDate(d.deadline)}</>}
          {d.ownerName && <> · Owner {d.ownerName}</>}
        </div>
      )}
      {data && data.length > 0 && (
        <ul className="psection__items">
          {data.map((g) => (
            <li key={g.id}>
              <Link to={`${projectUrl}/${tab}/${child.id}/${tabOfChild(child, g)}/${g.id}`}
                className={isCompleted(g) ? 'childlist__name childlist__name--done' : 'childlist__name'} data-testid="section-item">
                {isCompleted(g) && <span className="check" aria-label="completed">✓</span>}
                {g.name}
              </Link>
              <StatusBadge status={g.deliverable && g.deliverable.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The branded project page (spec §2): breadcrumb, name, member avatars, Clone and Edit Project,
 * description, one section per child module with a right-hand anchor menu.
 */
export default function ProjectPage({ moduleId, projectUrl, portalUrl, onChanged }) {
  const { status, data: module, error, httpStatus, reload } = useFetch(`/api/module/view/${moduleId}`);
  const [, setTick] = useState(0);
  if (status === 'loading' || status === 'idle') return <Loading inline />;
  if (status === 'failed') return httpStatus === 404 ? <Deleted /> : <div className="form__error" role="alert">{error}</div>;

  const scrollTo = (e, id) => {
    e.preventDefault();
    const el = document.getElementById(`section-${id}`);
    if (el) el.scrollIntoView({ behavior: 'smooth', block: 'start' });
    setTick((t) => t + 1);
  };
  const ancestors = module.fullPath || [];
  const changed = () => { reload(); if (onChanged) onChanged(); };

  return (
    <div className="project" data-testid="project-page">
      <div className="project__main">
        <nav className="breadcrumb" aria-label="Breadcrumb">
          <Link to="/">Home</Link>
          {ancestors.map((a) => (
            <span key={a.id}>
              <span className="breadcrumb__sep">/</span>
              {a.type && a.type.endsWith('_portal') ? <Link to={portalUrl}>{a.name}</Link> : <span>{a.name}</span>}
            </span>
          ))}
          <span className="breadcrumb__sep">/</span>
          <span className="breadcrumb__here">{module.name}</span>
        </nav>
        <header className="project__head">
          <div>
            <div className="card__kicker">{module.typeLabel} · ID {module.id}</div>
            <h1 className="project__title" data-testid="module-name">{module.name}</h1>
            <MemberAvatars memberships={module.memberships || []} />
          </div>
          <div className="project__buttons">
            {module.links && module.links.clone && (
              <Link className="btn" to={`${projectUrl}/clone`} data-testid="clone-project">Clone</Link>
            )}
            {module.links && module.links.edit && (
              <Link className="btn btn--primary" to={`/v2/${module.platform}/${module.parentId}/${module.id}`} data-testid="edit-project">
                Edit Project
              </Link>
            )}
            <StatusBadge status={module.deliverable && module.deliverable.status} />
          </div>
        </header>
        {module.description && <p className="project__desc">{module.description}</p>}
        {(module.children || []).length === 0 && <div className="empty">Nothing planned in this project yet</div>}
        {(module.children || []).map((c) => <Section key={c.id} child={c} parent={module} projectUrl={projectUrl} />)}
      </div>
      <aside className="anchors" aria-label="On this page">
        <div className="anchors__title">On this page</div>
        {(module.children || []).map((c) => (
          <a key={c.id} href={`#section-${c.id}`} onClick={(e) => scrollTo(e, c.id)} className="anchors__link">{c.name}</a>
        ))}
        <Link className="anchors__link anchors__link--strong" to={`${projectUrl.replace(/\/(project\/)?(\d+)$/, '/projects/$2')}`}>
          Open workspace →
        </Link>
      </aside>
      <Routes>
        <Route path="clone" element={<CloneDialog module={module} projectUrl={projectUrl} />} />
        <Route path="doc/:moduleId/:articleId" element={<DocRoute projectUrl={projectUrl} />} />
        <Route path=":tab/:childId/*" element={<ChildOverlay projectUrl={projectUrl} onChanged={changed} />} />
        <Route path="*" element={null} />
      </Routes>
    </div>
  );
}
