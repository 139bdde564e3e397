import { useState } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { acceptInvitationSignedIn } from './api.js';
import useInvitation, { invitationProblem } from './useInvitation.js';
import { t } from '../../lib/i18n.js';

const BASES = { peb: 'peb', calibr: 'calibr' };

/** Accept invitation (for the signed-in address): then a link to the portal it opened. */
function AcceptSignedIn({ token, notice }) {
  const [accepting, setAccepting] = useState({ status: 'idle', message: null, link: null });
  const accept = () => {
    setAccepting({ status: 'sending', message: null, link: null });
    acceptInvitationSignedIn(token)
      .then((data) => setAccepting({ status: 'done', message: data.message, link: `/${BASES[data.platform] || 'portal'}/${data.moduleId}` }))
      .catch((err) => setAccepting({ status: 'failed', message: invitationProblem(err), link: null }));
  };
  if (accepting.status === 'done') {
    return (
      <div className="form__message--info" role="status" data-testid="invitation-accepted">
        {accepting.message}. <Link to={accepting.link}>{t('auth.openIt')}</Link>
      </div>
    );
  }
  return (
    <>
      {notice}
      {accepting.status === 'failed' && <div className="form__error" role="alert">{accepting.message}</div>}
      <div className="form__actions" style={{ justifyContent: 'flex-start', marginTop: 12 }}>
        <button type="button" className="btn btn--primary" data-testid="invitation-accept"
          disabled={accepting.status === 'sending'} onClick={accept}>
          {accepting.status === 'sending' ? t('auth.accepting') : t('auth.acceptInvitation')}
        </button>
      </div>
    </>
  );
}

function InvitationBody({ invite, me }) {
  if (invite.status === 'missing') return <div className="form__error" role="alert">{t('auth.invitationLinkMissing')}</div>;
  if (invite.status === 'loading') return <p className="muted">{t('auth.checkingInvitation')}</p>;
  if (invite.status === 'bad') return <div className="form__error" role="alert" data-testid="invitation-error">{invite.error}</div>;
  const mine = me && me.email && me.email.toLowerCase() === String(invite.item.email).toLowerCase();
  const notice = (
    <div className="form__message--info" role="status" data-testid="invitation-signed-in">
      {t('auth.invitationFor', { module: <strong key="module">{invite.item.moduleName}</strong>, email: <strong key="email">{invite.item.email}</strong> })}
      {' '}{t('auth.signedInAs', { email: <strong key="me">{me ? me.email : '…'}</strong> })}
      {mine ? '' : ` ${t('auth.signOutFirst')}`}
    </div>
  );
  return mine ? <AcceptSignedIn token={invite.token} notice={notice} /> : notice;
}

/**
 * /invitation while signed in: an invitation for the signed-in address is accepted here at once; one for
 * another address says who is signed in and offers to sign out.
 */
export default function SignedInInvitation() {
  const me = useSelector((s) => s.user.item);
  const invite = useInvitation();
  return (
    <div className="page" style={{ maxWidth: 640 }}>
      <h1 className="page__title">{t('auth.invitation')}</h1>
      <InvitationBody invite={invite} me={me} />
      <div className="form__actions" style={{ justifyContent: 'flex-start', marginTop: 16 }}>
        <Link className="btn btn--primary" to="/logout">{t('auth.signOut')}</Link>
        <Link className="btn" to="/">{t('auth.myPortals')}</Link>
      </div>
    </div>
  );
}
