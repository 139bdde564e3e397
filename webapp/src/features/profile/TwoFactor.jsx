import { useState } from 'react';
import Field from '../../components/Field.jsx';
import QrCode from '../../components/QrCode.jsx';
import RecoveryCodes from '../../components/RecoveryCodes.jsx';
import useFetch from '../../hooks/useFetch.js';
import { errorMessage } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { confirmEnrolment, disableTwoFactor, getTwoFactor, newRecoveryCodes, startEnrolment } from './api.js';

/** The code field and its button (`id` names the field), for confirming an enrolment or turning the factor off. */
function CodeForm({ id, label, action, onDone }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e) => {
    e.preventDefault();
    if (!code.trim()) {
      setError(t('auth.codeRequired'));
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
      <Field id={`code-${id}`} label={t('auth.authenticationCode')} error={error}>
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
    <form className="form" onSubmit={submit} noValidate aria-label={t('profile.setUpTwoFactor')}>
      <Field id="mfa-password" label={t('profile.currentPassword')} error={error}
        help={t('profile.passwordProofHelp')}>
        <input id="mfa-password" type="password" autoComplete="current-password" value={password}
          onChange={(e) => { setPassword(e.target.value); setError(null); }} />
      </Field>
      <button type="submit" className="btn" disabled={busy}>{t('profile.setUpTwoFactor')}</button>
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
      <h2 id="pf-mfa" className="pf__title">{t('auth.twoFactorSignIn')}</h2>
      {codes && <RecoveryCodes codes={codes} />}
      {status.enabled && !codes && (
        <>
          <p data-testid="mfa-status">{t('profile.mfaOn', { count: status.recoveryCodesLeft })}</p>
          <CodeForm id="new-recovery-codes" label={t('profile.newRecoveryCodes')} action={newRecoveryCodes} onDone={(recovery) => { setCodes(recovery); reload(); }} />
          {!status.required && <CodeForm id="turn-off" label={t('profile.turnOff')} action={disableTwoFactor} onDone={reload} />}
        </>
      )}
      {!status.enabled && !secret && (
        <>
          <p data-testid="mfa-status">{t('profile.mfaOff')}</p>
          <PasswordProof onSecret={setSecret} />
        </>
      )}
      {!status.enabled && secret && (
        <div className="mfa-enrol">
          <p>{t('auth.scanCode')}</p>
          <QrCode value={secret.otpauthUri} label={t('auth.qrCodeLabel')} />
          <p className="muted">{t('auth.orTypeKey', { key: <code key="key" data-testid="mfa-secret">{secret.secret}</code> })}</p>
          <CodeForm id="confirm" label={t('profile.confirm')} action={confirmEnrolment}
            onDone={(recovery) => { setCodes(recovery); setSecret(null); reload(); }} />
        </div>
      )}
    </section>
  );
}
