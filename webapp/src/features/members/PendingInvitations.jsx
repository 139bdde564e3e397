import { useCallback, useMemo, useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import DataTable from '../../components/DataTable.jsx';
import DateTime from '../../components/DateTime.jsx';
import EmailText from '../../components/EmailText.jsx';
import useConfirmAction from '../../hooks/useConfirmAction.js';
import useFetch from '../../hooks/useFetch.js';
import { formatDate } from '../../lib/dates.js';
import { errorMessage } from '../../lib/errors.js';
import { formatNumber, t } from '../../lib/i18n.js';
import { listInvitations, resendInvitation, revokeInvitation } from './api.js';

function InvitationActions({ inv, onResend, onRevoke }) {
  return (
    <span className="cf-actions">
      {inv.links.resend && (
        <button type="button" className="btn btn--tiny" onClick={() => onResend(inv)} data-testid="invitation-resend">{t('members.resend')}</button>
      )}
      {inv.links.revoke && (
        <button type="button" className="btn btn--tiny btn--danger-outline" onClick={() => onRevoke(inv)} data-testid="invitation-revoke">
          {t('members.revoke')}
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
      setNotice(t('members.invitationResent', { email: item.email }));
      reload();
    } catch (err) {
      setNotice(errorMessage(err));
    }
  }, [reload]);
  const { ask } = revoke;
  const columns = useMemo(() => [
    { Header: t('members.address'), accessor: 'email', Cell: ({ value }) => <EmailText value={value} /> },
    { Header: t('members.invitedBy'), accessor: (i) => i.invitedBy || '', id: 'invitedBy' },
    { Header: t('members.date'), accessor: 'created', Cell: ({ value }) => <DateTime value={value} />, csv: (i) => i.created },
    { Header: t('members.expires'), id: 'expires', accessor: 'expires', filter: false,
      Cell: ({ row }) => (row.original.expired ? <span className="tag tag--warn">{t('members.expired')}</span> : formatDate(row.original.expires)) },
    { Header: '', id: 'actions', disableSortBy: true, filter: false, csv: false,
      Cell: ({ row }) => <InvitationActions inv={row.original} onResend={resend} onRevoke={ask} /> },
  ], [ask, resend]);
  if (status !== 'succeeded' && status !== 'reloading') return null;
  if (!data.length) return null;
  return (
    <section className="members-pending" data-testid="pending-invitations" aria-label={t('members.pendingInvitations')}>
      <h2 className="section-title">{t('members.pendingInvitations')} <span className="count">{formatNumber(data.length)}</span></h2>
      {notice && <p className="form__message--info" role="status">{notice}</p>}
      <DataTable columns={columns} data={data} testId="invitations-table" emptyText={t('members.noPendingInvitations')} search={false} filters={false}
        pageSize={5} exportName={['invitations', module.name]} rowProps={(i) => ({ 'data-testid': 'invitation-row', 'data-email': i.email })} />
      {revoke.target && (
        <ConfirmDialog title={t('members.revokeInvitation')} question={t('members.revokeQuestion')} detail={revoke.target.email}
          confirmLabel={t('members.revoke')} action={revoke} />
      )}
    </section>
  );
}
