/**
 * Adding and editing an article: Title and the rich-text content, 'Add Content' or 'Update Content' and
 * Cancel; status texts 'adding' -> 'ADDED' and 'is updating' -> 'UPDATED' (spec §2); title rule of §5. An edit
 * carries the version it opened: a 409 (someone else saved meanwhile) shows the server's text and keeps the title
 * and content typed here.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Field from '../../components/Field.jsx';
import Loading from '../../components/Loading.jsx';
import RichTextEditor, { contentJson } from '../../components/RichTextEditor.jsx';
import useFetch from '../../hooks/useFetch.js';
import { errorMessage, joinedFieldErrors } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { addArticle, editArticle, uploadArticleImage, viewArticle } from './api.js';
import { findArticle, TITLE_MAX, validateTitle } from './content.js';
import './knowledge.css';

/** The status text of an add or edit (`mode`) while it runs (`status` 'busy') and once done. */
function statusText(mode, status) {
  if (mode === 'add') return status === 'busy' ? t('knowledge.adding') : t('knowledge.added');
  return status === 'busy' ? t('knowledge.updating') : t('knowledge.updated');
}
/** How long the done status stays on the editor before it closes. */
export const CLOSE_DELAY_MS = 900;

function Dialog({ title, children }) {
  // No backdrop close: a stray click must not throw away what was written.
  return (
    <div className="modal" role="presentation">
      <div className="modal__dialog modal__dialog--wide kn-editor" role="dialog" aria-modal="true" aria-label={title}>
        <div className="modal__head"><h2 className="modal__title">{title}</h2></div>
        <div className="modal__body">{children}</div>
      </div>
    </div>
  );
}

function EditorForm({ mode, moduleId, article, parent, baseUrl, onSaved, uploadLink }) {
  const navigate = useNavigate();
  const [title, setTitle] = useState(article ? article.title : '');
  const [titleTouched, setTitleTouched] = useState(false);
  const [errors, setErrors] = useState({});
  const [status, setStatus] = useState(null); // null | 'busy' | 'done'
  const [failure, setFailure] = useState(null);
  const content = useRef(article ? article.content : null);
  const live = useRef(true);
  useEffect(() => () => { live.current = false; }, []);

  const titleError = validateTitle(title);
  const shownTitleError = errors.title || ((titleTouched || title.length > TITLE_MAX) ? titleError : null);

  const submit = async (e) => {
    e.preventDefault();
    setTitleTouched(true);
    setFailure(null);
    if (titleError) { setErrors({ title: titleError }); return; }
    let json = content.current;
    if (json && typeof json !== 'string') json = contentJson(json);
    if (!json) json = JSON.stringify({ blocks: [{ key: 'a', text: '', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [] }], entityMap: {} });
    setStatus('busy');
    try {
      const data = {
        title: title.trim(), content: json, parentArticleId: parent ? parent.id : null, version: article ? article.version : null,
      };
      const item = mode === 'add'
        ? await addArticle(moduleId, data)
        : await editArticle(moduleId, article.id, data, article.links && article.links.edit && article.links.edit.url);
      if (!live.current) return;
      setStatus('done');
      if (onSaved) onSaved(item, mode, parent);
      setTimeout(() => { if (live.current) navigate(baseUrl); }, CLOSE_DELAY_MS);
    } catch (err) {
      if (!live.current) return;
      setStatus(null);
      const next = joinedFieldErrors(err);
      setErrors(next);
      setFailure(Object.keys(next).length ? (next.parentArticleId || null) : errorMessage(err, t('knowledge.couldNotSave')));
    }
  };

  const busy = status !== null;
  return (
    <form className="form kn-form" onSubmit={submit} noValidate data-testid="article-form">
      {parent && <div className="kn-form__parent muted">{t('knowledge.under', { title: <strong key="title">{parent.title}</strong> })}</div>}
      <Field id="article-title" label={t('knowledge.title')} required error={shownTitleError} errorTestId="title-error">
        <input id="article-title" name="title" type="text" value={title} disabled={busy} autoComplete="off"
          onChange={(e) => { setTitle(e.target.value); setErrors((x) => ({ ...x, title: undefined })); }}
          onBlur={() => setTitleTouched(true)} aria-invalid={shownTitleError ? 'true' : undefined} />
        <div className="kn-form__count muted">{title.trim().length}/{TITLE_MAX}</div>
      </Field>
      <Field id="article-content" label={t('knowledge.content')} error={errors.content}>
        <RichTextEditor id="article-content" value={article ? article.content : null} invalid={!!errors.content}
          onChange={(s) => { content.current = s; }} placeholder={t('knowledge.contentPlaceholder')}
          onUploadImage={uploadLink ? (file, alt) => uploadArticleImage(uploadLink, file, alt) : undefined} />
      </Field>
      {failure && <div className="form__error" role="alert">{failure}</div>}
      <div className="form__actions kn-form__actions">
        {status && (
          <span className={status === 'done' ? 'kn-status kn-status--done' : 'kn-status'} role="status" data-testid="article-status">
            {statusText(mode, status)}
          </span>
        )}
        <button type="button" className="btn" onClick={() => navigate(baseUrl)} disabled={status === 'busy'}>{t('common.cancel')}</button>
        <button type="submit" className="btn btn--primary" disabled={busy}>{mode === 'add' ? t('knowledge.addContent') : t('knowledge.updateContent')}</button>
      </div>
    </form>
  );
}

/** new, add (root), new/{articleId}, add/{parentArticleId} (nested under a parent). */
export function AddArticle({ moduleId, baseUrl, tree, onSaved, uploadLink }) {
  const { parentId } = useParams();
  if (parentId !== undefined && !/^\d+$/.test(parentId)) {
    return <Dialog title={t('knowledge.addKnowledge')}><div className="form__error">{t('knowledge.parentNotFound')}</div></Dialog>;
  }
  const parent = parentId ? findArticle(tree || [], parentId) : null;
  if (parentId && !tree) return <Dialog title={t('knowledge.addKnowledge')}><Loading inline /></Dialog>;
  if (parentId && !parent) {
    return <Dialog title={t('knowledge.addKnowledge')}><div className="form__error" role="alert">{t('knowledge.parentNotFound')}</div></Dialog>;
  }
  return (
    <Dialog title={parent ? t('knowledge.addKnowledgeUnderArticle') : t('knowledge.addKnowledge')}>
      <EditorForm key={parentId || 'root'} mode="add" moduleId={moduleId} parent={parent} baseUrl={baseUrl} onSaved={onSaved} uploadLink={uploadLink} />
    </Dialog>
  );
}

/** {articleId}/edit. */
export function EditArticle({ moduleId, baseUrl, onSaved, uploadLink }) {
  const { articleId } = useParams();
  const ok = /^\d+$/.test(articleId);
  const { status, data, error, httpStatus } = useFetch(ok ? viewArticle : null, [moduleId, articleId]);
  let body;
  if (!ok || httpStatus === 404) body = <div className="form__error" role="alert">{t('knowledge.articleNotFound')}</div>;
  else if (status === 'loading' || status === 'idle') body = <Loading inline />;
  else if (status === 'failed') body = <div className="form__error" role="alert">{error}</div>;
  else if (!(data.links && data.links.edit)) body = <div className="form__error" role="alert">{t('knowledge.mayNotEdit')}</div>;
  else body = <EditorForm key={data.id} mode="edit" moduleId={moduleId} article={data} baseUrl={baseUrl} onSaved={onSaved} uploadLink={uploadLink} />;
  return <Dialog title={t('knowledge.editKnowledge')}>{body}</Dialog>;
}
