import { useState } from 'react';
import { Link } from 'react-router-dom';
import AuthShell from './AuthShell.jsx';
import api, { errorMessage } from '../../lib/apiClient.js';
import { validateEmail } from '../../lib/validation.js';

/** /forgot-password: idle, sending, then the server's message (blue) or error (red). */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState(null);
  const [state, setState] = useState({ status: 'idle', message: null, error: null });

  const change = (e) => {
    setEmail(e.target.value);
    setFieldError(null);
    setState({ status: 'idle', message: null, error: null });
  };

  const submit = async (e) => {
    e.preventDefault();
    const err = validateEmail(email);
    setFieldError(err);
    if (err) return;
    setState({ status: 'sending', message: null, error: null });
    try {
      const res = await api.post('/json/forgot-password', { email: email.trim() });
      if (res.data && res.data.error) setState({ status: 'error', message: null, error: res.data.error });
      else setState({ status: 'success', message: (res.data && res.data.message) || 'Done', error: null });
    } catch (ex) {
      setState({ status: 'error', message: null, error: errorMessage(ex) });
    }
  };

  return (
    <AuthShell title="Forgot password">
      <p className="muted">Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      <form className="form" onSubmit={submit} noValidate aria-label="Forgot password">
        <div className={fieldError ? 'field field--error' : 'field'}>
          <label htmlFor="forgot-email">Email</label>
          <input id="forgot-email" name="email" type="email" value={email} onChange={change} autoComplete="email" />
          {fieldError && <div className="field__error">{fieldError}</div>}
        </div>
        <button type="submit" className="btn btn--primary btn--block" disabled={state.status === 'sending'}>
          {state.status === 'sending' ? 'Sending...' : 'Send reset link'}
        </button>
        {state.message && <div className="form__message form__message--info" role="status">{state.message}</div>}
        {state.error && <div className="form__error" role="alert">{state.error}</div>}
        <div className="auth__links"><Link to="/login">Back to sign in</Link></div>
      </form>
    </AuthShell>
  );
}
