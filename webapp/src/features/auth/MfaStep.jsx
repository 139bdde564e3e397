import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import Field from '../../components/Field.jsx';
import StepActions from './StepActions.jsx';
import QrCode from '../../components/QrCode.jsx';
import { errorMessage } from '../../lib/errors.js';
import { enrolDuringSignIn } from './api.js';
import { loginWithCode } from './authSlice.js';
import { t } from '../../lib/i18n.js';

/** After the password: a user who must have a second factor but has none enrols first (the secret as a QR code
 *  and as text), then types the code of their authenticator app (or a recovery code). */
function Enrolment({ mfaToken }) {
  const [secret, setSecret] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    enrolDuringSignIn(mfaToken).then(setSecret, (err) => setError(errorMessage(err)));
  }, [mfaToken]);
  if (error) return <div className="form__error" role="alert">{error}</div>;
  if (!secret) return <p className="muted">{t('auth.preparingAuthenticator')}</p>;
  return (
    <div className="mfa-enrol">
      <p>{t('auth.mfaNeeded')} {t('auth.scanCode')}</p>
      <QrCode value={secret.otpauthUri} label={t('auth.qrCodeLabel')} />
      <p className="muted">{t('auth.orTypeKey', { key: <code key="key" data-testid="mfa-secret">{secret.secret}</code> })}</p>
    </div>
  );
}

export default function MfaStep() {
  const dispatch = useDispatch();
  const mfa = useSelector((s) => s.auth.mfa);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (e) => {
    e.preventDefault();
    if (!code.trim()) {
      setMissing(true);
      return;
    }
    dispatch(loginWithCode({ mfaToken: mfa.token, code }));
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('auth.twoFactorSignIn')}>
      {mfa.enrol && <Enrolment mfaToken={mfa.token} />}
      <Field id="mfa-code" label={t('auth.authenticationCode')} error={missing && !code.trim() ? t('auth.codeRequired') : null}
        help={mfa.enrol ? null : t('auth.mfaCodeHelp')}>
        <input id="mfa-code" name="code" inputMode="numeric" autoComplete="one-time-code" value={code}
          onChange={(e) => setCode(e.target.value)} />
      </Field>
      <StepActions label={t('auth.verify')} />
    </form>
  );
}
