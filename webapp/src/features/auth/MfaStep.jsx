import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import Field from '../../components/Field.jsx';
import StepActions from './StepActions.jsx';
import QrCode from '../../components/QrCode.jsx';
import { errorMessage } from '../../lib/errors.js';
import { enrolDuringSignIn } from './api.js';
import { loginWithCode } from './authSlice.js';

/** After the password: a user who must have a second factor but has none enrols first (the secret as a QR code
 *  and as text), then types the code of their authenticator app (or a recovery code). */
function Enrolment({ mfaToken }) {
  const [secret, setSecret] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    enrolDuringSignIn(mfaToken).then(setSecret, (err) => setError(errorMessage(err)));
  }, [mfaToken]);
  if (error) return <div className="form__error" role="alert">{error}</div>;
  if (!secret) return <p className="muted">Preparing your authenticator...</p>;
  return (
    <div className="mfa-enrol">
      <p>Your account needs two-factor sign-in. Scan this code with an authenticator app, then type the code it shows.</p>
      <QrCode value={secret.otpauthUri} label="QR code for your authenticator app" />
      <p className="muted">Or type this key: <code data-testid="mfa-secret">{secret.secret}</code></p>
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
    <form className="form" onSubmit={submit} noValidate aria-label="Two-factor sign-in">
      {mfa.enrol && <Enrolment mfaToken={mfa.token} />}
      <Field id="mfa-code" label="Authentication code" error={missing && !code.trim() ? 'Code is required' : null}
        help={mfa.enrol ? null : 'The 6-digit code of your authenticator app, or one of your recovery codes.'}>
        <input id="mfa-code" name="code" inputMode="numeric" autoComplete="one-time-code" value={code}
          onChange={(e) => setCode(e.target.value)} />
      </Field>
      <StepActions label="Verify" />
    </form>
  );
}
