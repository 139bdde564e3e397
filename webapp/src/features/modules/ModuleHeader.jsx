import { useState } from 'react';
import { Link } from 'react-router-dom';
import BrandLogo from '../../components/BrandLogo.jsx';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import FormDialog from '../../components/FormDialog.jsx';
import useConfirmAction from '../../hooks/useConfirmAction.js';
import { treeChanged } from '../../lib/changes.js';
import { t } from '../../lib/i18n.js';
import { deleteModule } from './api.js';
import DeliverableStrip from './DeliverableStrip.jsx';
import LogoDialog from './LogoDialog.jsx';
import ModuleStatus from './ModuleStatus.jsx';
import MemberAvatars from './MemberAvatars.jsx';
import ModuleActions from './ModuleActions.jsx';
import WatchToggle from './WatchToggle.jsx';

/** The logo, a button that changes it when save_logo is offered. */
function HeaderLogo({ module, version, onChange }) {
  const logo = <BrandLogo brand={module.brand} platform={module.platform} size={80} alt={t('modules.logoAlt', { name: module.name })} version={version} />;
  if (!(module.links && module.links.save_logo)) return <div className="mh__logo">{logo}</div>;
  return (
    <button type="button" className="mh__logo mh__logo--editable" title={t('modules.changeLogo')} onClick={onChange} data-testid="change-logo">
      {logo}
      <span className="mh__logo-hint">{t('modules.change')}</span>
    </button>
  );
}

/** 'PLEASE CAREFUL WHEN DELETING ENTRIES.' and, when the module has children, 'SOME ITEMS ARE NEEDED FOR DEV.'
 *  with how many modules go with it (spec §8): the server counts up to a bound, then says there are more. */
export function DeleteModuleDialog({ module, action }) {
  const n = module.descendantCount ?? module.childCount ?? 0;
  const title = t('modules.deleteType', { type: module.typeLabel });
  if (!n) return <ConfirmDialog title={title} detail={module.name} action={action} />;
  const values = { count: n, name: module.name };
  const detail = (
    <span data-testid="delete-descendants">
      {module.descendantCountExact === false ? t('modules.deleteDescendantsMore', values) : t('modules.deleteDescendants', values)}
    </span>
  );
  return <ConfirmDialog title={title} question={t('components.devWarning')} detail={detail} action={action} />;
}

/** The server-form dialogs the header opens: edit, add status, add member. */
function HeaderFormDialog({ kind, module, onClose, onSaved, panel }) {
  const links = module.links || {};
  const forms = {
    edit: [t('modules.editType', { type: module.typeLabel }), links.edit],
    'add-status': [t('modules.addStatus'), links.add_deliverable],
    member: [t('modules.addUser'), links.add_membership],
  };
  const [title, link] = forms[kind] || [];
  if (!link) return null;
  // Only the module's own edit answers with the module; the others change parts of it.
  return (
    <FormDialog title={title} url={link.url} onClose={onClose} panel={panel && kind === 'edit'}
      onSuccess={(item) => onSaved(kind === 'edit' ? item : undefined)} />
  );
}

/**
 * The project's Clone and Edit Project (spec §2). Edit Project keeps the spec's address
 * (/v2/{platform}/{parentId}/{id}, which opens this screen with the panel open: a new tab, a shared link) but a
 * plain click edits in place, in the side panel, without leaving the page.
 */
function ProjectButtons({ module, moduleUrl, onEdit }) {
  const links = module.links || {};
  const inPlace = (e) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onEdit();
  };
  return (
    <div className="project__buttons">
      {links.clone && moduleUrl && <Link className="btn btn--small" to={`${moduleUrl}/clone`} data-testid="clone-project">{t('modules.clone')}</Link>}
      {links.edit && (
        <a className="btn btn--primary btn--small" href={`/v2/${module.platform}/${module.parentId}/${module.id}`} onClick={inPlace}
          data-testid="edit-project">
          {t('modules.editType', { type: module.typeLabel })}
        </a>
      )}
    </div>
  );
}

/**
 * Module header (spec §2): logo (click to change when save_logo is offered), type label and ID,
 * name with Edit, Delete and Copy, status badge or 'Add Status', member avatars with '+',
 * description, deliverable strip (status and strip edited in place; without `properties` they are left to the
 * page's properties column). Every control only when its link is offered; `startWith` ('edit') opens that dialog
 * when the page opens. A `project` header (the project screen) adds Clone and Edit Project, and edits in a side
 * panel rather than a dialog. `extra`: what the page adds beside Watch (app/ composes another feature's buttons there:
 * Log time and Start timer).
 */
export default function ModuleHeader({ module, moduleUrl, onChanged, onDeleted, compact = false, startWith = null, properties = true,
  project = false, extra = null }) {
  // edit | add-status | member | logo; `startWith` opens one at once (Edit Project opens 'edit')
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
            <span className="muted">{t('modules.id', { id: String(module.id) })}</span>
            {module.locked && <span className="tag tag--warn">{t('modules.locked')}</span>}
          </div>
          <div className="mh__title-row">
            <h1 className="mh__title" data-testid="module-name">{module.name}</h1>
            <ModuleActions module={module} moduleUrl={moduleUrl} onEdit={() => setDialog('edit')} onDelete={() => del.ask()}
              onChanged={onChanged} />
          </div>
          <div className="mh__meta">
            {properties && <ModuleStatus module={module} onChanged={() => onChanged && onChanged()} onAdd={() => setDialog('add-status')} />}
            <MemberAvatars memberships={module.memberships || []} addLink={links.add_membership} onAdd={() => setDialog('member')} />
            <WatchToggle module={module} />
            {extra}
            {project && <ProjectButtons module={module} moduleUrl={moduleUrl} onEdit={() => setDialog('edit')} />}
          </div>
        </div>
      </div>
      {module.description ? <div className="mh__description" data-testid="module-description">{module.description}</div> : null}
      {properties && <DeliverableStrip module={module} onChanged={() => onChanged && onChanged()} />}

      {dialog && dialog !== 'logo' && (
        <HeaderFormDialog kind={dialog} module={module} onClose={() => setDialog(null)} onSaved={changed} panel={project} />
      )}
      {dialog === 'logo' && (
        <LogoDialog link={links.save_logo} onClose={() => setDialog(null)}
          onSaved={() => { setDialog(null); setLogoVersion((v) => v + 1); if (onChanged) onChanged(); }} />
      )}
      {del.target && <DeleteModuleDialog module={module} action={del} />}
    </section>
  );
}
