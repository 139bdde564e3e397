import { useState } from 'react';
import Field from '../../components/Field.jsx';
import { errorMessage } from '../../lib/errors.js';
import { validateEmail } from '../../lib/validation.js';
import { requestPasswordReset } from './api.js';
import AuthFormEnd from './AuthFormEnd.jsx';
import AuthShell from './AuthShell.jsx';
import { t } from '../../lib/i18n.js';

const IDLE = { status: 'idle', message: null, error: null };

/** /forgot-password: idle, sending, then the server's message (blue) or error (red). */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState(null);
  const [state, setState] = useState(IDLE);

  const change = (e) => {
    setEmail(e.target.value);
    setFieldError(null);
    setState(IDLE);
  };

  const submit = async (e) => {
    e.preventDefault();
    const err = validateEmail(email);
    setFieldError(err);
    if (err) return;
    setState({ status: 'sending', message: null, error: null });
    try {
      const data = await requestPasswordReset(email.trim());
      if (data && data.error) setState({ status: 'error', message: null, error: data.error });
      else setState({ status: 'success', message: (data && data.message) || t('auth.done'), error: null });
    } catch (ex) {
      setState({ status: 'error', message: null, error: errorMessage(ex) });
    }
  };

  return (
    <AuthShell title={t('auth.forgotPasswordTitle')}>
      <p className="muted">{t('auth.forgotPasswordIntro')}</p>
      <form className="form" onSubmit={submit} noValidate aria-label={t('auth.forgotPasswordTitle')}>
        <Field id="forgot-email" label={t('auth.email')} error={fieldError}>
          <input id="forgot-email" name="email" type="email" value={email} onChange={change} autoComplete="email" />
        </Field>
        <AuthFormEnd busy={state.status === 'sending'} label={t('auth.sendResetLink')}
          busyLabel={t('auth.sending')} message={state.message} error={state.error} />
      </form>
    </AuthShell>
  );
}
