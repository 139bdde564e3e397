import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import AuthShell from './AuthShell.jsx';
import { loginWithSso } from './authSlice.js';
import { t } from '../../lib/i18n.js';

/** /sso/callback: the identity provider sends the browser back here with code and state; the API finishes the
 *  sign-in (state, PKCE, the ID token checked there). */
export default function SsoCallbackPage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { error } = useSelector((s) => s.auth);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const q = new URLSearchParams(search);
    dispatch(loginWithSso({ code: q.get('code') || '', state: q.get('state') || '' })).then((a) => {
      if (!a.error) navigate('/', { replace: true });
    });
  }, [dispatch, navigate, search]);
  return (
    <AuthShell title={t('auth.singleSignOn')}>
      {error ? (
        <>
          <div className="form__error" role="alert" data-testid="login-error">{error}</div>
          <div className="auth__links"><Link to="/login">{t('auth.backToSignIn')}</Link></div>
        </>
      ) : <p className="muted">{t('auth.signingYouIn')}</p>}
    </AuthShell>
  );
}
