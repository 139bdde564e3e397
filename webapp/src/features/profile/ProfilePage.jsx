/**
 * /profile (spec §2 Profile): my account, the avatar upload with a preview, and the edit form described
 * by the server (GET /api/profile/edit, PUT JSON; a 400 lists its errors). /profile/edit is the same page
 * with the form focused.
 */
import { useEffect, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useMatch } from 'react-router-dom';
import Avatar, { refreshAvatar } from '../../components/Avatar.jsx';
import Loading from '../../components/Loading.jsx';
import api, { errorMessage, fieldErrors } from '../../lib/apiClient.js';
import { fetchCurrentUser } from '../auth/userSlice.js';
import {
  AVATAR_HINT, AVATAR_TYPES, avatarFileError, errorLines, initialValues, leafElements, profilePayload, SAVE_FAILED, SAVED,
  validateProfile,
} from './profileForm.js';
import './profile.css';

function AvatarUpload({ user }) {
  const dispatch = useDispatch();
  const [file, setFile] = useState(null);
  const [preview, setPreview] = useState(null);
  const [state, setState] = useState({ busy: false, error: null, message: null });
  const input = useRef(null);

  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview); }, [preview]);

  const choose = (e) => {
    const f = e.target.files && e.target.files[0];
    setState({ busy: false, error: null, message: null });
    setFile(null);
    setPreview(null);
    if (!f) return;
    const err = avatarFileError(f);
    if (err) {
      setState({ busy: false, error: err, message: null });
      if (input.current) input.current.value = '';
      return;
    }
    setFile(f);
    setPreview(URL.createObjectURL(f));
  };
  const reset = () => {
    setFile(null);
    setPreview(null);
    if (input.current) input.current.value = '';
  };
  const upload = async () => {
    setState({ busy: true, error: null, message: null });
    const fd = new FormData();
    fd.append('avatar', file);
    try {
      const res = await api.post('/api/avatar/edit', fd);
      const item = res.data && res.data.item;
      refreshAvatar((item && item.avatar) || `/api/avatar/view/${user.id}`);
      reset();
      setState({ busy: false, error: null, message: 'Avatar saved' });
      dispatch(fetchCurrentUser());
    } catch (err) {
      const fe = fieldErrors(err);
      const first = fe.avatar && [].concat(fe.avatar)[0];
      setState({ busy: false, error: first || errorMessage(err, 'The avatar could not be saved'), message: null });
    }
  };

  return (
    <div className="pf-avatar" data-testid="avatar-upload">
      <div className="pf-avatar__images">
        <div className="pf-avatar__slot">
          <Avatar name={user.name} src={user.avatar} size={96} />
          <span className="muted">Current</span>
        </div>
        {preview && (
          <div className="pf-avatar__slot">
            <img className="pf-avatar__preview" src={preview} alt="Preview of the new avatar" data-testid="avatar-preview" />
            <span className="muted">Preview</span>
          </div>
        )}
      </div>
      <div className="field">
        <label htmlFor="avatar-file">Avatar</label>
        <input ref={input} id="avatar-file" type="file" accept={AVATAR_TYPES.join(',')} onChange={choose} disabled={state.busy} />
        <div className="field__help" data-testid="avatar-hint">{AVATAR_HINT}</div>
      </div>
      {state.error && <div className="form__error" role="alert" data-testid="avatar-error">{state.error}</div>}
      {state.message && <div className="form__message--info" role="status" data-testid="avatar-saved">{state.message}</div>}
      {file && (
        <div className="form__actions">
          <button type="button" className="btn" onClick={reset} disabled={state.busy}>Cancel</button>
          <button type="button" className="btn btn--primary" onClick={upload} disabled={state.busy} data-testid="avatar-save">
            {state.busy ? 'Uploading...' : 'Upload avatar'}
          </button>
        </div>
      )}
    </div>
  );
}

function ProfileForm({ focus }) {
  const dispatch = useDispatch();
  const [form, setForm] = useState(null);
  const [loadError, setLoadError] = useState(null);
  const [values, setValues] = useState({});
  const [errors, setErrors] = useState({});
  const [serverErrors, setServerErrors] = useState([]);
  const [message, setMessage] = useState(null); // {kind: 'ok'|'error', text}
  const [busy, setBusy] = useState(false);
  const first = useRef(null);

  const take = (data) => {
    setForm(data);
    setValues(initialValues(data.elements));
  };
  useEffect(() => {
    let live = true;
    api.get('/api/profile/edit')
      .then((r) => { if (live) take(r.data); })
      .catch((err) => { if (live) setLoadError(errorMessage(err)); });
    return () => { live = false; };
  }, []);
  useEffect(() => { if (form && focus && first.current) first.current.focus(); }, [form, focus]);

  if (loadError) return <div className="form__error" role="alert">Error: {loadError}</div>;
  if (!form) return <Loading inline />;

  const set = (name, value) => {
    setValues((v) => ({ ...v, [name]: value }));
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
      const res = await api.put(form.action || '/api/profile/edit', profilePayload(form.elements, values));
      if (res.data && res.data.elements) take(res.data);
      setMessage({ kind: 'ok', text: SAVED });
      dispatch(fetchCurrentUser());
    } catch (err) {
      const status = err.response && err.response.status;
      if (status === 400) {
        const lines = errorLines(form.elements, fieldErrors(err));
        setServerErrors(lines.length ? lines : [{ name: '', label: '', text: errorMessage(err) }]);
        const onFields = {};
        lines.forEach((l) => { onFields[l.name] = l.text; });
        setErrors(onFields);
      } else {
        setMessage({ kind: 'error', text: SAVE_FAILED });
      }
    } finally {
      setBusy(false);
    }
  };

  let firstSet = false;
  const control = (el) => {
    const id = `profile-${el.name}`;
    const props = { id, name: el.name, disabled: el.disabled || busy, value: values[el.name] ?? '',
      placeholder: el.placeholder || undefined, 'aria-invalid': errors[el.name] ? 'true' : undefined,
      onChange: (e) => set(el.name, e.target.value) };
    if (!firstSet && !el.disabled) { props.ref = first; firstSet = true; }
    if (el.type === 'textarea') return <textarea rows={3} {...props} />;
    if (el.type === 'select') {
      return (
        <select {...props}>
          <option value="" disabled>{el.placeholder || `Select ${el.label || ''}`.trim()}</option>
          {(el.options || []).map((o) => <option key={String(o.value)} value={String(o.value)}>{o.label}</option>)}
        </select>
      );
    }
    const type = ['email', 'date', 'text'].includes(el.type) ? el.type : 'text';
    return <input type={type} {...props} />;
  };

  return (
    <form className="form pf-form" onSubmit={submit} noValidate data-testid="profile-form">
      {leafElements(form.elements).map((el) => {
        if (el.type === 'hidden') return null;
        if (el.type === 'file') return null; // the avatar has its own upload
        return (
          <div key={el.name} className={errors[el.name] ? 'field field--error' : 'field'}>
            <label htmlFor={`profile-${el.name}`}>
              {el.label}{el.required && <span className="field__req" aria-hidden="true"> *</span>}
            </label>
            {control(el)}
            {el.help && <div className="field__help">{el.help}</div>}
            {errors[el.name] && <div className="field__error">{errors[el.name]}</div>}
          </div>
        );
      })}
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
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>{busy ? 'Saving...' : 'Save changes'}</button>
      </div>
    </form>
  );
}

export default function ProfilePage() {
  const user = useSelector((s) => s.user.item);
  const editing = !!useMatch('/profile/edit');
  if (!user) return <Loading />;
  return (
    <div className="page pf" data-testid="profile-page">
      <div className="profile-card">
        <Avatar name={user.name} src={user.avatar} size={72} />
        <div>
          <h1 className="page__title" data-testid="profile-name">{user.name}</h1>
          <div className="muted">{user.username}</div>
        </div>
      </div>
      <div className="pf__grid">
        <section className="pf__card" aria-labelledby="pf-account">
          <h2 id="pf-account" className="pf__title">My Account</h2>
          <dl className="deflist">
            <dt>Name</dt><dd>{user.name}</dd>
            <dt>Username</dt><dd>{user.username}</dd>
            <dt>Email</dt><dd>{user.email}</dd>
            <dt>Organisation</dt><dd>{user.organisation || <span className="muted">n/a</span>}</dd>
            {user.position && <><dt>Position</dt><dd>{user.position}</dd></>}
            {user.country && <><dt>Country</dt><dd>{user.country}</dd></>}
            <dt>Role</dt><dd>{user.isSuperuser ? 'Superuser' : 'User'}</dd>
          </dl>
          <AvatarUpload user={user} />
        </section>
        <section className="pf__card" aria-labelledby="pf-edit">
          <h2 id="pf-edit" className="pf__title">Edit Profile</h2>
          <ProfileForm focus={editing} />
        </section>
      </div>
    </div>
  );
}
