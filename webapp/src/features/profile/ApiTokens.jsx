import { useState } from 'react';
import DateTime from '../../components/DateTime.jsx';
import Field from '../../components/Field.jsx';
import useFetch from '../../hooks/useFetch.js';
import { errorMessage, joinedFieldErrors } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { createApiToken, listApiTokens, revokeApiToken } from './api.js';

const EMPTY = { name: '', days: '30', access: 'read', portalId: '' };

function NewTokenForm({ portals, onCreated }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState({});
  const change = (e) => setValues({ ...values, [e.target.name]: e.target.value });
  const submit = async (e) => {
    e.preventDefault();
    if (!values.name.trim()) {
      setErrors({ name: t('auth.nameRequired') });
      return;
    }
    try {
      const item = await createApiToken({ name: values.name.trim(), days: Number(values.days), access: values.access,
        portalId: values.portalId ? Number(values.portalId) : null });
      setValues(EMPTY);
      setErrors({});
      onCreated(item);
    } catch (err) {
      setErrors({ ...joinedFieldErrors(err), form: errorMessage(err) });
    }
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('profile.newApiToken')}>
      <Field id="tok-name" label={t('common.name')} error={errors.name}>
        <input id="tok-name" name="name" value={values.name} onChange={change} maxLength={100} />
      </Field>
      <Field id="tok-days" label={t('profile.expiresInDays')} error={errors.days}>
        <input id="tok-days" name="days" type="number" min="1" max="366" value={values.days} onChange={change} />
      </Field>
      <Field id="tok-access" label={t('profile.access')} error={errors.access}>
        <select id="tok-access" name="access" value={values.access} onChange={change}>
          <option value="read">{t('profile.readOnly')}</option>
          <option value="write">{t('profile.readWrite')}</option>
        </select>
      </Field>
      <Field id="tok-portal" label={t('profile.portal')} error={errors.portalId}>
        <select id="tok-portal" name="portalId" value={values.portalId} onChange={change}>
          <option value="">{t('profile.everyPortal')}</option>
          {portals.map((p) => <option key={p.value} value={p.value}>{p.label}</option>)}
        </select>
      </Field>
      <button type="submit" className="btn btn--primary">{t('profile.createToken')}</button>
      {errors.form && <div className="form__error" role="alert">{errors.form}</div>}
    </form>
  );
}

/** One token: its name, access and portal, expiry and last use, Revoke. */
function TokenRow({ token, onRevoke }) {
  return (
    <li className="pf-list__row">
      <div>
        <strong>{token.name}</strong> <span className="muted">{token.access === 'write' ? t('profile.accessReadWrite') : t('profile.accessRead')}
          {token.portal ? `, ${token.portal.name}` : ''}</span>
        <div className="muted">
          {t('profile.tokenExpires', { date: <DateTime key="expires" value={token.expires} /> })} · {token.lastUsed
            ? t('profile.lastUsed', { date: <DateTime key="used" value={token.lastUsed} /> }) : t('profile.neverUsed')}
        </div>
      </div>
      <button type="button" className="btn btn--small" onClick={() => onRevoke(token)}
        aria-label={t('profile.revokeToken', { name: token.name })}>{t('profile.revoke')}</button>
    </li>
  );
}

/** Personal API tokens: created with a name, an expiry, read or write access and optionally one portal; the token
 *  is shown once; listed with its last use; revocable. */
export default function ApiTokens() {
  const { data, reload } = useFetch(listApiTokens, []);
  const [created, setCreated] = useState(null);
  const [error, setError] = useState(null);
  if (!data) return null;
  const revoke = (token) => revokeApiToken(token).then(reload, (err) => setError(errorMessage(err)));
  return (
    <section className="pf__card" aria-labelledby="pf-tokens">
      <h2 id="pf-tokens" className="pf__title">{t('profile.apiTokens')}</h2>
      {created && (
        <div className="form__success" role="status">
          {t('profile.copyToken')}
          <code className="pf-token" data-testid="new-token">{created.token}</code>
        </div>
      )}
      <ul className="pf-list" data-testid="api-tokens">
        {data.list.map((token) => <TokenRow key={token.id} token={token} onRevoke={revoke} />)}
      </ul>
      <NewTokenForm portals={data.portals} onCreated={(item) => { setCreated(item); reload(); }} />
      {error && <div className="form__error" role="alert">{error}</div>}
    </section>
  );
}
