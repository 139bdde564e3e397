import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import AuthShell from './AuthShell.jsx';
import api, { errorMessage, fieldErrors } from '../../lib/apiClient.js';
import { validateReset } from '../../lib/validation.js';

const F = 'reset_password_form';

/** /reset-password?token=...: new password and repeat (spec §5), posted with the form's CSRF token. */
export default function ResetPasswordPage() {
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token') || '';
  const [csrf, setCsrf] = useState('');
  const [values, setValues] = useState({ password: '', repeat: '' });
  const [errors, setErrors] = useState({});
  const [submitted, setSubmitted] = useState(false);
  const [state, setState] = useState({ status: 'idle', message: null, error: null });

  useEffect(() => {
    let live = true;
    api.get('/api/reset-password', { params: { token } })
      .then((res) => {
        const els = (res.data && res.data.elements) || [];
        const el = els.find((x) => x.name === `${F}[csrf_token]`) || els[1];
        if (live && el) setCsrf(el.value || '');
      })
      .catch(() => { /* reset-password errors are swallowed (spec §8); the submit reports them */ });
    return () => { live = false; };
  }, [token]);

  const change = (e) => {
    const next = { ...values, [e.target.name]: e.target.value };
    setValues(next);
    if (submitted) setErrors(validateReset(next));
    setState({ status: 'idle', message: null, error: null });
  };

  const submit = async (e) => {
    e.preventDefault();
    setSubmitted(true);
    const errs = validateReset(values);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    const fd = new FormData();
    fd.append(`${F}[password][first]`, values.password);
    fd.append(`${F}[password][second]`, values.repeat);
    fd.append(`${F}[token]`, token);
    fd.append(`${F}[csrf_token]`, csrf);
    setState({ status: 'sending', message: null, error: null });
    try {
      const res = await api.post('/api/reset-password', fd);
      setState({ status: 'success', message: (res.data && res.data.message) || 'Your password has been changed', error: null });
    } catch (ex) {
      const fe = fieldErrors(ex);
      const first = Object.values(fe)[0];
      setState({ status: 'error', message: null, error: (first && first[0]) || errorMessage(ex) });
    }
  };

  return (
    <AuthShell title="Choose a new password">
      {!token && <div className="form__error">This page needs the link from the reset e-mail.</div>}
      <form className="form" onSubmit={submit} noValidate aria-label="Reset password">
        <div className={errors.password ? 'field field--error' : 'field'}>
          <label htmlFor="reset-password">New password</label>
          <input id="reset-password" name="password" type="password" autoComplete="new-password"
            value={values.password} onChange={change} />
          {errors.password && <div className="field__error">{errors.password}</div>}
        </div>
        <div className={errors.repeat ? 'field field--error' : 'field'}>
          <label htmlFor="reset-repeat">Repeat password</label>
          <input id="reset-repeat" name="repeat" type="password" autoComplete="new-password"
            value={values.repeat} onChange={change} />
          {errors.repeat && <div className="field__error">{errors.repeat}</div>}
        </div>
        <button type="submit" className="btn btn--primary btn--block" disabled={state.status === 'sending'}>
          {state.status === 'sending' ? 'Saving...' : 'Save new password'}
        </button>
        {state.message && <div className="form__message form__message--info" role="status">{state.message}</div>}
        {state.error && <div className="form__error" role="alert">{state.error}</div>}
        <div className="auth__links"><Link to="/login">Back to sign in</Link></div>
      </form>
    </AuthShell>
  );
}
