/**
 * The knowledge library tab (spec §2): an expandable tree of articles with title, 'Author', created date,
 * '+ Add Knowledge', and view, edit and delete icons as the links allow. Both routing variants live under
 * the tab URL: A (new, new/{articleId}, reader/{articleId}, {articleId}, {articleId}/edit) and
 * B (add, add/{parentArticleId}, {articleId}/edit, {articleId}).
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import Loading from '../../components/Loading.jsx';
import { NoMatch } from '../../components/NotFound.jsx';
import useConfirmAction from '../../hooks/useConfirmAction.js';
import useFetch from '../../hooks/useFetch.js';
import { t } from '../../lib/i18n.js';
import { deleteArticle, listArticles } from './api.js';
import { AddArticle, EditArticle } from './ArticleEditor.jsx';
import ArticleRow from './ArticleRow.jsx';
import { ArticleOverlay, ArticleReader } from './ArticleView.jsx';
import { countDescendants } from './content.js';
import useOpenBranches from './useOpenBranches.js';
import './knowledge.css';

/** A status line ('ADDED', 'UPDATED', 'DELETED' with the title) that goes after six seconds. */
function useFlash() {
  const [flash, setFlash] = useState(null);
  useEffect(() => {
    if (!flash) return undefined;
    const timer = setTimeout(() => setFlash(null), 6000);
    return () => clearTimeout(timer);
  }, [flash]);
  return [flash, setFlash];
}

function DeleteDetail({ article }) {
  const nested = countDescendants(article);
  return (
    <span data-testid="delete-detail">{t('knowledge.deleteDetail', { title: article.title, count: nested })}</span>
  );
}

function LibraryRoutes({ moduleId, baseUrl, tree, onSaved, uploadLink }) {
  const props = { moduleId, baseUrl, tree, onSaved, uploadLink };
  return (
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
  );
}

export default function KnowledgeLibrary({ module, baseUrl }) {
  const moduleId = module.id;
  const { status, data: tree, error, reload, setData } = useFetch(listArticles, [moduleId]);
  const branches = useOpenBranches(tree, baseUrl);
  const [flash, setFlash] = useFlash();
  const { openUnder } = branches;
  const saved = useCallback((item, mode, parent) => {
    setFlash({ text: mode === 'add' ? t('knowledge.added') : t('knowledge.updated'), title: item && item.title });
    if (parent) openUnder(parent);
    reload();
  }, [reload, setFlash, openUnder]);
  const del = useConfirmAction(async (doomed) => {
    await deleteArticle(doomed);
    // The branch goes at once; the reload confirms it.
    const prune = (list) => (list || []).filter((a) => a.id !== doomed.id).map((a) => ({ ...a, children: prune(a.children) }));
    setData(prune(tree));
    setFlash({ text: t('knowledge.deleted'), title: doomed.title });
    reload();
  }, t('knowledge.deleteFailed'));

  let body;
  if (status === 'loading' || (status === 'idle' && !tree)) body = <Loading inline />;
  else if (status === 'failed') body = <div className="form__error" role="alert">{error}</div>;
  else if (!tree.length) body = <div className="empty" data-testid="knowledge-empty">{t('knowledge.noKnowledge')}</div>;
  else {
    body = (
      <ul className="kn-tree" data-testid="article-tree">
        {tree.map((a) => (
          <ArticleRow key={a.id} article={a} depth={0} baseUrl={baseUrl} open={branches.open} onToggle={branches.toggle} onDelete={del.ask} />
        ))}
      </ul>
    );
  }
  return (
    <div className="kn" data-testid="knowledge">
      <div className="kn__head">
        <h2 className="section-title">{t('knowledge.knowledge')}</h2>
        <div className="kn__tools">
          {tree && tree.some((a) => (a.children || []).length) && (
            <>
              <button type="button" className="btn btn--small btn--ghost" onClick={branches.expandAll}>{t('knowledge.expandAll')}</button>
              <button type="button" className="btn btn--small btn--ghost" onClick={branches.collapseAll}>{t('knowledge.collapseAll')}</button>
            </>
          )}
          {module.links && module.links.add_article && <Link className="btn btn--primary btn--small" to={`${baseUrl}/new`} data-testid="add-knowledge">{t('knowledge.addKnowledgeButton')}</Link>}
        </div>
      </div>
      {flash && (
        <div className="kn-flash" role="status" data-testid="knowledge-flash">
          <strong>{flash.text}</strong>{flash.title ? <> · {flash.title}</> : null}
        </div>
      )}
      {body}
      <LibraryRoutes moduleId={moduleId} baseUrl={baseUrl} tree={tree} onSaved={saved}
        uploadLink={module.links && module.links.add_file} />
      {del.target && <ConfirmDialog title={t('knowledge.deleteKnowledge')} detail={<DeleteDetail article={del.target} />} action={del} />}
    </div>
  );
}
