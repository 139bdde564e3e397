import { useState } from 'react';
import Field from '../../components/Field.jsx';
import QrCode from '../../components/QrCode.jsx';
import RecoveryCodes from '../../components/RecoveryCodes.jsx';
import useFetch from '../../hooks/useFetch.js';
import { errorMessage } from '../../lib/errors.js';
import { confirmEnrolment, disableTwoFactor, getTwoFactor, newRecoveryCodes, startEnrolment } from './api.js';

/** The code field and its button, for confirming an enrolment or turning the factor off. */
function CodeForm({ label, action, onDone }) {
  const id = label.toLowerCase().replace(/\W+/g, '-');
  const [code, setCode] = useState('');
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e) => {
    e.preventDefault();
    if (!code.trim()) {
      setError('Code is required');
      return;
    }
    setBusy(true);
    try {
      onDone(await action(code.trim()));
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={label}>
      <Field id={`code-${id}`} label="Authentication code" error={error}>
        <input id={`code-${id}`} inputMode="numeric" autoComplete="one-time-code" value={code}
          onChange={(e) => { setCode(e.target.value); setError(null); }} />
      </Field>
      <button type="submit" className="btn btn--primary" disabled={busy}>{label}</button>
    </form>
  );
}

/** Setting up asks for the password again: a session left open elsewhere cannot add its owner a factor. */
function PasswordProof({ onSecret }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e) => {
    e.preventDefault();
    setBusy(true);
    try {
      onSecret(await startEnrolment(password));
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Set up two-factor sign-in">
      <Field id="mfa-password" label="Current password" error={error}
        help="Leave it empty if you sign in only with single sign-on.">
        <input id="mfa-password" type="password" autoComplete="current-password" value={password}
          onChange={(e) => { setPassword(e.target.value); setError(null); }} />
      </Field>
      <button type="submit" className="btn" disabled={busy}>Set up two-factor sign-in</button>
    </form>
  );
}

/** Two-factor sign-in (TOTP): enrol (after the password) with a QR code drawn in the browser and a confirmation
 *  code; the ten recovery codes are shown once; turning it off needs a code. */
export default function TwoFactor() {
  const { data: status, reload } = useFetch(getTwoFactor, []);
  const [secret, setSecret] = useState(null);
  const [codes, setCodes] = useState(null);
  if (!status) return null;
  return (
    <section className="pf__card" aria-labelledby="pf-mfa" data-testid="two-factor">
      <h2 id="pf-mfa" className="pf__title">Two-factor sign-in</h2>
      {codes && <RecoveryCodes codes={codes} />}
      {status.enabled && !codes && (
        <>
          <p data-testid="mfa-status">On. {status.recoveryCodesLeft} recovery codes left.</p>
          <CodeForm label="New recovery codes" action={newRecoveryCodes} onDone={(recovery) => { setCodes(recovery); reload(); }} />
          {!status.required && <CodeForm label="Turn off" action={disableTwoFactor} onDone={reload} />}
        </>
      )}
      {!status.enabled && !secret && (
        <>
          <p data-testid="mfa-status">Off. Sign-in asks only for your password.</p>
          <PasswordProof onSecret={setSecret} />
        </>
      )}
      {!status.enabled && secret && (
        <div className="mfa-enrol">
          <p>Scan this code with an authenticator app, then type the code it shows.</p>
          <QrCode value={secret.otpauthUri} label="QR code for your authenticator app" />
          <p className="muted">Or type this key: <code data-testid="mfa-secret">{secret.secret}</code></p>
          <CodeForm label="Confirm" action={confirmEnrolment}
            onDone={(recovery) => { setCodes(recovery); setSecret(null); reload(); }} />
        </div>
      )}
    </section>
  );
}
