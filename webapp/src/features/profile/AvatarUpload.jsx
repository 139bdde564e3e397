import { useEffect, useRef, useState } from 'react';
import Avatar from '../../components/Avatar.jsx';
import { errorMessage, fieldErrors } from '../../lib/errors.js';
import { refreshAvatar } from '../../lib/images.js';
import { uploadAvatar } from './api.js';
import { t } from '../../lib/i18n.js';
import { AVATAR_TYPES, avatarFileError, avatarHint } from './profileForm.js';

const IDLE = { busy: false, error: null, message: null };

/** The avatar: the current one, a chosen image's preview, Upload avatar (then `onSaved`) or Cancel. */
export default function AvatarUpload({ user, onSaved }) {
  const [file, setFile] = useState(null);
  const [preview, setPreview] = useState(null);
  const [state, setState] = useState(IDLE);
  const input = useRef(null);

  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview); }, [preview]);

  const reset = () => {
    setFile(null);
    setPreview(null);
    if (input.current) input.current.value = '';
  };
  const choose = (e) => {
    const f = e.target.files && e.target.files[0];
    setState(IDLE);
    setFile(null);
    setPreview(null);
    if (!f) return;
    const err = avatarFileError(f);
    if (err) {
      setState({ ...IDLE, error: err });
      if (input.current) input.current.value = '';
      return;
    }
    setFile(f);
    setPreview(URL.createObjectURL(f));
  };
  const upload = async () => {
    setState({ ...IDLE, busy: true });
    try {
      const item = await uploadAvatar(file);
      refreshAvatar((item && item.avatar) || `/api/avatar/view/${user.id}`);
      reset();
      setState({ ...IDLE, message: t('profile.avatarSaved') });
      if (onSaved) onSaved();
    } catch (err) {
      const fe = fieldErrors(err);
      const first = fe.avatar && [].concat(fe.avatar)[0];
      setState({ ...IDLE, error: first || errorMessage(err, t('profile.avatarNotSaved')) });
    }
  };

  return (
    <div className="pf-avatar" data-testid="avatar-upload">
      <div className="pf-avatar__images">
        <div className="pf-avatar__slot">
          <Avatar name={user.name} src={user.avatar} size={96} />
          <span className="muted">{t('profile.current')}</span>
        </div>
        {preview && (
          <div className="pf-avatar__slot">
            <img className="pf-avatar__preview" src={preview} alt={t('profile.avatarPreviewAlt')} data-testid="avatar-preview" />
            <span className="muted">{t('profile.preview')}</span>
          </div>
        )}
      </div>
      <div className="field">
        <label htmlFor="avatar-file">{t('profile.avatar')}</label>
        <input ref={input} id="avatar-file" type="file" accept={AVATAR_TYPES.join(',')} onChange={choose} disabled={state.busy} />
        <div className="field__help" data-testid="avatar-hint">{avatarHint()}</div>
      </div>
      {state.error && <div className="form__error" role="alert" data-testid="avatar-error">{state.error}</div>}
      {state.message && <div className="form__message--info" role="status" data-testid="avatar-saved">{state.message}</div>}
      {file && (
        <div className="form__actions">
          <button type="button" className="btn" onClick={reset} disabled={state.busy}>{t('common.cancel')}</button>
          <button type="button" className="btn btn--primary" onClick={upload} disabled={state.busy} data-testid="avatar-save">
            {state.busy ? t('profile.uploading') : t('profile.uploadAvatar')}
          </button>
        </div>
      )}
    </div>
  );
}
