import { useState } from 'react';
import BrandLogo from '../../components/BrandLogo.jsx';
import ConfirmDialog, { DEV_WARNING } from '../../components/ConfirmDialog.jsx';
import FormDialog from '../../components/FormDialog.jsx';
import StatusBadge from '../../components/StatusBadge.jsx';
import useConfirmAction from '../../hooks/useConfirmAction.js';
import { treeChanged } from '../../lib/changes.js';
import { deleteModule } from './api.js';
import DeliverableStrip from './DeliverableStrip.jsx';
import LogoDialog from './LogoDialog.jsx';
import MemberAvatars from './MemberAvatars.jsx';
import ModuleActions from './ModuleActions.jsx';
import WatchToggle from './WatchToggle.jsx';

/** The logo, a button that changes it when save_logo is offered. */
function HeaderLogo({ module, version, onChange }) {
  const logo = <BrandLogo brand={module.brand} platform={module.platform} size={80} alt={`${module.name} logo`} version={version} />;
  if (!(module.links && module.links.save_logo)) return <div className="mh__logo">{logo}</div>;
  return (
    <button type="button" className="mh__logo mh__logo--editable" title="Change logo" onClick={onChange} data-testid="change-logo">
      {logo}
      <span className="mh__logo-hint">Change</span>
    </button>
  );
}

/** The status badge (a button to edit it when allowed), else 'Add Status' when a deliverable may be added. */
function HeaderStatus({ module, onOpen }) {
  const d = module.deliverable;
  if (d) return <StatusBadge status={d.status} onClick={d.links && d.links.edit ? () => onOpen('status') : undefined} />;
  if (!(module.links && module.links.add_deliverable)) return <StatusBadge status={null} />;
  return (
    <button type="button" className="btn btn--ghost btn--small" onClick={() => onOpen('add-status')} data-testid="add-status">
      Add Status
    </button>
  );
}

/** 'PLEASE CAREFUL WHEN DELETING ENTRIES.' and, when the module has children, 'SOME ITEMS ARE NEEDED FOR DEV.'
 *  with how many modules go with it (spec §8): the server counts up to a bound, then says there are more. */
export function DeleteModuleDialog({ module, action }) {
  const n = module.descendantCount ?? module.childCount ?? 0;
  if (!n) return <ConfirmDialog title={`Delete ${module.typeLabel}`} detail={module.name} action={action} />;
  let below = n === 1 ? 'the module' : `the ${n.toLocaleString('en')} modules`;
  if (module.descendantCountExact === false) below = `more than ${n.toLocaleString('en')} modules`;
  const detail = (
    <span data-testid="delete-descendants">
      {module.name} and {below} below it, with everything they hold, will be deleted.
    </span>
  );
  return <ConfirmDialog title={`Delete ${module.typeLabel}`} question={DEV_WARNING} detail={detail} action={action} />;
}

/** The server-form dialogs the header opens: edit, status, add status, add member. */
function HeaderFormDialog({ kind, module, onClose, onSaved }) {
  const links = module.links || {};
  const forms = {
    edit: [`Edit ${module.typeLabel}`, links.edit],
    status: ['Edit Status', module.deliverable && module.deliverable.links && module.deliverable.links.edit],
    'add-status': ['Add Status', links.add_deliverable],
    member: ['Add User', links.add_membership],
  };
  const [title, link] = forms[kind] || [];
  if (!link) return null;
  // Only the module's own edit answers with the module; the others change parts of it.
  return <FormDialog title={title} url={link.url} onClose={onClose} onSuccess={(item) => onSaved(kind === 'edit' ? item : undefined)} />;
}

/**
 * Module header (spec §2): logo (click to change when save_logo is offered), type label and ID,
 * name with Edit, Delete and Copy, status badge or 'Add Status', member avatars with '+',
 * description, deliverable strip. Every control only when its link is offered; `startWith` ('edit') opens
 * that dialog when the page opens.
 */
export default function ModuleHeader({ module, moduleUrl, onChanged, onDeleted, compact = false, startWith = null }) {
  // edit | status | add-status | member | logo; `startWith` opens one at once (Edit Project opens 'edit')
  const [dialog, setDialog] = useState(() => (startWith && module.links && module.links[startWith] ? startWith : null));
  const [logoVersion, setLogoVersion] = useState(0);
  const del = useConfirmAction(async () => {
    await deleteModule(module);
    treeChanged();
    if (onDeleted) onDeleted(module);
  });
  const changed = (item) => { // the dialog closes itself after its success; a new name shows in the tree too
    if (dialog === 'edit') treeChanged();
    if (onChanged) onChanged(item);
  };
  const links = module.links || {};

  return (
    <section className={compact ? 'mh mh--compact' : 'mh'} data-testid="module-header">
      <div className="mh__top">
        <HeaderLogo module={module} version={logoVersion} onChange={() => setDialog('logo')} />
        <div className="mh__main">
          <div className="mh__kicker">
            <span className="tag">{module.typeLabel}</span>
            <span className="muted">ID {module.id}</span>
            {module.locked && <span className="tag tag--warn">Locked</span>}
          </div>
          <div className="mh__title-row">
            <h1 className="mh__title" data-testid="module-name">{module.name}</h1>
            <ModuleActions module={module} moduleUrl={moduleUrl} onEdit={() => setDialog('edit')} onDelete={() => del.ask()}
              onChanged={onChanged} />
          </div>
          <div className="mh__meta">
            <HeaderStatus module={module} onOpen={setDialog} />
            <MemberAvatars memberships={module.memberships || []} addLink={links.add_membership} onAdd={() => setDialog('member')} />
            <WatchToggle module={module} />
          </div>
        </div>
      </div>
      {module.description ? <div className="mh__description" data-testid="module-description">{module.description}</div> : null}
      <DeliverableStrip module={module} onChanged={() => onChanged && onChanged()} />

      {dialog && dialog !== 'logo' && (
        <HeaderFormDialog kind={dialog} module={module} onClose={() => setDialog(null)} onSaved={changed} />
      )}
      {dialog === 'logo' && (
        <LogoDialog link={links.save_logo} onClose={() => setDialog(null)}
          onSaved={() => { setDialog(null); setLogoVersion((v) => v + 1); if (onChanged) onChanged(); }} />
      )}
      {del.target && <DeleteModuleDialog module={module} action={del} />}
    </section>
  );
}
