import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import Field from '../../components/Field.jsx';
import { errorMessage } from '../../lib/errors.js';
import AuthShell from './AuthShell.jsx';
import { getSignInOptions, startSingleSignOn } from './api.js';
import { clearError, login } from './authSlice.js';
import LinkStep from './LinkStep.jsx';
import MfaStep from './MfaStep.jsx';
import useCheckedForm from './useCheckedForm.js';
import { validateLogin } from '../../lib/validation.js';
import { t } from '../../lib/i18n.js';

/** 'Sign in with {provider}' when the host's brand has single sign-on: off to the provider (PKCE, state, nonce). */
function SsoButton({ name }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const go = () => {
    setBusy(true);
    startSingleSignOn().then((url) => { window.location.assign(url); }, (err) => {
      setBusy(false);
      setError(errorMessage(err));
    });
  };
  return (
    <div className="auth__sso">
      <button type="button" className="btn btn--block" onClick={go} disabled={busy} data-testid="sso-button">
        {t('auth.signInWith', { name })}
      </button>
      {error && <div className="form__error" role="alert">{error}</div>}
    </div>
  );
}

function PasswordForm() {
  const dispatch = useDispatch();
  const { error, loading } = useSelector((s) => s.auth);
  const location = useLocation();
  const navigate = useNavigate();
  const { values, errors, change, check } = useCheckedForm({ username: '', password: '' }, validateLogin,
    () => { if (error) dispatch(clearError()); });

  const submit = (e) => {
    e.preventDefault();
    if (!check()) return;
    // Signing in at /login or /logout lands on the home page; anywhere else stays where it was asked.
    if (location.pathname === '/logout' || location.pathname === '/login') navigate('/', { replace: true });
    dispatch(login({ username: values.username.trim(), password: values.password.trim() }));
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('auth.signIn')}>
      <Field id="login-username" label={t('auth.username')} error={errors.username}>
        <input id="login-username" name="username" type="email" autoComplete="username"
          placeholder="name@example.org" value={values.username} onChange={change} />
      </Field>
      <Field id="login-password" label={t('auth.password')} error={errors.password}>
        <input id="login-password" name="password" type="password" autoComplete="current-password"
          value={values.password} onChange={change} />
      </Field>
      <button type="submit" className="btn btn--primary btn--block" disabled={loading}>
        {loading ? t('auth.signingIn') : t('auth.signIn')}
      </button>
      {error && <div className="form__error" role="alert" data-testid="login-error">{error}</div>}
      <div className="auth__links">
        <Link to="/forgot-password">{t('auth.forgotPassword')}</Link>
      </div>
    </form>
  );
}

export default function LoginPage() {
  const dispatch = useDispatch();
  const mfa = useSelector((s) => s.auth.mfa);
  const link = useSelector((s) => s.auth.link);
  const [options, setOptions] = useState({ sso: null, passwordLogin: true });
  useEffect(() => () => dispatch(clearError()), [dispatch]);
  useEffect(() => {
    getSignInOptions().then(setOptions, () => {});
  }, []);
  return (
    <AuthShell title={(mfa && t('auth.twoFactorSignIn')) || (link && t('auth.linkSso')) || t('auth.signIn')}>
      {mfa && <MfaStep />}
      {link && !mfa && <LinkStep />}
      {!mfa && !link && (
        <>
          {options.sso && <SsoButton name={options.sso.name} />}
          {options.passwordLogin && <PasswordForm />}
        </>
      )}
    </AuthShell>
  );
}
