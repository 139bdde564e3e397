import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useNavigate } from 'react-router-dom';
import Field from '../../components/Field.jsx';
import { errorMessage, fieldErrors, statusOf } from '../../lib/errors.js';
import { writeSession } from '../../lib/session.js';
import { validateReset } from '../../lib/validation.js';
import { acceptInvitation } from './api.js';
import AuthShell from './AuthShell.jsx';
import { checkAuthState } from './authSlice.js';
import useCheckedForm from './useCheckedForm.js';
import useInvitation, { invitationProblem } from './useInvitation.js';

const FIELDS = [['name', 'Name', 'text', 'name'], ['password', 'Password', 'password', 'new-password'],
  ['repeat', 'Repeat password', 'password', 'new-password']];

const rules = (v) => {
  const errs = validateReset(v);
  if (!v.name.trim()) errs.name = 'Name is required';
  return errs;
};

/** The server's field errors of an accept, on the page's fields. */
function acceptErrors(err) {
  const fe = fieldErrors(err);
  const mapped = {};
  if (fe.name) mapped.name = [].concat(fe.name).join(' ');
  if (fe['password[first]']) mapped.password = [].concat(fe['password[first]']).join(' ');
  if (fe['password[second]']) mapped.repeat = [].concat(fe['password[second]']).join(' ');
  return mapped;
}

/** Create Account: name, password and repeat (the rules of the reset-password form); accepting signs in. */
function InvitationForm({ invite }) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [send, setSend] = useState({ busy: false, error: null });
  const { values, errors, setErrors, change, check } = useCheckedForm({ name: '', password: '', repeat: '' }, rules,
    () => setSend({ busy: false, error: null }));
  const submit = async (e) => {
    e.preventDefault();
    if (!check()) return;
    setSend({ busy: true, error: null });
    try {
      const { token: session, expiresIn } = await acceptInvitation({
        token: invite.token, name: values.name.trim(), 'password[first]': values.password, 'password[second]': values.repeat,
      });
      writeSession(session, new Date(Date.now() + Number(expiresIn) * 1000));
      navigate('/', { replace: true });
      dispatch(checkAuthState());
    } catch (err) {
      const mapped = acceptErrors(err);
      setErrors(mapped);
      const status = statusOf(err);
      setSend({ busy: false, error: status === 404 || status === 410 ? invitationProblem(err) : (Object.keys(mapped).length ? null : errorMessage(err)) });
    }
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Create account" data-testid="invitation-form">
      <p className="muted" data-testid="invitation-info">
        {invite.item.invitedBy ? `${invite.item.invitedBy} invites you` : 'You are invited'} to join
        {' '}<strong>{invite.item.moduleName}</strong>.
      </p>
      <Field id="invite-email" label="Email"><input id="invite-email" type="email" value={invite.item.email} disabled readOnly /></Field>
      {FIELDS.map(([name, label, type, auto]) => (
        <Field key={name} id={`invite-${name}`} label={label} error={errors[name]}>
          <input id={`invite-${name}`} name={name} type={type} autoComplete={auto} value={values[name]} onChange={change} disabled={send.busy} />
        </Field>
      ))}
      <button type="submit" className="btn btn--primary btn--block" disabled={send.busy}>
        {send.busy ? 'Creating...' : 'Create Account'}
      </button>
      {send.error && <div className="form__error" role="alert">{send.error}</div>}
    </form>
  );
}

/** An invitation for an address that has an account: sign in with it to accept. */
function ExistingAccount({ item }) {
  return (
    <div className="form__message--info" role="status" data-testid="invitation-existing">
      An account already exists for <strong>{item.email}</strong>. Sign in with this address to join
      &lsquo;{item.moduleName}&rsquo;: the invitation is accepted when you sign in.
      <div className="auth__links"><Link to="/login" className="btn btn--primary">Sign in</Link></div>
    </div>
  );
}

/**
 * /invitation?token=...: Create Account from an invitation e-mail. Accepting signs in and lands on the portal
 * list with the new membership. An invitation for an existing account says to sign in instead; a used,
 * expired or forged link says so.
 */
export default function InvitationPage() {
  const invite = useInvitation();
  let body;
  if (invite.status === 'missing') {
    body = <div className="form__error" role="alert" data-testid="invitation-error">This page needs the link from your invitation e-mail.</div>;
  } else if (invite.status === 'loading') body = <p className="muted">Checking your invitation…</p>;
  else if (invite.status === 'bad') body = <div className="form__error" role="alert" data-testid="invitation-error">{invite.error}</div>;
  else if (invite.item.existingAccount) body = <ExistingAccount item={invite.item} />;
  else body = <InvitationForm invite={invite} />;
  return (
    <AuthShell title="Create Account">
      {body}
      <div className="auth__links"><Link to="/login">Already have an account? Sign in</Link></div>
    </AuthShell>
  );
}
