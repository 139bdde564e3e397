import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import AuthShell from './AuthShell.jsx';
import { checkAuthState } from './authSlice.js';
import api, { errorMessage, fieldErrors } from '../../lib/apiClient.js';
import { writeSession } from '../../lib/session.js';
import { validateReset } from '../../lib/validation.js';

/** The message for an invitation link the server refuses (404 forged, 410 used or expired). */
export function invitationProblem(err) {
  const status = err && err.response && err.response.status;
  if (status === 404) return 'This invitation link is not valid. Check that you opened the whole link from the e-mail, or ask for a new invitation.';
  if (status === 410) return errorMessage(err, 'This invitation can no longer be used.');
  return errorMessage(err, 'The invitation could not be read. Please try again.');
}

/** What the invitation link stands for: {status: missing | loading | ok | bad, item, error}. */
function useInvitation(token) {
  const [invite, setInvite] = useState({ status: token ? 'loading' : 'missing', item: null, error: null });
  useEffect(() => {
    if (!token) return undefined;
    let live = true;
    api.get('/api/invitation/view', { params: { token } })
      .then((r) => { if (live) setInvite({ status: 'ok', item: r.data.item, error: null }); })
      .catch((err) => { if (live) setInvite({ status: 'bad', item: null, error: invitationProblem(err) }); });
    return () => { live = false; };
  }, [token]);
  return invite;
}

/**
 * /invitation?token=...: Create Account from an invitation e-mail (name, password, repeat; the rules of the
 * reset-password form). Accepting signs in and lands on the portal list with the new membership. An
 * invitation for an existing account says to sign in instead; a used, expired or forged link says so.
 */
export default function InvitationPage() {
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token') || '';
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const invite = useInvitation(token);
  const [values, setValues] = useState({ name: '', password: '', repeat: '' });
  const [errors, setErrors] = useState({});
  const [submitted, setSubmitted] = useState(false);
  const [send, setSend] = useState({ busy: false, error: null });


  const check = (v) => {
    const errs = validateReset(v);
    if (!v.name.trim()) errs.name = 'Name is required';
    return errs;
  };
  const change = (e) => {
    const next = { ...values, [e.target.name]: e.target.value };
    setValues(next);
    if (submitted) setErrors(check(next));
    setSend({ busy: false, error: null });
  };
  const submit = async (e) => {
    e.preventDefault();
    setSubmitted(true);
    const errs = check(values);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    const fd = new FormData();
    fd.append('token', token);
    fd.append('name', values.name.trim());
    fd.append('password[first]', values.password);
    fd.append('password[second]', values.repeat);
    setSend({ busy: true, error: null });
    try {
      const res = await api.post('/api/invitation/accept', fd);
      const { token: session, expiresIn } = res.data;
      writeSession(session, new Date(Date.now() + Number(expiresIn) * 1000));
      navigate('/', { replace: true });
      dispatch(checkAuthState());
    } catch (err) {
      const status = err.response && err.response.status;
      const fe = fieldErrors(err);
      const mapped = {};
      if (fe.name) mapped.name = [].concat(fe.name).join(' ');
      if (fe['password[first]']) mapped.password = [].concat(fe['password[first]']).join(' ');
      if (fe['password[second]']) mapped.repeat = [].concat(fe['password[second]']).join(' ');
      setErrors(mapped);
      const text = status === 404 || status === 410 ? invitationProblem(err) : (Object.keys(mapped).length ? null : errorMessage(err));
      setSend({ busy: false, error: text });
    }
  };

  let body;
  if (invite.status === 'missing') {
    body = (
      <div className="form__error" role="alert" data-testid="invitation-error">
        This page needs the link from your invitation e-mail.
      </div>
    );
  } else if (invite.status === 'loading') {
    body = <p className="muted">Checking your invitation…</p>;
  } else if (invite.status === 'bad') {
    body = <div className="form__error" role="alert" data-testid="invitation-error">{invite.error}</div>;
  } else if (invite.item.existingAccount) {
    body = (
      <div className="form__message--info" role="status" data-testid="invitation-existing">
        An account already exists for <strong>{invite.item.email}</strong>. Sign in with this address to join
        &lsquo;{invite.item.moduleName}&rsquo;: the invitation is accepted when you sign in.
        <div className="auth__links"><Link to="/login" className="btn btn--primary">Sign in</Link></div>
      </div>
    );
  } else {
    const field = (name, label, type, auto) => (
      <div className={errors[name] ? 'field field--error' : 'field'}>
        <label htmlFor={`invite-${name}`}>{label}</label>
        <input id={`invite-${name}`} name={name} type={type} autoComplete={auto} value={values[name]} onChange={change}
          disabled={send.busy} />
        {errors[name] && <div className="field__error">{errors[name]}</div>}
      </div>
    );
    body = (
      <form className="form" onSubmit={submit} noValidate aria-label="Create account" data-testid="invitation-form">
        <p className="muted" data-testid="invitation-info">
          {invite.item.invitedBy ? `${invite.item.invitedBy} invites you` : 'You are invited'} to join
          {' '}<strong>{invite.item.moduleName}</strong>.
        </p>
        <div className="field">
          <label htmlFor="invite-email">Email</label>
          <input id="invite-email" type="email" value={invite.item.email} disabled readOnly />
        </div>
        {field('name', 'Name', 'text', 'name')}
        {field('password', 'Password', 'password', 'new-password')}
        {field('repeat', 'Repeat password', 'password', 'new-password')}
        <button type="submit" className="btn btn--primary btn--block" disabled={send.busy}>
          {send.busy ? 'Creating...' : 'Create Account'}
        </button>
        {send.error && <div className="form__error" role="alert">{send.error}</div>}
      </form>
    );
  }
  return (
    <AuthShell title="Create Account">
      {body}
      <div className="auth__links"><Link to="/login">Already have an account? Sign in</Link></div>
    </AuthShell>
  );
}

/**
 * /invitation while signed in: an invitation for the signed-in address is accepted here at once; one for
 * another address says who is signed in and offers to sign out.
 */
export function SignedInInvitation() {
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token') || '';
  const me = useSelector((s) => s.user.item);
  const invite = useInvitation(token);
  const [accepting, setAccepting] = useState({ status: 'idle', message: null, link: null });
  const accept = () => {
    setAccepting({ status: 'sending', message: null, link: null });
    api.post('/api/invitation/accept-signed-in', { token })
      .then((r) => {
        const base = { peb: 'peb', calibr: 'calibr' }[r.data.platform] || 'portal';
        setAccepting({ status: 'done', message: r.data.message, link: `/${base}/${r.data.moduleId}` });
      })
      .catch((err) => setAccepting({ status: 'failed', message: invitationProblem(err), link: null }));
  };
  let body;
  if (invite.status === 'missing') body = <div className="form__error" role="alert">This page needs the link from your invitation e-mail.</div>;
  else if (invite.status === 'loading') body = <p className="muted">Checking your invitation…</p>;
  else if (invite.status === 'bad') body = <div className="form__error" role="alert" data-testid="invitation-error">{invite.error}</div>;
  else {
    const mine = me && me.email && me.email.toLowerCase() === String(invite.item.email).toLowerCase();
    body = (
      <div className="form__message--info" role="status" data-testid="invitation-signed-in">
        This invitation to join <strong>{invite.item.moduleName}</strong> is for <strong>{invite.item.email}</strong>.
        {' '}You are signed in as <strong>{me ? me.email : '…'}</strong>.
        {mine ? '' : ' Sign out first, then open the link again to accept it with that address.'}
      </div>
    );
    if (mine && accepting.status === 'done') {
      body = (
        <div className="form__message--info" role="status" data-testid="invitation-accepted">
          {accepting.message}. <Link to={accepting.link}>Open it</Link>
        </div>
      );
    } else if (mine) {
      body = (
        <>
          {body}
          {accepting.status === 'failed' && <div className="form__error" role="alert">{accepting.message}</div>}
          <div className="form__actions" style={{ justifyContent: 'flex-start', marginTop: 12 }}>
            <button type="button" className="btn btn--primary" data-testid="invitation-accept"
              disabled={accepting.status === 'sending'} onClick={accept}>
              {accepting.status === 'sending' ? 'Accepting…' : 'Accept invitation'}
            </button>
          </div>
        </>
      );
    }
  }
  return (
    <div className="page" style={{ maxWidth: 640 }}>
      <h1 className="page__title">Invitation</h1>
      {body}
      <div className="form__actions" style={{ justifyContent: 'flex-start', marginTop: 16 }}>
        <Link className="btn btn--primary" to="/logout">Sign out</Link>
        <Link className="btn" to="/">My Portals</Link>
      </div>
    </div>
  );
}
