import { useState } from 'react';
import Field from '../../components/Field.jsx';
import { errorMessage, fieldErrors } from '../../lib/errors.js';
import { validateReset } from '../../lib/validation.js';
import { t } from '../../lib/i18n.js';
import { changePassword } from './api.js';

const EMPTY = { current: '', password: '', repeat: '' };
// The server's element names -> this form's fields.
const SERVER_FIELDS = { current: 'current', 'password[first]': 'password', 'password[second]': 'repeat' };

function validate(values) {
  const errors = validateReset(values);
  if (!values.current) errors.current = t('profile.currentPasswordRequired');
  return errors;
}

/** Change password (spec §5's rules and messages): current, new, repeat; success signs every other session out,
 *  voids earlier reset links and, unless unticked, the API tokens; the server's message says what it revoked. */
export default function ChangePassword() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState({});
  const [outcome, setOutcome] = useState(null); // {ok, text}
  const [busy, setBusy] = useState(false);
  const [revokeTokens, setRevokeTokens] = useState(true);
  const change = (e) => {
    setValues({ ...values, [e.target.name]: e.target.value });
    setOutcome(null);
  };
  const submit = async (e) => {
    e.preventDefault();
    const errs = validate(values);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      const { message } = await changePassword(values.current, values.password, values.repeat, revokeTokens);
      setValues(EMPTY);
      setOutcome({ ok: true, text: message });
    } catch (err) {
      const server = fieldErrors(err);
      setErrors(Object.fromEntries(Object.entries(server).map(([k, v]) => [SERVER_FIELDS[k] || k, [].concat(v).join(' ')])));
      setOutcome({ ok: false, text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  const input = (name, label, autoComplete) => (
    <Field id={`pw-${name}`} label={label} error={errors[name]}>
      <input id={`pw-${name}`} name={name} type="password" autoComplete={autoComplete} value={values[name]}
        onChange={change} />
    </Field>
  );
  return (
    <section className="pf__card" aria-labelledby="pf-password">
      <h2 id="pf-password" className="pf__title">{t('profile.changePasswordTitle')}</h2>
      <form className="form" onSubmit={submit} noValidate aria-label={t('profile.changePassword')}>
        {input('current', t('profile.currentPassword'), 'current-password')}
        {input('password', t('auth.newPassword'), 'new-password')}
        {input('repeat', t('auth.repeatPassword'), 'new-password')}
        <label className="form__check" htmlFor="pw-revoke-tokens">
          <input id="pw-revoke-tokens" type="checkbox" checked={revokeTokens}
            onChange={(e) => setRevokeTokens(e.target.checked)} />
          {' '}{t('profile.alsoRevokeTokens')}
        </label>
        <button type="submit" className="btn btn--primary" disabled={busy}>{busy ? t('auth.saving') : t('profile.changePassword')}</button>
        {outcome && (
          <div className={outcome.ok ? 'form__success' : 'form__error'} role={outcome.ok ? 'status' : 'alert'}
            data-testid="password-outcome">{outcome.text}</div>
        )}
      </form>
    </section>
  );
}
