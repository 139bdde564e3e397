import { useCallback, useMemo, useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import DataTable from '../../components/DataTable.jsx';
import DateTime from '../../components/DateTime.jsx';
import EmailText from '../../components/EmailText.jsx';
import useConfirmAction from '../../hooks/useConfirmAction.js';
import useFetch from '../../hooks/useFetch.js';
import { formatDate } from '../../lib/dates.js';
import { errorMessage } from '../../lib/errors.js';
import { listInvitations, resendInvitation, revokeInvitation } from './api.js';

function InvitationActions({ inv, onResend, onRevoke }) {
  return (
    <span className="cf-actions">
      {inv.links.resend && (
        <button type="button" className="btn btn--tiny" onClick={() => onResend(inv)} data-testid="invitation-resend">Resend</button>
      )}
      {inv.links.revoke && (
        <button type="button" className="btn btn--tiny btn--danger-outline" onClick={() => onRevoke(inv)} data-testid="invitation-revoke">
          Revoke
        </button>
      )}
    </span>
  );
}

/**
 * The module's invitations nobody has accepted yet (for whoever may invite: the invite link): address, who invited,
 * when, until when, Resend (a new link) and Revoke. `version` reloads it after a new invitation.
 */
export default function PendingInvitations({ module, version = 0 }) {
  const { status, data, reload } = useFetch(listInvitations, [module.id, version]);
  const [notice, setNotice] = useState(null);
  const revoke = useConfirmAction(async (inv) => { await revokeInvitation(inv); reload(); });
  const resend = useCallback(async (inv) => {
    try {
      const item = await resendInvitation(inv);
      setNotice(`The invitation has been sent to ${item.email} again`);
      reload();
    } catch (err) {
      setNotice(errorMessage(err));
    }
  }, [reload]);
  const { ask } = revoke;
  const columns = useMemo(() => [
    { Header: 'Address', accessor: 'email', Cell: ({ value }) => <EmailText value={value} /> },
    { Header: 'Invited by', accessor: (i) => i.invitedBy || '', id: 'invitedBy' },
    { Header: 'Date', accessor: 'created', Cell: ({ value }) => <DateTime value={value} />, csv: (i) => i.created },
    { Header: 'Expires', id: 'expires', accessor: 'expires', filter: false,
      Cell: ({ row }) => (row.original.expired ? <span className="tag tag--warn">Expired</span> : formatDate(row.original.expires)) },
    { Header: '', id: 'actions', disableSortBy: true, filter: false, csv: false,
      Cell: ({ row }) => <InvitationActions inv={row.original} onResend={resend} onRevoke={ask} /> },
  ], [ask, resend]);
  if (status !== 'succeeded' && status !== 'reloading') return null;
  if (!data.length) return null;
  return (
    <section className="members-pending" data-testid="pending-invitations" aria-label="Pending invitations">
      <h2 className="section-title">Pending invitations <span className="count">{data.length}</span></h2>
      {notice && <p className="form__message--info" role="status">{notice}</p>}
      <DataTable columns={columns} data={data} testId="invitations-table" emptyText="No pending invitations" search={false} filters={false}
        pageSize={5} exportName={['invitations', module.name]} rowProps={(i) => ({ 'data-testid': 'invitation-row', 'data-email': i.email })} />
      {revoke.target && (
        <ConfirmDialog title="Revoke invitation" question="The link sent will not work any more." detail={revoke.target.email}
          confirmLabel="Revoke" action={revoke} />
      )}
    </section>
  );
}
