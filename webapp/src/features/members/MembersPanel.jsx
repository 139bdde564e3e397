import { useCallback, useMemo, useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import DataTable from '../../components/DataTable.jsx';
import Loading from '../../components/Loading.jsx';
import useConfirmAction from '../../hooks/useConfirmAction.js';
import usePagedList, { tableServer } from '../../hooks/usePagedList.js';
import { t } from '../../lib/i18n.js';
import { deleteMember, listMembers } from './api.js';
import useMemberColumns from './memberColumns.jsx';
import MemberDialogs from './MemberDialogs.jsx';
import PendingInvitations from './PendingInvitations.jsx';
import './members.css';

function MembersTable({ members, columns, testId, emptyText, toolbar, search = true, filters = true, pageSize = 10, server, exportName }) {
  return (
    <DataTable columns={columns} data={members} testId={testId} emptyText={emptyText} toolbar={toolbar} search={search} filters={filters} pageSize={pageSize}
      server={server} noMatchText={t('members.noMatchingMembers')} exportName={exportName}
      getRowId={(m) => `${m.id}`}
      rowProps={(m) => ({ 'data-testid': 'member-row', 'data-id': m.id, 'data-email': m.userEmail, className: m.inherited ? 'is-inherited' : undefined })} />
  );
}

/** Add User and Invite User, each only with the module's add_membership / invite link. */
function MemberControls({ links, onOpen }) {
  if (!(links.add_membership || links.invite)) return null;
  return (
    <>
      {links.add_membership && (
        <button type="button" className="btn btn--primary btn--small" data-testid="add-user" onClick={() => onOpen({ kind: 'add' })}>
          {links.add_membership.label || t('members.addUser')}
        </button>
      )}
      {links.invite && (
        <button type="button" className="btn btn--small" data-testid="invite-user" onClick={() => onOpen({ kind: 'invite' })}>
          {links.invite.label || t('members.inviteUser')}
        </button>
      )}
    </>
  );
}

/**
 * The members of a module (spec §2 Members table): ID, avatar, User, Role, Admin?, Email, with add user
 * and invite user (shown only with the module's add_membership / invite links), an edit form per member
 * (its edit link) and a delete (its delete link). The list is paged, sorted and searched (name or e-mail) by
 * the server: direct memberships first, then inherited ones. `split` shows the admins first (from the
 * module's own memberships: few, and the API has no admin filter), then everyone.
 */
export default function MembersPanel({ module, split = false, onChanged, title = t('members.members') }) {
  const paged = usePagedList(listMembers, { perPage: 10 }, [module.id]);
  const { status, data, error, reload, setData } = paged;
  const [dialog, setDialog] = useState(null);
  const [invited, setInvited] = useState(0); // a new invitation: the pending list reads again
  const links = module.links || {};
  const members = (data && data.list) || [];
  const changed = () => { reload(); if (onChanged) onChanged(); };
  const del = useConfirmAction(async (m) => {
    await deleteMember(m);
    setData({ ...data, list: data.list.filter((x) => x.id !== m.id) });
    changed();
  });
  const done = (kind, item) => { // the dialog closes itself; its toast says what was done
    if (kind === 'invite') setInvited((n) => n + 1);
    if (kind === 'edit' && item && item.id) setData({ ...data, list: members.map((x) => (x.id === item.id ? { ...x, ...item } : x)) });
    changed();
  };

  const ancestors = useMemo(() => Object.fromEntries((module.fullPath || []).map((a) => [a.id, a.name])), [module.fullPath]);
  const admins = useMemo(() => (module.memberships || []).filter((m) => m.admin), [module.memberships]);
  const edit = useCallback((member) => setDialog({ kind: 'edit', member }), []);
  const columns = useMemberColumns(ancestors, edit, del.ask);

  if (status === 'loading' || status === 'idle') return <Loading inline />;
  if (status === 'failed') return <div className="form__error" role="alert">{error}</div>;
  const server = tableServer(paged);
  const controls = links.add_membership || links.invite ? <MemberControls links={links} onOpen={setDialog} /> : null;
  return (
    <div className="members-panel" data-testid="members-panel">
      {split ? (
        <>
          <div className="members-panel__head">
            <h2 className="section-title">{t('members.adminMembers')}</h2>
            <div className="members-panel__controls">{controls}</div>
          </div>
          <MembersTable members={admins} columns={columns} testId="admin-members-table" emptyText={t('members.noAdminMembers')} search={false} filters={false} pageSize={5}
            exportName={['admin-members', module.name]} />
          <h2 className="section-title">{t('members.allMembers')}</h2>
          <MembersTable members={members} columns={columns} testId="members-table" emptyText={t('members.noMembers')} server={server}
            exportName={['members', module.name]} />
        </>
      ) : (
        <>
          <h2 className="section-title">{title}</h2>
          <MembersTable members={members} columns={columns} testId="members-table" emptyText={t('members.noMembers')} toolbar={controls} server={server}
            exportName={['members', module.name]} />
        </>
      )}
      {error && <div className="form__error" role="alert">{error}</div>}
      {links.invite && <PendingInvitations module={module} version={invited} />}
      <MemberDialogs dialog={dialog} links={links} onClose={() => setDialog(null)} onDone={done} />
      {del.target && (
        <ConfirmDialog title={t('members.removeMember')} detail={`${del.target.name} (${del.target.userEmail})`} confirmLabel={t('common.remove')}
          action={del} />
      )}
    </div>
  );
}
