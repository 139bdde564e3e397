/**
 * Showing an article: the view overlay ({base}/{articleId}), the full-screen reader
 * ({base}/reader/{articleId}), the separate viewer route (modal, closing returns to a back URL) and the
 * project page's doc/{moduleId}/{articleId} route (with a back link). Content goes through draft-js only.
 */
import { useRef } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import Modal from '../../components/Modal.jsx';
import { RichTextView } from '../../components/RichTextEditor.jsx';
import useFetch from '../../hooks/useFetch.js';
import useOverlay from '../../hooks/useOverlay.js';
import { t } from '../../lib/i18n.js';
import { viewArticle } from './api.js';
import DateTime from '../../components/DateTime.jsx';
import { formatArticleDate, safeBackUrl } from './content.js';
import './knowledge.css';

/** An article's meta line, its content (through draft-js only) and its child articles, once loaded. */
function ArticleBody({ state, childUrl }) {
  return (
    <Body state={state}>
      {(art) => (
        <>
          <ArticleMeta article={art} />
          <RichTextView content={art.content} />
          <ChildArticles article={art} childUrl={childUrl} />
        </>
      )}
    </Body>
  );
}

/** The articles right under this one (the view's `children`: id and title), each a link made by `childUrl(id)`
 *  so that it opens the way this article is shown (overlay, reader, viewer or the project's document). */
export function ChildArticles({ article, childUrl }) {
  const children = article.children || [];
  if (!children.length) return null;
  return (
    <nav className="kn-children" aria-labelledby={`kn-children-${article.id}`} data-testid="child-articles">
      <h3 className="kn-children__title" id={`kn-children-${article.id}`}>{t('knowledge.childArticles')}</h3>
      <ul className="kn-children__list">
        {children.map((c) => (
          <li key={c.id}><Link to={childUrl(c.id)} data-testid="child-article">{c.title}</Link></li>
        ))}
      </ul>
    </nav>
  );
}

export function ArticleMeta({ article }) {
  return (
    <div className="kn-meta">
      <span className="kn-meta__label">{t('knowledge.author')}</span>{' '}
      <span className="kn-meta__author">{article.createdBy || t('knowledge.notAvailable')}</span>
      <span className="kn-meta__sep">·</span>
      <DateTime value={article.created} format={formatArticleDate} className="kn-meta__date" />
      {article.updated && <span className="kn-meta__updated muted"> {t('knowledge.updatedOn', { date: formatArticleDate(article.updated) })}</span>}
    </div>
  );
}

function useArticle(moduleId, articleId) {
  const ok = /^\d+$/.test(String(moduleId)) && /^\d+$/.test(String(articleId));
  return useFetch(ok ? viewArticle : null, [moduleId, articleId]);
}

function Body({ state, children }) {
  const { status, data, error, httpStatus } = state;
  if (status === 'idle') return <div className="empty">{t('knowledge.articleNotFound')}</div>;
  if (status === 'loading') return <Loading inline />;
  if (status === 'failed') {
    return <div className="form__error" role="alert">{httpStatus === 404 ? t('knowledge.articleNotFound') : error}</div>;
  }
  return children(data);
}

/** {base}/{articleId}: the article over the library, with Open in reader, Edit and Close. */
export function ArticleOverlay({ moduleId, baseUrl }) {
  const { articleId } = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const state = useArticle(moduleId, articleId);
  const close = () => navigate(baseUrl);
  const a = state.data;
  return (
    <Modal title={a ? a.title : t('knowledge.knowledge')} onClose={close} wide
      footer={(
        <>
          {a && <Link className="btn" to={`${baseUrl}/reader/${a.id}`} data-testid="open-reader">{t('knowledge.openInReader')}</Link>}
          {a && (
            <Link className="btn" to={`/article/${moduleId}/${a.id}?back=${encodeURIComponent(pathname)}`} data-testid="open-viewer">
              {t('knowledge.articlePage')}
            </Link>
          )}
          {a && a.links && a.links.edit && <Link className="btn" to={`${baseUrl}/${a.id}/edit`} data-testid="overlay-edit">{t('common.edit')}</Link>}
          <button type="button" className="btn btn--primary" onClick={close}>{t('common.close')}</button>
        </>
      )}>
      <div className="kn-view" data-testid="article-view">
        <ArticleBody state={state} childUrl={(id) => `${baseUrl}/${id}`} />
      </div>
    </Modal>
  );
}

/** {base}/reader/{articleId}: a full-screen reading view; CLOSE or Escape returns to the library. */
export function ArticleReader({ moduleId, baseUrl }) {
  const { articleId } = useParams();
  const state = useArticle(moduleId, articleId);
  const ref = useRef(null);
  useOverlay(ref, baseUrl);
  const a = state.data;
  return (
    <div className="overlay kn-reader" role="dialog" aria-modal="true" aria-label={t('knowledge.reader')} data-testid="article-reader" ref={ref}>
      <div className="overlay__bar">
        <span className="overlay__crumb">{t('knowledge.readerCrumb', { title: a ? a.title : '' })}</span>
        <Link to={baseUrl} className="overlay__close" data-testid="reader-close">{t('knowledge.closeReader')}</Link>
      </div>
      <div className="overlay__content">
        <article className="kn-reader__page">
          <Body state={state}>
            {(art) => (
              <>
                <h1 className="kn-reader__title">{art.title}</h1>
                <ArticleMeta article={art} />
                <RichTextView content={art.content} className="kn-reader__text" />
                <ChildArticles article={art} childUrl={(id) => `${baseUrl}/reader/${id}`} />
              </>
            )}
          </Body>
        </article>
      </div>
    </div>
  );
}

/** The separate viewer route /article/{moduleId}/{articleId}?back=...: closing returns to the back URL. */
export function ArticleViewerRoute() {
  const { moduleId, articleId } = useParams();
  const { search, state: navState } = useLocation();
  const navigate = useNavigate();
  const back = safeBackUrl(new URLSearchParams(search).get('back') || (navState && navState.back), '/');
  const state = useArticle(moduleId, articleId);
  const close = () => navigate(back);
  return (
    <div className="page kn-viewer-page">
      <Modal title={state.data ? state.data.title : t('knowledge.knowledge')} onClose={close} wide
        footer={<button type="button" className="btn btn--primary" onClick={close} data-testid="viewer-close">{t('common.close')}</button>}>
        <div className="kn-view" data-testid="article-viewer">
          <ArticleBody state={state} childUrl={(id) => `/article/${moduleId}/${id}?back=${encodeURIComponent(back)}`} />
        </div>
      </Modal>
    </div>
  );
}

/** The project page's doc/{moduleId}/{articleId}: the article with a back link to the project. */
export function ArticleDocument({ backUrl }) {
  const { moduleId, articleId } = useParams();
  const navigate = useNavigate();
  const state = useArticle(moduleId, articleId);
  return (
    <Modal title={state.data ? state.data.title : t('knowledge.knowledge')} onClose={() => navigate(backUrl)} wide>
      <Link to={backUrl} className="back-link" data-testid="doc-back">← {t('common.back')}</Link>
      <div className="kn-view" data-testid="article-doc">
        <ArticleBody state={state} childUrl={(id) => `${backUrl}/doc/${moduleId}/${id}`} />
      </div>
    </Modal>
  );
}
