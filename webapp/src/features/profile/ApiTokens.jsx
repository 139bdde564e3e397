import { useState } from 'react';
import DateTime from '../../components/DateTime.jsx';
import Field from '../../components/Field.jsx';
import useFetch from '../../hooks/useFetch.js';
import { errorMessage, joinedFieldErrors } from '../../lib/errors.js';
import { createApiToken, listApiTokens, revokeApiToken } from './api.js';

const EMPTY = { name: '', days: '30', access: 'read', portalId: '' };

function NewTokenForm({ portals, onCreated }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState({});
  const change = (e) => setValues({ ...values, [e.target.name]: e.target.value });
  const submit = async (e) => {
    e.preventDefault();
    if (!values.name.trim()) {
      setErrors({ name: 'Name is required' });
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
    <form className="form" onSubmit={submit} noValidate aria-label="New API token">
      <Field id="tok-name" label="Name" error={errors.name}>
        <input id="tok-name" name="name" value={values.name} onChange={change} maxLength={100} />
      </Field>
      <Field id="tok-days" label="Expires in (days)" error={errors.days}>
        <input id="tok-days" name="days" type="number" min="1" max="366" value={values.days} onChange={change} />
      </Field>
      <Field id="tok-access" label="Access" error={errors.access}>
        <select id="tok-access" name="access" value={values.access} onChange={change}>
          <option value="read">Read only</option>
          <option value="write">Read and write</option>
        </select>
      </Field>
      <Field id="tok-portal" label="Portal" error={errors.portalId}>
        <select id="tok-portal" name="portalId" value={values.portalId} onChange={change}>
          <option value="">Every portal I can see</option>
          {portals.map((p) => <option key={p.value} value={p.value}>{p.label}</option>)}
        </select>
      </Field>
      <button type="submit" className="btn btn--primary">Create token</button>
      {errors.form && <div className="form__error" role="alert">{errors.form}</div>}
    </form>
  );
}

/** Personal API tokens: created with a name, an expiry, read or write access and optionally one portal; the token
 *  is shown once; listed with its last use; revocable. */
export default function ApiTokens() {
  const { data, reload } = useFetch(listApiTokens, []);
  const [created, setCreated] = useState(null);
  const [error, setError] = useState(null);
  if (!data) return null;
  const revoke = (t) => revokeApiToken(t).then(reload, (err) => setError(errorMessage(err)));
  return (
    <section className="pf__card" aria-labelledby="pf-tokens">
      <h2 id="pf-tokens" className="pf__title">API tokens</h2>
      {created && (
        <div className="form__success" role="status">
          Copy your new token now: it will not be shown again.
          <code className="pf-token" data-testid="new-token">{created.token}</code>
        </div>
      )}
      <ul className="pf-list" data-testid="api-tokens">
        {data.list.map((t) => (
          <li key={t.id} className="pf-list__row">
            <div>
              <strong>{t.name}</strong> <span className="muted">{t.access === 'write' ? 'read and write' : 'read only'}
                {t.portal ? `, ${t.portal.name}` : ''}</span>
              <div className="muted">
                expires <DateTime value={t.expires} /> · {t.lastUsed ? <>last used <DateTime value={t.lastUsed} /></> : 'never used'}
              </div>
            </div>
            <button type="button" className="btn btn--small" onClick={() => revoke(t)}
              aria-label={`Revoke token ${t.name}`}>Revoke</button>
          </li>
        ))}
      </ul>
      <NewTokenForm portals={data.portals} onCreated={(item) => { setCreated(item); reload(); }} />
      {error && <div className="form__error" role="alert">{error}</div>}
    </section>
  );
}
