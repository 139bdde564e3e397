import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import BrandLogo from '../../components/BrandLogo.jsx';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import FormDialog from '../../components/FormDialog.jsx';
import Modal from '../../components/Modal.jsx';
import StatusBadge from '../../components/StatusBadge.jsx';
import { errorMessage } from '../../lib/apiClient.js';
import DeliverableStrip from './DeliverableStrip.jsx';
import MemberAvatars from './MemberAvatars.jsx';
import { callLink, deleteModule, saveLogo } from './moduleApi.js';

function LogoDialog({ link, onClose, onSaved }) {
  const [file, setFile] = useState(null);
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e) => {
    e.preventDefault();
    if (!file) { setError('File is required'); return; }
    setBusy(true);
    try {
      await saveLogo(link, file);
      onSaved();
    } catch (err) {
      setBusy(false);
      setError(errorMessage(err));
    }
  };
  return (
    <Modal title="Change Logo" onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <div className={error ? 'field field--error' : 'field'}>
          <label htmlFor="logo-file">Logo (PNG, JPEG, GIF or WebP)</label>
          <input id="logo-file" type="file" accept="image/*" onChange={(e) => { setFile(e.target.files[0] || null); setError(null); }} />
          {error && <div className="field__error">{error}</div>}
        </div>
        <div className="form__actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>Cancel</button>
          <button type="submit" className="btn btn--primary" disabled={busy}>{busy ? 'Uploading...' : 'Upload'}</button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * Module header (spec §2): logo (click to change when save_logo is offered), type label and ID,
 * name with Edit, Delete and Copy, status badge or 'Add Status', member avatars with '+',
 * description, deliverable strip. Every control only when its link is offered.
 */
export default function ModuleHeader({ module, moduleUrl, onChanged, onDeleted, compact = false }) {
  const [dialog, setDialog] = useState(null);
  const [del, setDel] = useState({ open: false, busy: false, error: null });
  const [logoVersion, setLogoVersion] = useState(0);
  const [lockBusy, setLockBusy] = useState(false);
  const [lockError, setLockError] = useState(null);

  const toggleLock = async (link) => {
    setLockBusy(true);
    setLockError(null);
    try {
      const res = await callLink(link);
      if (onChanged) onChanged(res.data && res.data.item);
    } catch (err) {
      setLockError(errorMessage(err));
    } finally {
      setLockBusy(false);
    }
  };
  const links = module.links || {};
  const d = module.deliverable;
  const headingRef = useRef(null);

  const confirmDelete = async () => {
    setDel({ open: true, busy: true, error: null });
    try {
      await deleteModule(module);
      setDel({ open: false, busy: false, error: null });
      if (onDeleted) onDeleted(module);
    } catch (err) {
      setDel({ open: true, busy: false, error: errorMessage(err) });
    }
  };

  const changed = (item) => { setDialog(null); if (onChanged) onChanged(item); };

  return (
    <section className={compact ? 'mh mh--compact' : 'mh'} data-testid="module-header">
      <div className="mh__top">
        {links.save_logo ? (
          <button type="button" className="mh__logo mh__logo--editable" title="Change logo"
            onClick={() => setDialog({ kind: 'logo' })} data-testid="change-logo">
            <BrandLogo brand={module.brand} platform={module.platform} size={80} alt={`${module.name} logo`} version={logoVersion} />
            <span className="mh__logo-hint">Change</span>
          </button>
        ) : (
          <div className="mh__logo"><BrandLogo brand={module.brand} platform={module.platform} size={80} alt={`${module.name} logo`} version={logoVersion} /></div>
        )}
        <div className="mh__main">
          <div className="mh__kicker">
            <span className="tag">{module.typeLabel}</span>
            <span className="muted">ID {module.id}</span>
            {module.locked && <span className="tag tag--warn">Locked</span>}
          </div>
          <div className="mh__title-row">
            <h1 className="mh__title" ref={headingRef} data-testid="module-name">{module.name}</h1>
            <div className="mh__actions">
              {links.edit && (
                <button type="button" className="btn btn--small" onClick={() => setDialog({ kind: 'edit' })} data-testid="edit-module">
                  Edit
                </button>
              )}
              {links.delete && (
                <button type="button" className="btn btn--small btn--danger-outline" onClick={() => setDel({ open: true, busy: false, error: null })}
                  data-testid="delete-module">
                  Delete
                </button>
              )}
              {links.clone && moduleUrl && (
                <Link className="btn btn--small" to={`${moduleUrl}/clone`} data-testid="copy-module">Copy</Link>
              )}
              {links.lock && (
                <button type="button" className="btn btn--small" disabled={lockBusy} onClick={() => toggleLock(links.lock)}
                  data-testid="lock-module" title="No edit or delete until unlocked">
                  Lock
                </button>
              )}
              {links.unlock && (
                <button type="button" className="btn btn--small" disabled={lockBusy} onClick={() => toggleLock(links.unlock)}
                  data-testid="unlock-module">
                  Unlock
                </button>
              )}
            </div>
          </div>
          <div className="mh__meta">
            {d ? (
              <StatusBadge status={d.status} onClick={d.links && d.links.edit ? () => setDialog({ kind: 'status' }) : undefined} />
            ) : links.add_deliverable ? (
              <button type="button" className="btn btn--ghost btn--small" onClick={() => setDialog({ kind: 'add-status' })}
                data-testid="add-status">
                Add Status
              </button>
            ) : (
              <StatusBadge status={null} />
            )}
            <MemberAvatars memberships={module.memberships || []} addLink={links.add_membership}
              onAdd={() => setDialog({ kind: 'member' })} />
          </div>
        </div>
      </div>
      {lockError && (
        <Modal title="ERROR" onClose={() => setLockError(null)}
          footer={<button type="button" className="btn btn--primary" onClick={() => setLockError(null)}>Ok</button>}>
          <p>{lockError}</p>
        </Modal>
      )}
      {module.description ? (
        <div className="mh__description" data-testid="module-description">{module.description}</div>
      ) : null}
      <DeliverableStrip module={module} onChanged={() => onChanged && onChanged()} />

      {dialog && dialog.kind === 'edit' && (
        <FormDialog title={`Edit ${module.typeLabel}`} url={links.edit.url} onClose={() => setDialog(null)} onSuccess={changed} />
      )}
      {dialog && dialog.kind === 'status' && (
        <FormDialog title="Edit Status" url={d.links.edit.url} onClose={() => setDialog(null)} onSuccess={() => changed()} />
      )}
      {dialog && dialog.kind === 'add-status' && (
        <FormDialog title="Add Status" url={links.add_deliverable.url} onClose={() => setDialog(null)} onSuccess={() => changed()} />
      )}
      {dialog && dialog.kind === 'member' && (
        <FormDialog title="Add User" url={links.add_membership.url} onClose={() => setDialog(null)} onSuccess={() => changed()} />
      )}
      {dialog && dialog.kind === 'logo' && (
        <LogoDialog link={links.save_logo} onClose={() => setDialog(null)}
          onSaved={() => { setDialog(null); setLogoVersion((v) => v + 1); if (onChanged) onChanged(); }} />
      )}
      {del.open && (
        <ConfirmDialog title={`Delete ${module.typeLabel}`} detail={module.name} busy={del.busy} error={del.error}
          onConfirm={confirmDelete} onCancel={() => setDel({ open: false, busy: false, error: null })} />
      )}
    </section>
  );
}
