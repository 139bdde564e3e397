import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import FormDialog from '../../components/FormDialog.jsx';
import useClickOutside from '../../hooks/useClickOutside.js';
import useConfirmAction from '../../hooks/useConfirmAction.js';
import { errorMessage } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { deleteView, listViews, loadSaveForm } from './api.js';
import { SAVED_PARAM } from './useSavedView.js';
import './savedViews.css';

/** The address of a view: this screen with `?saved={id}` (the screen's other parameters kept). */
function hrefOf(location, id) {
  const params = new URLSearchParams(location.search);
  params.set(SAVED_PARAM, String(id));
  return `${location.pathname}?${params}`;
}

function useViews(moduleId, kind) {
  const [answer, setAnswer] = useState({ list: [], links: {}, error: null });
  const load = useCallback(() => listViews(moduleId, kind)
    .then((a) => setAnswer({ list: a.list || [], links: a.links || {}, error: null }))
    .catch((err) => setAnswer({ list: [], links: {}, error: errorMessage(err) })), [moduleId, kind]);
  useEffect(() => { load(); }, [load]);
  return { ...answer, reload: load };
}

function ViewRow({ view, href, current, onDelete }) {
  return (
    <li className="views__row" data-testid="saved-view">
      <Link to={href} aria-current={current ? 'true' : undefined} data-testid="saved-view-link">
        {view.name}
        {view.shared && <span className="views__tag">{t('savedViews.shared')}</span>}
      </Link>
      {view.links && view.links.delete && (
        <button type="button" className="btn btn--ghost btn--small" onClick={() => onDelete(view)}
          aria-label={t('savedViews.deleteNamed', { name: view.name })} data-testid="delete-saved-view">×</button>
      )}
    </li>
  );
}

/**
 * 'Views' beside a screen's tools (issue 44, point 4): the reader's own views of this screen (`kind` on
 * `moduleId`) and those shared with its portal, each opened by its address; 'Save view' keeps `state` (the
 * screen's filters, sort, grouping and columns) under a name, shared with the portal where the server offers it.
 */
export default function SavedViews({ moduleId, kind, state, currentId = null }) {
  const views = useViews(moduleId, kind);
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const box = useRef(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useClickOutside(box, open, close);
  const removing = useConfirmAction(async (view) => { await deleteView(view.links.delete); views.reload(); });
  const add = views.links.add;
  const current = views.list.find((v) => String(v.id) === String(currentId));
  return (
    <div className="views" ref={box}>
      <button type="button" className="btn btn--small" aria-expanded={open} aria-controls={panelId}
        onClick={() => setOpen(!open)} data-testid="saved-views-toggle">
        {current ? t('savedViews.viewNamed', { name: current.name }) : t('savedViews.views')} ▾
      </button>
      {open && (
        <div className="views__panel" id={panelId} data-testid="saved-views">
          {views.error && <div className="form__error" role="alert">{views.error}</div>}
          {!views.list.length && !views.error && <p className="muted">{t('savedViews.none')}</p>}
          <ul className="views__list">
            {views.list.map((v) => (
              <ViewRow key={v.id} view={v} href={hrefOf(location, v.id)} current={v === current}
                onDelete={(view) => { close(); removing.ask(view); }} />
            ))}
          </ul>
          {add && (
            <button type="button" className="btn btn--primary btn--small" onClick={() => { close(); setSaving(true); }}
              data-testid="save-view">{t('savedViews.save')}</button>
          )}
        </div>
      )}
      {saving && (
        <FormDialog title={t('savedViews.saveTitle')} url={add.url} load={(url) => loadSaveForm(url, kind, state)}
          note={t('savedViews.saveNote')} onClose={() => setSaving(false)} onSuccess={() => views.reload()}
          testId="save-view-dialog" />
      )}
      {removing.target && (
        <ConfirmDialog title={t('savedViews.deleteTitle')} action={removing}
          question={t('savedViews.deleteQuestion', { name: removing.target.name })} />
      )}
    </div>
  );
}
