import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import Field from '../../components/Field.jsx';
import { errorMessage, fieldErrors } from '../../lib/errors.js';
import { validateReset } from '../../lib/validation.js';
import { getResetForm, resetPassword } from './api.js';
import AuthFormEnd from './AuthFormEnd.jsx';
import AuthShell from './AuthShell.jsx';
import useCheckedForm from './useCheckedForm.js';
import { t } from '../../lib/i18n.js';

const F = 'reset_password_form';
const fields = () => [['password', t('auth.newPassword')], ['repeat', t('auth.repeatPassword')]];

/** The CSRF token of the reset form: read once; its errors are swallowed (spec §8), the submit reports them. */
function useCsrf(token) {
  const [csrf, setCsrf] = useState('');
  useEffect(() => {
    let live = true;
    getResetForm(token)
      .then((data) => {
        const els = (data && data.elements) || [];
        const el = els.find((x) => x.name === `${F}[csrf_token]`) || els[1];
        if (live && el) setCsrf(el.value || '');
      })
      .catch(() => {});
    return () => { live = false; };
  }, [token]);
  return csrf;
}

/** /reset-password?token=...: new password and repeat (spec §5), posted with the form's CSRF token. */
export default function ResetPasswordPage() {
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token') || '';
  const csrf = useCsrf(token);
  const [state, setState] = useState({ status: 'idle', message: null, error: null });
  const { values, errors, change, check } = useCheckedForm({ password: '', repeat: '' }, validateReset,
    () => setState({ status: 'idle', message: null, error: null }));

  const submit = async (e) => {
    e.preventDefault();
    if (!check()) return;
    setState({ status: 'sending', message: null, error: null });
    try {
      const data = await resetPassword({
        [`${F}[password][first]`]: values.password, [`${F}[password][second]`]: values.repeat, [`${F}[token]`]: token, [`${F}[csrf_token]`]: csrf,
      });
      setState({ status: 'success', message: (data && data.message) || t('auth.passwordChanged'), error: null });
    } catch (ex) {
      const first = Object.values(fieldErrors(ex))[0];
      setState({ status: 'error', message: null, error: (first && first[0]) || errorMessage(ex) });
    }
  };

  return (
    <AuthShell title={t('auth.chooseNewPassword')}>
      {!token && <div className="form__error">{t('auth.resetLinkMissing')}</div>}
      <form className="form" onSubmit={submit} noValidate aria-label={t('auth.resetPassword')}>
        {fields().map(([name, label]) => (
          <Field key={name} id={`reset-${name}`} label={label} error={errors[name]}>
            <input id={`reset-${name}`} name={name} type="password" autoComplete="new-password" value={values[name]} onChange={change} />
          </Field>
        ))}
        <AuthFormEnd busy={state.status === 'sending'} label={t('auth.saveNewPassword')}
          busyLabel={t('auth.saving')} message={state.message} error={state.error} />
      </form>
    </AuthShell>
  );
}
