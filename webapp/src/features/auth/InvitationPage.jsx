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
import { t } from '../../lib/i18n.js';

const fields = () => [['name', t('common.name'), 'text', 'name'], ['password', t('auth.password'), 'password', 'new-password'],
  ['repeat', t('auth.repeatPassword'), 'password', 'new-password']];

const rules = (v) => {
  const errs = validateReset(v);
  if (!v.name.trim()) errs.name = t('auth.nameRequired');
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
    <form className="form" onSubmit={submit} noValidate aria-label={t('auth.createAccountForm')} data-testid="invitation-form">
      <p className="muted" data-testid="invitation-info">
        {invite.item.invitedBy
          ? t('auth.invitedBy', { name: invite.item.invitedBy, module: <strong key="module">{invite.item.moduleName}</strong> })
          : t('auth.invited', { module: <strong key="module">{invite.item.moduleName}</strong> })}
      </p>
      <Field id="invite-email" label={t('auth.email')}><input id="invite-email" type="email" value={invite.item.email} disabled readOnly /></Field>
      {fields().map(([name, label, type, auto]) => (
        <Field key={name} id={`invite-${name}`} label={label} error={errors[name]}>
          <input id={`invite-${name}`} name={name} type={type} autoComplete={auto} value={values[name]} onChange={change} disabled={send.busy} />
        </Field>
      ))}
      <button type="submit" className="btn btn--primary btn--block" disabled={send.busy}>
        {send.busy ? t('auth.creating') : t('auth.createAccount')}
      </button>
      {send.error && <div className="form__error" role="alert">{send.error}</div>}
    </form>
  );
}

/** An invitation for an address that has an account: sign in with it to accept. */
function ExistingAccount({ item }) {
  return (
    <div className="form__message--info" role="status" data-testid="invitation-existing">
      {t('auth.existingAccount', { email: <strong key="email">{item.email}</strong>, module: item.moduleName })}
      <div className="auth__links"><Link to="/login" className="btn btn--primary">{t('auth.signIn')}</Link></div>
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
    body = <div className="form__error" role="alert" data-testid="invitation-error">{t('auth.invitationLinkMissing')}</div>;
  } else if (invite.status === 'loading') body = <p className="muted">{t('auth.checkingInvitation')}</p>;
  else if (invite.status === 'bad') body = <div className="form__error" role="alert" data-testid="invitation-error">{invite.error}</div>;
  else if (invite.item.existingAccount) body = <ExistingAccount item={invite.item} />;
  else body = <InvitationForm invite={invite} />;
  return (
    <AuthShell title={t('auth.createAccount')}>
      {body}
      <div className="auth__links"><Link to="/login">{t('auth.alreadyHaveAccount')}</Link></div>
    </AuthShell>
  );
}
