import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import Field from '../../components/Field.jsx';
import AuthShell from './AuthShell.jsx';
import { clearError, login } from './authSlice.js';
import useCheckedForm from './useCheckedForm.js';
import { validateLogin } from '../../lib/validation.js';

export default function LoginPage() {
  const dispatch = useDispatch();
  const { error, loading } = useSelector((s) => s.auth);
  const location = useLocation();
  const navigate = useNavigate();
  const { values, errors, change, check } = useCheckedForm({ username: '', password: '' }, validateLogin,
    () => { if (error) dispatch(clearError()); });

  useEffect(() => () => dispatch(clearError()), [dispatch]);

  const submit = (e) => {
    e.preventDefault();
    if (!check()) return;
    // Signing in at /login or /logout lands on the home page; anywhere else stays where it was asked.
    if (location.pathname === '/logout' || location.pathname === '/login') navigate('/', { replace: true });
    dispatch(login({ username: values.username.trim(), password: values.password.trim() }));
  };

  return (
    <AuthShell title="Sign in">
      <form className="form" onSubmit={submit} noValidate aria-label="Sign in">
        <Field id="login-username" label="Username" error={errors.username}>
          <input id="login-username" name="username" type="email" autoComplete="username"
            placeholder="name@example.org" value={values.username} onChange={change} />
        </Field>
        <Field id="login-password" label="Password" error={errors.password}>
          <input id="login-password" name="password" type="password" autoComplete="current-password"
            value={values.password} onChange={change} />
        </Field>
        <button type="submit" className="btn btn--primary btn--block" disabled={loading}>
          {loading ? 'Signing in...' : 'Sign in'}
        </button>
        {error && <div className="form__error" role="alert" data-testid="login-error">{error}</div>}
        <div className="auth__links">
          <Link to="/forgot-password">Forgot your password?</Link>
        </div>
      </form>
    </AuthShell>
  );
}
