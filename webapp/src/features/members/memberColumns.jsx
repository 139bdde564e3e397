/** The columns of the members table: ID, avatar (with its popover), User with badge, Role, Admin?, Email, actions. */
import { useMemo } from 'react';
import EmailText from '../../components/EmailText.jsx';
import MemberAvatar from '../../components/MemberAvatar.jsx';
import { memberBadge, yesNo } from './members.js';

const BADGE_CLASS = { 'Super Admin': 'badge--super', Admin: 'badge--admin', Editor: 'badge--editor', Viewer: 'badge--viewer' };

export function MemberBadge({ member }) {
  const text = memberBadge(member);
  if (!text) return null;
  return <span className={`member-badge ${BADGE_CLASS[text]}`} data-testid="member-badge">{text}</span>;
}

function MemberUser({ member: m, from }) {
  return (
    <span className="member-user">
      <span className="member-user__name" data-testid="member-name">{m.name}</span>
      <MemberBadge member={m} />
      {m.inherited && (
        <span className="member-user__from muted" data-testid="member-inherited">
          inherited{from ? ` from ${from}` : ''}
        </span>
      )}
    </span>
  );
}

function MemberActions({ member, onEdit, onDelete }) {
  const l = member.links || {};
  return (
    <span className="row-actions">
      {l.edit && <button type="button" className="btn btn--tiny" data-testid="member-edit" onClick={() => onEdit(member)}>Edit</button>}
      {l.delete && (
        <button type="button" className="btn btn--tiny btn--danger-outline" data-testid="member-delete" onClick={() => onDelete(member)}>
          Delete
        </button>
      )}
    </span>
  );
}

/** `ancestors` names the modules a membership may be inherited from; onEdit/onDelete(member) must be stable. */
export default function useMemberColumns(ancestors, onEdit, onDelete) {
  return useMemo(() => [
    { Header: 'ID', accessor: 'id', filter: 'range', width: 70, className: 'muted' },
    { Header: '', id: 'avatar', Cell: ({ row }) => <MemberAvatar member={row.original} />, width: 50 },
    {
      Header: 'User',
      accessor: 'name',
      held: true,
      sortKey: 'name',
      searchText: (v, m) => `${v} ${memberBadge(m)}`,
      Cell: ({ row }) => <MemberUser member={row.original} from={ancestors[row.original.moduleId]} />,
    },
    { Header: 'Role', accessor: (m) => m.role || '', id: 'role', sortKey: 'role' },
    {
      Header: 'Admin?', id: 'admin', accessor: (m) => yesNo(m.admin), width: 80,
      Cell: ({ value }) => <span className={value === 'YES' ? 'yes' : 'no'} data-testid="member-admin">{value}</span>,
    },
    {
      Header: 'Email', accessor: (m) => m.userEmail || m.userName || '', id: 'email', sortKey: 'email',
      Cell: ({ value }) => <EmailText value={value} />,
    },
    {
      Header: '',
      id: 'actions',
      className: 'member-actions',
      Cell: ({ row }) => <MemberActions member={row.original} onEdit={onEdit} onDelete={onDelete} />,
    },
  ], [ancestors, onEdit, onDelete]);
}
