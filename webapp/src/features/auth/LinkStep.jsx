import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import Field from '../../components/Field.jsx';
import StepActions from './StepActions.jsx';
import { loginWithLink } from './authSlice.js';
import { t } from '../../lib/i18n.js';

/** After single sign-on named an account that has a password: that password, once, proves the account is the
 *  person's own before the two are linked (an identity provider's e-mail alone does not). */
export default function LinkStep() {
  const dispatch = useDispatch();
  const link = useSelector((s) => s.auth.link);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (e) => {
    e.preventDefault();
    if (!password) {
      setMissing(true);
      return;
    }
    dispatch(loginWithLink({ linkToken: link.token, password }));
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('auth.linkSso')}>
      <p>{t('auth.linkIntro', { email: <strong key="email" data-testid="link-email">{link.email}</strong> })}</p>
      <Field id="link-password" label={t('auth.password')} error={missing && !password ? t('auth.passwordRequired') : null}>
        <input id="link-password" name="password" type="password" autoComplete="current-password" value={password}
          onChange={(e) => setPassword(e.target.value)} />
      </Field>
      <StepActions label={t('auth.linkAndSignIn')} />
    </form>
  );
}
