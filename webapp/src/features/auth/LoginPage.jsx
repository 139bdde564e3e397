import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import AuthShell from './AuthShell.jsx';
import { clearError, login } from './authSlice.js';
import { validateLogin } from '../../lib/validation.js';

export default function LoginPage() {
  const dispatch = useDispatch();
  const { error, loading } = useSelector((s) => s.auth);
  const location = useLocation();
  const navigate = useNavigate();
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState({});
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => () => dispatch(clearError()), [dispatch]);

  const change = (e) => {
    const next = { ...values, [e.target.name]: e.target.value };
    setValues(next);
    if (submitted) setErrors(validateLogin(next));
    if (error) dispatch(clearError());
  };

  const submit = (e) => {
    e.preventDefault();
    setSubmitted(true);
    const errs = validateLogin(values);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    // Signing in at /login or /logout lands on the home page; anywhere else stays where it was asked.
    if (location.pathname === '/logout' || location.pathname === '/login') navigate('/', { replace: true });
    dispatch(login({ username: values.username.trim(), password: values.password.trim() }));
  };

  return (
    <AuthShell title="Sign in">
      <form className="form" onSubmit={submit} noValidate aria-label="Sign in">
        <div className={errors.username ? 'field field--error' : 'field'}>
          <label htmlFor="login-username">Username</label>
          <input id="login-username" name="username" type="email" autoComplete="username"
            placeholder="name@example.org" value={values.username} onChange={change} />
          {errors.username && <div className="field__error">{errors.username}</div>}
        </div>
        <div className={errors.password ? 'field field--error' : 'field'}>
          <label htmlFor="login-password">Password</label>
          <input id="login-password" name="password" type="password" autoComplete="current-password"
            value={values.password} onChange={change} />
          {errors.password && <div className="field__error">{errors.password}</div>}
        </div>
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
