import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import MessageDialog from '../../components/MessageDialog.jsx';
import useClickOutside from '../../hooks/useClickOutside.js';
import { errorMessage } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { setModuleLock } from './api.js';

/** Lock or Unlock (whichever link is offered); a refusal opens ERROR with Ok. */
function LockButtons({ links, onChanged }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const toggle = async (link) => {
    setBusy(true);
    setError(null);
    try {
      const item = await setModuleLock(link);
      if (onChanged) onChanged(item);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {links.lock && (
        <button type="button" className="btn btn--small" disabled={busy} onClick={() => toggle(links.lock)}
          data-testid="lock-module" title={t('modules.lockTitle')}>
          {t('modules.lock')}
        </button>
      )}
      {links.unlock && (
        <button type="button" className="btn btn--small" disabled={busy} onClick={() => toggle(links.unlock)}
          data-testid="unlock-module">
          {t('modules.unlock')}
        </button>
      )}
      <MessageDialog title={t('modules.errorTitle')} message={error} onClose={() => setError(null)}><p>{error}</p></MessageDialog>
    </>
  );
}

/**
 * Edit, Delete, Copy (to {moduleUrl}/clone), Lock and Unlock: each only when its link is offered. On a phone they
 * fold behind a '⋯' button (CSS shows one or the other; the same buttons either way).
 */
export default function ModuleActions({ module, moduleUrl, onEdit, onDelete, onChanged }) {
  const links = module.links || {};
  const [open, setOpen] = useState(false);
  const ref = useRef(null);
  const close = useCallback(() => setOpen(false), []);
  useClickOutside(ref, open, close);
  const any = links.edit || links.delete || (links.clone && moduleUrl) || links.lock || links.unlock;
  if (!any) return null;
  const id = `mh-actions-${module.id}`;
  return (
    <div className="mh__fold" ref={ref}>
      <button type="button" className="mh__more icon-btn" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}
        aria-label={t('modules.actionsOf', { name: module.name })} title={t('common.actions')} data-testid="module-actions-more">
        <span aria-hidden="true">⋯</span>
      </button>
      <ActionButtons id={id} open={open} links={links} moduleUrl={moduleUrl} onEdit={onEdit} onDelete={onDelete} onChanged={onChanged}
        onChosen={close} />
    </div>
  );
}

function ActionButtons({ id, open, links, moduleUrl, onEdit, onDelete, onChanged, onChosen }) {
  const chosen = (fn) => () => { onChosen(); if (fn) fn(); };
  return (
    <div className={open ? 'mh__actions mh__actions--open' : 'mh__actions'} id={id}>
      {links.edit && (
        <button type="button" className="btn btn--small" onClick={chosen(onEdit)} data-testid="edit-module">
          {t('common.edit')}
        </button>
      )}
      {links.delete && (
        <button type="button" className="btn btn--small btn--danger-outline" onClick={chosen(onDelete)} data-testid="delete-module">
          {t('common.delete')}
        </button>
      )}
      {links.clone && moduleUrl && (
        <Link className="btn btn--small" to={`${moduleUrl}/clone`} data-testid="copy-module">{t('modules.copy')}</Link>
      )}
      <LockButtons links={links} onChanged={onChanged} />
    </div>
  );
}
