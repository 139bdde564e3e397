/**
 * The knowledge library tab (spec §2): an expandable tree of articles with title, 'Author', created date,
 * '+ Add Knowledge', and view, edit and delete icons as the links allow. Both routing variants live under
 * the tab URL: A (new, new/{articleId}, reader/{articleId}, {articleId}, {articleId}/edit) and
 * B (add, add/{parentArticleId}, {articleId}/edit, {articleId}).
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import ConfirmDialog, { DELETE_QUESTION } from '../../components/ConfirmDialog.jsx';
import Loading from '../../components/Loading.jsx';
import { NoMatch } from '../../components/NotFound.jsx';
import useFetch, { pickList } from '../../lib/useFetch.js';
import { AddArticle, EditArticle } from './ArticleEditor.jsx';
import { ArticleOverlay, ArticleReader } from './ArticleView.jsx';
import { ancestorIds, countDescendants, formatArticleDate } from './content.js';
import { EditIcon, ExpandIcon, EyeIcon, PlusIcon, TrashIcon } from './icons.jsx';
import { deleteArticle, listUrl } from './knowledgeApi.js';
import './knowledge.css';

export const DELETE_FAILED = 'There has been error deleting the article. Please try again';

function Row({ article, depth, baseUrl, open, onToggle, onDelete }) {
  const kids = article.children || [];
  const expanded = open.has(article.id);
  const links = article.links || {};
  return (
    <li className="kn-tree__item" data-testid="article-row" data-article-id={article.id}>
      <div className="kn-row" style={{ paddingLeft: 8 + depth * 24 }}>
        {kids.length ? (
          <button type="button" className="kn-row__toggle" onClick={() => onToggle(article.id)} aria-expanded={expanded}
            aria-label={`${expanded ? 'Collapse' : 'Expand'} ${article.title}`} data-testid="article-toggle">
            {expanded ? '▾' : '▸'}
          </button>
        ) : <span className="kn-row__toggle kn-row__toggle--leaf" aria-hidden="true">•</span>}
        <div className="kn-row__main">
          <Link to={`${baseUrl}/${article.id}`} className="kn-row__title" data-testid="article-title">{article.title}</Link>
          {kids.length > 0 && <span className="kn-row__count muted" title="Nested articles">{kids.length}</span>}
          <div className="kn-row__meta muted">
            <span className="kn-row__label">Author</span> <span className="kn-row__author">{article.createdBy || 'n/a'}</span>
            <span className="kn-row__sep">·</span>
            <span className="kn-row__date">{formatArticleDate(article.created)}</span>
          </div>
        </div>
        <div className="kn-row__icons">
          {links.view && (
            <Link className="kn-icon" to={`${baseUrl}/${article.id}`} title="View" aria-label={`View ${article.title}`} data-testid="article-view-link">
              <EyeIcon />
            </Link>
          )}
          {links.view && (
            <Link className="kn-icon" to={`${baseUrl}/reader/${article.id}`} title="Read full screen" aria-label={`Read ${article.title}`} data-testid="article-reader-link">
              <ExpandIcon />
            </Link>
          )}
          {links.add_child && (
            <Link className="kn-icon" to={`${baseUrl}/new/${article.id}`} title="Add Knowledge under this article"
              aria-label={`Add Knowledge under ${article.title}`} data-testid="article-add-child">
              <PlusIcon />
            </Link>
          )}
          {links.edit && (
            <Link className="kn-icon" to={`${baseUrl}/${article.id}/edit`} title="Edit" aria-label={`Edit ${article.title}`} data-testid="article-edit-link">
              <EditIcon />
            </Link>
          )}
          {links.delete && (
            <button type="button" className="kn-icon kn-icon--danger" onClick={() => onDelete(article)} title="Delete"
              aria-label={`Delete ${article.title}`} data-testid="article-delete">
              <TrashIcon />
            </button>
          )}
        </div>
      </div>
      {kids.length > 0 && expanded && (
        <ul className="kn-tree__children">
          {kids.map((c) => (
            <Row key={c.id} article={c} depth={depth + 1} baseUrl={baseUrl} open={open} onToggle={onToggle} onDelete={onDelete} />
          ))}
        </ul>
      )}
    </li>
  );
}

export default function KnowledgeLibrary({ module, baseUrl }) {
  const moduleId = module.id;
  const { status, data: tree, error, reload, setData } = useFetch(listUrl(moduleId), pickList);
  const [open, setOpen] = useState(() => new Set());
  const [flash, setFlash] = useState(null);
  const [doomed, setDoomed] = useState(null);
  const [del, setDel] = useState({ busy: false, error: null });

  // Landing on an article's URL (or adding under one) opens the branches down to it.
  const { pathname } = useLocation();
  useEffect(() => {
    if (!tree || !pathname.startsWith(baseUrl)) return;
    const rest = pathname.slice(baseUrl.length);
    const m = /^\/(?:(new|add|reader)\/)?(\d+)(?:\/edit)?\/?$/.exec(rest);
    if (!m) return;
    const id = Number(m[2]);
    const want = ancestorIds(tree, id);
    if (m[1] === 'new' || m[1] === 'add') want.push(id);
    if (want.length) setOpen((s) => (want.every((x) => s.has(x)) ? s : new Set([...s, ...want])));
  }, [tree, pathname, baseUrl]);

  useEffect(() => {
    if (!flash) return undefined;
    const t = setTimeout(() => setFlash(null), 6000);
    return () => clearTimeout(t);
  }, [flash]);

  const toggle = useCallback((id) => setOpen((s) => {
    const n = new Set(s);
    if (n.has(id)) n.delete(id); else n.add(id);
    return n;
  }), []);

  const saved = useCallback((item, mode, parent) => {
    setFlash({ text: mode === 'add' ? 'ADDED' : 'UPDATED', title: item && item.title });
    if (parent) {
      setOpen((s) => new Set([...s, parent.id, ...ancestorIds(tree || [], parent.id)]));
    }
    reload();
  }, [reload, tree]);

  const expandAll = () => {
    const ids = new Set();
    const walk = (list) => (list || []).forEach((a) => { if ((a.children || []).length) { ids.add(a.id); walk(a.children); } });
    walk(tree);
    setOpen(ids);
  };

  const confirmDelete = async () => {
    setDel({ busy: true, error: null });
    try {
      await deleteArticle(doomed);
      // The branch goes at once; the reload confirms it.
      const prune = (list) => (list || []).filter((a) => a.id !== doomed.id).map((a) => ({ ...a, children: prune(a.children) }));
      setData(prune(tree));
      setDoomed(null);
      setDel({ busy: false, error: null });
      setFlash({ text: 'DELETED', title: doomed.title });
      reload();
    } catch (e) {
      setDel({ busy: false, error: DELETE_FAILED });
    }
  };

  const links = module.links || {};
  const nested = doomed ? countDescendants(doomed) : 0;
  let body;
  if (status === 'loading' || (status === 'idle' && !tree)) body = <Loading inline />;
  else if (status === 'failed') body = <div className="form__error" role="alert">{error}</div>;
  else if (!tree.length) body = <div className="empty" data-testid="knowledge-empty">No knowledge yet</div>;
  else {
    body = (
      <ul className="kn-tree" data-testid="article-tree">
        {tree.map((a) => <Row key={a.id} article={a} depth={0} baseUrl={baseUrl} open={open} onToggle={toggle} onDelete={(x) => { setDel({ busy: false, error: null }); setDoomed(x); }} />)}
      </ul>
    );
  }

  const props = { moduleId, baseUrl, tree, onSaved: saved };
  return (
    <div className="kn" data-testid="knowledge">
      <div className="kn__head">
        <h2 className="section-title">Knowledge</h2>
        <div className="kn__tools">
          {tree && tree.some((a) => (a.children || []).length) && (
            <>
              <button type="button" className="btn btn--small btn--ghost" onClick={expandAll}>Expand all</button>
              <button type="button" className="btn btn--small btn--ghost" onClick={() => setOpen(new Set())}>Collapse all</button>
            </>
          )}
          {links.add_article && <Link className="btn btn--primary btn--small" to={`${baseUrl}/new`} data-testid="add-knowledge">+ Add Knowledge</Link>}
        </div>
      </div>
      {flash && (
        <div className="kn-flash" role="status" data-testid="knowledge-flash">
          <strong>{flash.text}</strong>{flash.title ? <> · {flash.title}</> : null}
        </div>
      )}
      {body}
      <Routes>
        <Route index element={null} />
        <Route path="new" element={<AddArticle {...props} />} />
        <Route path="add" element={<AddArticle {...props} />} />
        <Route path="new/:parentId" element={<AddArticle {...props} />} />
        <Route path="add/:parentId" element={<AddArticle {...props} />} />
        <Route path="reader/:articleId" element={<ArticleReader moduleId={moduleId} baseUrl={baseUrl} />} />
        <Route path=":articleId/edit" element={<EditArticle {...props} />} />
        <Route path=":articleId" element={<ArticleOverlay moduleId={moduleId} baseUrl={baseUrl} />} />
        <Route path="*" element={<NoMatch />} />
      </Routes>
      {doomed && (
        <ConfirmDialog title="Delete knowledge" question={DELETE_QUESTION} busy={del.busy} error={del.error}
          detail={(
            <span data-testid="delete-detail">
              &lsquo;{doomed.title}&rsquo;
              {nested > 0 ? ` and the ${nested} article${nested > 1 ? 's' : ''} nested under it will be deleted.` : ' will be deleted.'}
            </span>
          )}
          onConfirm={confirmDelete} onCancel={() => setDoomed(null)} />
      )}
    </div>
  );
}
