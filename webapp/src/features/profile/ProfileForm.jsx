import { useEffect, useRef, useState } from 'react';
import Field from '../../components/Field.jsx';
import Loading from '../../components/Loading.jsx';
import useFetch from '../../hooks/useFetch.js';
import { errorMessage, fieldErrors, statusOf } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { getProfileForm, saveProfile } from './api.js';
import { errorLines, initialValues, leafElements, profilePayload, validateProfile } from './profileForm.js';

/** The elements the form shows: not the hidden ones, nor the avatar file (it has its own upload). */
const shown = (form) => leafElements(form.elements).filter((el) => el.type !== 'hidden' && el.type !== 'file');

function Control({ el, props }) {
  if (el.type === 'textarea') return <textarea rows={3} {...props} />;
  if (el.type === 'select') {
    return (
      <select {...props}>
        <option value="" disabled>{el.placeholder || (el.label ? t('profile.selectField', { label: el.label }) : t('profile.select'))}</option>
        {(el.options || []).map((o) => <option key={String(o.value)} value={String(o.value)}>{o.label}</option>)}
      </select>
    );
  }
  return <input type={['email', 'date', 'text'].includes(el.type) ? el.type : 'text'} {...props} />;
}

function Outcome({ serverErrors, message }) {
  return (
    <>
      {serverErrors.length > 0 && (
        <div className="form__error" role="alert" data-testid="profile-errors">
          <ul className="pf-errors">
            {serverErrors.map((l) => <li key={l.name + l.text}>{l.label ? <strong>{l.label}: </strong> : null}{l.text}</li>)}
          </ul>
        </div>
      )}
      {message && (
        <div className={message.kind === 'ok' ? 'form__message--info' : 'form__error'} role={message.kind === 'ok' ? 'status' : 'alert'}
          data-testid="profile-message">
          {message.text}
        </div>
      )}
    </>
  );
}

/**
 * The profile form described by the server (GET /api/profile/edit, PUT JSON; a 400 lists its errors); `focus`
 * puts the caret in its first field. `onSaved` follows a save.
 */
export default function ProfileForm({ focus, onSaved }) {
  const { data: form, error: loadError, setData: setForm } = useFetch(getProfileForm);
  const [edit, setEdit] = useState({ form: null, values: {} }); // the values typed into one form
  const [errors, setErrors] = useState({});
  const [serverErrors, setServerErrors] = useState([]);
  const [message, setMessage] = useState(null); // {kind: 'ok'|'error', text}
  const [busy, setBusy] = useState(false);
  const first = useRef(null);
  useEffect(() => { if (form && focus && first.current) first.current.focus(); }, [form, focus]);

  if (loadError && !form) return <div className="form__error" role="alert">{t('profile.loadError', { error: loadError })}</div>;
  if (!form) return <Loading inline />;
  const values = edit.form === form ? edit.values : initialValues(form.elements);
  const set = (name, value) => {
    setEdit({ form, values: { ...values, [name]: value } });
    setErrors((e) => { if (!e[name]) return e; const n = { ...e }; delete n[name]; return n; });
    setMessage(null);
  };
  const submit = async (e) => {
    e.preventDefault();
    setMessage(null);
    setServerErrors([]);
    const errs = validateProfile(form.elements, values);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      const data = await saveProfile(form.action, profilePayload(form.elements, values));
      if (data && data.elements) setForm(data);
      setMessage({ kind: 'ok', text: t('profile.saved') });
      if (onSaved) onSaved();
    } catch (err) {
      if (statusOf(err) !== 400) setMessage({ kind: 'error', text: t('profile.saveFailed') });
      else {
        const lines = errorLines(form.elements, fieldErrors(err));
        setServerErrors(lines.length ? lines : [{ name: '', label: '', text: errorMessage(err) }]);
        setErrors(Object.fromEntries(lines.map((l) => [l.name, l.text])));
      }
    } finally {
      setBusy(false);
    }
  };

  const firstName = (shown(form).find((el) => !el.disabled) || {}).name;
  return (
    <form className="form pf-form" onSubmit={submit} noValidate data-testid="profile-form">
      {shown(form).map((el) => (
        <Field key={el.name} id={`profile-${el.name}`} label={el.label} required={el.required} help={el.help} error={errors[el.name]}>
          <Control el={el} props={{
            id: `profile-${el.name}`, name: el.name, disabled: el.disabled || busy, value: values[el.name] ?? '',
            placeholder: el.placeholder || undefined, 'aria-invalid': errors[el.name] ? 'true' : undefined,
            onChange: (e) => set(el.name, e.target.value), ref: el.name === firstName ? first : undefined,
          }} />
        </Field>
      ))}
      <Outcome serverErrors={serverErrors} message={message} />
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>{busy ? t('auth.saving') : t('profile.saveChanges')}</button>
      </div>
    </form>
  );
}
