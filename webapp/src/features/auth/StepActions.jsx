import { useDispatch, useSelector } from 'react-redux';
import { t } from '../../lib/i18n.js';
import { cancelMfa } from './authSlice.js';

/** The foot of a second sign-in step (a code, a link by password): its button, the server's error, the way back. */
export default function StepActions({ label }) {
  const dispatch = useDispatch();
  const { error, loading } = useSelector((s) => s.auth);
  return (
    <>
      <button type="submit" className="btn btn--primary btn--block" disabled={loading}>
        {loading ? t('auth.checking') : label}
      </button>
      {error && <div className="form__error" role="alert" data-testid="login-error">{error}</div>}
      <div className="auth__links">
        <button type="button" className="btn btn--link" onClick={() => dispatch(cancelMfa())}>{t('auth.backToSignIn')}</button>
      </div>
    </>
  );
}
