import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import Field from '../../components/Field.jsx';
import StepActions from './StepActions.jsx';
import { loginWithLink } from './authSlice.js';

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
    <form className="form" onSubmit={submit} noValidate aria-label="Link single sign-on">
      <p>
        An account for <strong data-testid="link-email">{link.email}</strong> already exists here. Type its password
        once to sign in with single sign-on from now on.
      </p>
      <Field id="link-password" label="Password" error={missing && !password ? 'Password is required' : null}>
        <input id="link-password" name="password" type="password" autoComplete="current-password" value={password}
          onChange={(e) => setPassword(e.target.value)} />
      </Field>
      <StepActions label="Link and sign in" />
    </form>
  );
}
