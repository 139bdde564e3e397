import FormDialog from '../../components/FormDialog.jsx';
import { t } from '../../lib/i18n.js';
import { getMemberEditForm } from './api.js';

/** The member edit form from the membership's edit link: a preset or the rights one by one; the role keeps its name. */
export function EditMemberDialog({ member, onClose, onSaved }) {
  return (
    <FormDialog title={t('members.editMember', { name: member.name })} url={member.links.edit.url} load={getMemberEditForm}
      onClose={onClose} onSuccess={onSaved} testId="member-edit-form" />
  );
}

/**
 * The dialog open on the members panel: {kind: 'add' | 'invite' | 'edit', member}. `onDone(kind, item, answer)`
 * follows a saved form.
 */
// An invitation's answer names who was invited ({message}); the toast says so.
const inviteText = (item, res) => (res && res.message) || null;

export default function MemberDialogs({ dialog, links, onClose, onDone }) {
  if (!dialog) return null;
  if (dialog.kind === 'add') {
    // An address that is not a portal member's is invited instead ({message, invited}): told as an invitation.
    return (
      <FormDialog title={t('members.addUser')} url={links.add_membership.url} submitLabel={t('common.add')} onClose={onClose} successText={inviteText}
        onSuccess={(item, res) => (res && res.invited ? onDone('invite', null, res) : onDone('add', item))} />
    );
  }
  if (dialog.kind === 'invite') {
    return (
      <FormDialog title={t('members.inviteUser')} url={links.invite.url} submitLabel={t('members.sendInvitation')} onClose={onClose} successText={inviteText}
        onSuccess={(item, res) => onDone('invite', item, res)} />
    );
  }
  return <EditMemberDialog member={dialog.member} onClose={onClose} onSaved={(item) => onDone('edit', item)} />;
}
