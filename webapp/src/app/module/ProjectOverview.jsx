import { Suspense, lazy } from 'react';
import Loading from '../../components/Loading.jsx';
import { t } from '../../lib/i18n.js';
import ProjectSection from './ProjectSection.jsx';

// The rich-text reader (draft-js) loads only when an article is opened.
const ArticleDocument = lazy(() => import('../../features/knowledge/ArticleView.jsx').then((m) => ({ default: m.ArticleDocument })));

/** 'On this page': an anchor per section, scrolled to smoothly (spec §2's right-hand anchor menu). */
function Anchors({ module }) {
  const scrollTo = (e, id) => {
    e.preventDefault();
    const el = document.getElementById(`section-${id}`);
    if (el) el.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  return (
    <nav className="anchors" aria-label={t('app.onThisPage')}>
      <div className="anchors__title">{t('app.onThisPage')}</div>
      {(module.children || []).map((c) => (
        <a key={c.id} href={`#section-${c.id}`} onClick={(e) => scrollTo(e, c.id)} className="anchors__link">{c.name}</a>
      ))}
    </nav>
  );
}

/**
 * The Overview tab of the project screen: spec §2's branded project page (the header above it holds the breadcrumb,
 * name, members, Clone, Edit Project and description): one section per child with its items, and the anchor menu;
 * with `document`, the article of doc/{moduleId}/{articleId} over it, with a back link.
 */
export default function ProjectOverview({ module, baseUrl, document = false }) {
  const children = module.children || [];
  return (
    <div className="project" data-testid="project-page">
      <div className="project__main">
        {children.length === 0 && <div className="empty">{t('app.nothingPlanned')}</div>}
        {children.map((c) => <ProjectSection key={c.id} child={c} parent={module} projectUrl={baseUrl} />)}
      </div>
      {children.length > 0 && <Anchors module={module} />}
      {document && <Suspense fallback={<Loading inline />}><ArticleDocument backUrl={baseUrl} /></Suspense>}
    </div>
  );
}
