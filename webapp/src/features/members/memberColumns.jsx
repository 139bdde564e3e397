/** The columns of the members table: ID, avatar (with its popover), User with badge, Role, Admin?, Email, actions. */
import { useMemo } from 'react';
import EmailText from '../../components/EmailText.jsx';
import MemberAvatar from '../../components/MemberAvatar.jsx';
import { t } from '../../lib/i18n.js';
import { memberBadge, memberBadgeKind, yesNo } from './members.js';

export function MemberBadge({ member }) {
  const text = memberBadge(member);
  if (!text) return null;
  return <span className={`member-badge badge--${memberBadgeKind(member)}`} data-testid="member-badge">{text}</span>;
}

function MemberUser({ member: m, from }) {
  return (
    <span className="member-user">
      <span className="member-user__name" data-testid="member-name">{m.name}</span>
      <MemberBadge member={m} />
      {m.inherited && (
        <span className="member-user__from muted" data-testid="member-inherited">
          {from ? t('members.inheritedFrom', { from }) : t('members.inherited')}
        </span>
      )}
    </span>
  );
}

function MemberActions({ member, onEdit, onDelete }) {
  const l = member.links || {};
  return (
    <span className="row-actions">
      {l.edit && <button type="button" className="btn btn--tiny" data-testid="member-edit" onClick={() => onEdit(member)}>{t('common.edit')}</button>}
      {l.delete && (
        <button type="button" className="btn btn--tiny btn--danger-outline" data-testid="member-delete" onClick={() => onDelete(member)}>
          {t('common.delete')}
        </button>
      )}
    </span>
  );
}

/** `ancestors` names the modules a membership may be inherited from; onEdit/onDelete(member) must be stable. */
export default function useMemberColumns(ancestors, onEdit, onDelete) {
  return useMemo(() => [
    { Header: t('members.id'), accessor: 'id', filter: 'range', width: 70, className: 'muted' },
    { Header: '', id: 'avatar', Cell: ({ row }) => <MemberAvatar member={row.original} />, width: 50 },
    {
      Header: t('members.user'),
      accessor: 'name',
      held: true,
      sortKey: 'name',
      searchText: (v, m) => `${v} ${memberBadge(m)}`,
      Cell: ({ row }) => <MemberUser member={row.original} from={ancestors[row.original.moduleId]} />,
    },
    { Header: t('members.role'), accessor: (m) => m.role || '', id: 'role', sortKey: 'role' },
    {
      Header: t('members.admin'), id: 'admin', accessor: (m) => yesNo(m.admin), width: 80,
      Cell: ({ row, value }) => <span className={row.original.admin ? 'yes' : 'no'} data-testid="member-admin">{value}</span>,
    },
    {
      Header: t('members.email'), accessor: (m) => m.userEmail || m.userName || '', id: 'email', sortKey: 'email',
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
