import { useEffect, useMemo, useRef, useState } from 'react';
import Avatar from '../../components/Avatar.jsx';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import DataTable from '../../components/DataTable.jsx';
import DynamicForm from '../../components/DynamicForm.jsx';
import FormDialog from '../../components/FormDialog.jsx';
import Loading from '../../components/Loading.jsx';
import Modal from '../../components/Modal.jsx';
import api, { errorMessage } from '../../lib/apiClient.js';
import useFetch, { pickList } from '../../lib/useFetch.js';
import { RIGHTS, memberBadge, memberEditForm, yesNo } from './members.js';
import './members.css';

const BADGE_CLASS = { 'Super Admin': 'badge--super', Admin: 'badge--admin', Editor: 'badge--editor', Viewer: 'badge--viewer' };

export function MemberBadge({ member }) {
  const text = memberBadge(member);
  if (!text) return null;
  return <span className={`member-badge ${BADGE_CLASS[text]}`} data-testid="member-badge">{text}</span>;
}

/**
 * The avatar with its popover: name, '(Admin)', role, email, organisation, YES/NO for each right.
 * Hover or focus shows it, a click pins it; fixed coordinates keep a scrolling table from clipping it.
 */
export function MemberAvatar({ member }) {
  const [pinned, setPinned] = useState(false);
  const [hover, setHover] = useState(false);
  const [pos, setPos] = useState(null);
  const ref = useRef(null);
  const open = pinned || hover;
  useEffect(() => {
    if (!pinned) return undefined;
    const away = (e) => { if (ref.current && !ref.current.contains(e.target)) setPinned(false); };
    const key = (e) => { if (e.key === 'Escape') setPinned(false); };
    const close = () => setPinned(false);
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', key);
    window.addEventListener('scroll', close, true);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', key);
      window.removeEventListener('scroll', close, true);
    };
  }, [pinned]);
  const place = () => {
    if (!ref.current) return;
    const r = ref.current.getBoundingClientRect();
    const below = window.innerHeight - r.bottom > 230;
    setPos(below ? { top: r.bottom + 6, left: r.left } : { bottom: window.innerHeight - r.top + 6, left: r.left });
  };
  const m = member;
  return (
    <span className="member-pop" ref={ref}
      onMouseEnter={() => { place(); setHover(true); }} onMouseLeave={() => setHover(false)}>
      <button type="button" className="member-pop__trigger" aria-expanded={open} aria-label={`About ${m.name}`}
        onFocus={() => { place(); setHover(true); }} onBlur={() => setHover(false)}
        onClick={() => { place(); setPinned((p) => !p); }} data-testid="member-avatar">
        <Avatar name={m.name || m.userName} size={30} src={m.avatar || null} title={m.name} />
      </button>
      {open && pos && (
        <span className="member-pop__card" role="tooltip" data-testid="member-popover" style={pos}>
          <span className="member-pop__name">
            {m.name}{m.admin && <span className="member-pop__admin"> (Admin)</span>}
          </span>
          <span className="member-pop__row"><span>Role</span>{m.role || '—'}</span>
          <span className="member-pop__row"><span>Email</span>{m.userEmail || m.userName}</span>
          <span className="member-pop__row"><span>Organisation</span>{m.organisation || '—'}</span>
          <span className="member-pop__rights">
            {RIGHTS.map(([label, key]) => (
              <span key={key} className={m[key] ? 'member-pop__right is-yes' : 'member-pop__right'} data-testid={`right-${label}`}>
                <span>{label}</span><strong>{yesNo(m[key])}</strong>
              </span>
            ))}
          </span>
        </span>
      )}
    </span>
  );
}

/** The member edit form from the membership's edit link, sending allowView on and role 'User' (spec §6). */
export function EditMemberDialog({ member, onClose, onSaved }) {
  const [form, setForm] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    let live = true;
    api.get(member.links.edit.url)
      .then((res) => { if (live) setForm(memberEditForm(res.data)); })
      .catch((err) => { if (live) setError(errorMessage(err)); });
    return () => { live = false; };
  }, [member]);
  return (
    <Modal title={`Edit ${member.name}`} onClose={onClose}>
      {error && <div className="form__error" role="alert">Error: {error}</div>}
      {!error && !form && <Loading inline />}
      {form && (
        <>
          <p className="member-edit__note muted">Saving sets the role to &lsquo;User&rsquo; and keeps View on.</p>
          <DynamicForm form={form} onCancel={onClose} onSuccess={onSaved} testId="member-edit-form" />
        </>
      )}
    </Modal>
  );
}

function MembersTable({ members, columns, testId, emptyText, toolbar, search = true, filters = true, pageSize = 10 }) {
  return (
    <DataTable columns={columns} data={members} testId={testId} emptyText={emptyText} toolbar={toolbar} search={search} filters={filters} pageSize={pageSize}
      getRowId={(m) => `${m.id}`}
      rowProps={(m) => ({ 'data-testid': 'member-row', 'data-id': m.id, 'data-email': m.userEmail, className: m.inherited ? 'is-inherited' : undefined })} />
  );
}

/**
 * The members of a module (spec §2 Members table): ID, avatar, User, Role, Admin?, Email, with add user
 * and invite user (shown only with the module's add_membership / invite links), an edit form per member
 * (its edit link) and a delete (its delete link). `split` shows the admins first, then everyone.
 */
export default function MembersPanel({ module, split = false, onChanged, title = 'Members' }) {
  const url = `/api/membership/list/${module.id}`;
  const { status, data, error, reload, setData } = useFetch(url, pickList);
  const [dialog, setDialog] = useState(null);
  const [del, setDel] = useState(null);
  const [notice, setNotice] = useState(null);
  const links = module.links || {};

  const ancestors = useMemo(() => {
    const map = {};
    (module.fullPath || []).forEach((a) => { map[a.id] = a.name; });
    return map;
  }, [module.fullPath]);

  const changed = () => { reload(); if (onChanged) onChanged(); };

  const confirmDelete = async () => {
    const m = del.member;
    setDel({ member: m, busy: true });
    try {
      await api.delete(m.links.delete.url);
      setDel(null);
      setData((data || []).filter((x) => x.id !== m.id));
      changed();
    } catch (err) {
      setDel({ member: m, busy: false, error: errorMessage(err) });
    }
  };

  const columns = useMemo(() => [
    { Header: 'ID', accessor: 'id', filter: 'range', width: 70, className: 'muted' },
    { Header: '', id: 'avatar', Cell: ({ row }) => <MemberAvatar member={row.original} />, width: 50 },
    {
      Header: 'User',
      accessor: 'name',
      searchText: (v, m) => `${v} ${memberBadge(m)}`,
      Cell: ({ row }) => {
        const m = row.original;
        return (
          <span className="member-user">
            <span className="member-user__name" data-testid="member-name">{m.name}</span>
            <MemberBadge member={m} />
            {m.inherited && (
              <span className="member-user__from muted" data-testid="member-inherited">
                inherited{ancestors[m.moduleId] ? ` from ${ancestors[m.moduleId]}` : ''}
              </span>
            )}
          </span>
        );
      },
    },
    { Header: 'Role', accessor: (m) => m.role || '', id: 'role' },
    {
      Header: 'Admin?', id: 'admin', accessor: (m) => yesNo(m.admin), width: 80,
      Cell: ({ value }) => <span className={value === 'YES' ? 'yes' : 'no'} data-testid="member-admin">{value}</span>,
    },
    { Header: 'Email', accessor: (m) => m.userEmail || m.userName || '', id: 'email' },
    {
      Header: '',
      id: 'actions',
      className: 'member-actions',
      Cell: ({ row }) => {
        const m = row.original;
        const l = m.links || {};
        return (
          <span className="row-actions">
            {l.edit && (
              <button type="button" className="btn btn--tiny" data-testid="member-edit" onClick={() => setDialog({ kind: 'edit', member: m })}>
                Edit
              </button>
            )}
            {l.delete && (
              <button type="button" className="btn btn--tiny btn--danger-outline" data-testid="member-delete" onClick={() => setDel({ member: m })}>
                Delete
              </button>
            )}
          </span>
        );
      },
    },
  ], [ancestors]);

  if (status === 'loading' || status === 'idle') return <Loading inline />;
  if (status === 'failed') return <div className="form__error" role="alert">{error}</div>;

  const members = data || [];
  const controls = (links.add_membership || links.invite) ? (
    <>
      {links.add_membership && (
        <button type="button" className="btn btn--primary btn--small" data-testid="add-user" onClick={() => setDialog({ kind: 'add' })}>
          {links.add_membership.label || 'Add User'}
        </button>
      )}
      {links.invite && (
        <button type="button" className="btn btn--small" data-testid="invite-user" onClick={() => setDialog({ kind: 'invite' })}>
          {links.invite.label || 'Invite User'}
        </button>
      )}
    </>
  ) : null;

  return (
    <div className="members-panel" data-testid="members-panel">
      {split ? (
        <>
          <div className="members-panel__head">
            <h2 className="section-title">Admin members</h2>
            <div className="members-panel__controls">{controls}</div>
          </div>
          <MembersTable members={members.filter((m) => m.admin)} columns={columns} testId="admin-members-table"
            emptyText="No admin members" search={false} filters={false} pageSize={5} />
          <h2 className="section-title">All members</h2>
          <MembersTable members={members} columns={columns} testId="members-table" emptyText="No members yet" />
        </>
      ) : (
        <>
          <h2 className="section-title">{title}</h2>
          <MembersTable members={members} columns={columns} testId="members-table" emptyText="No members yet" toolbar={controls} />
        </>
      )}

      {dialog && dialog.kind === 'add' && (
        <FormDialog title="Add User" url={links.add_membership.url} submitLabel="Add" onClose={() => setDialog(null)}
          onSuccess={() => { setDialog(null); changed(); }} />
      )}
      {dialog && dialog.kind === 'invite' && (
        <FormDialog title="Invite User" url={links.invite.url} submitLabel="Send invitation" onClose={() => setDialog(null)}
          onSuccess={(item, res) => { setDialog(null); setNotice((res && res.message) || 'The invitation has been sent'); changed(); }} />
      )}
      {dialog && dialog.kind === 'edit' && (
        <EditMemberDialog member={dialog.member} onClose={() => setDialog(null)}
          onSaved={(item) => {
            setDialog(null);
            if (item && item.id) setData(members.map((x) => (x.id === item.id ? { ...x, ...item } : x)));
            changed();
          }} />
      )}
      {del && (
        <ConfirmDialog title="Remove member" detail={`${del.member.name} (${del.member.userEmail})`} busy={del.busy}
          error={del.error} confirmLabel="Remove" onConfirm={confirmDelete} onCancel={() => setDel(null)} />
      )}
      {notice && (
        <Modal title="SUCCESS" onClose={() => setNotice(null)}
          footer={<button type="button" className="btn btn--primary" onClick={() => setNotice(null)}>Ok</button>}>
          <p data-testid="invite-notice">{notice}</p>
        </Modal>
      )}
    </div>
  );
}
