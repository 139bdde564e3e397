import { Link } from 'react-router-dom';
import FormStatus from '../../components/FormStatus.jsx';
import { t } from '../../lib/i18n.js';

/** The end of a password form: its submit button (busy text while sending), the outcome, Back to sign in. */
export default function AuthFormEnd({ busy, label, busyLabel, message, error }) {
  return (
    <>
      <button type="submit" className="btn btn--primary btn--block" disabled={busy}>{busy ? busyLabel : label}</button>
      <FormStatus message={message} error={error} />
      <div className="auth__links"><Link to="/login">{t('auth.backToSignIn')}</Link></div>
    </>
  );
}
