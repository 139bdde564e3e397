import { useState } from 'react';
import Field from '../../components/Field.jsx';
import Modal from '../../components/Modal.jsx';
import { errorMessage } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { saveLogo } from './api.js';

/** Change Logo: an image file posted to the module's save_logo link. */
export default function LogoDialog({ link, onClose, onSaved }) {
  const [file, setFile] = useState(null);
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e) => {
    e.preventDefault();
    if (!file) { setError(t('modules.fileRequired')); return; }
    setBusy(true);
    try {
      await saveLogo(link, file);
      onSaved();
    } catch (err) {
      setBusy(false);
      setError(errorMessage(err));
    }
  };
  return (
    <Modal title={t('modules.changeLogoTitle')} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <Field id="logo-file" label={t('modules.logoField')} error={error}>
          <input id="logo-file" type="file" accept="image/*" onChange={(e) => { setFile(e.target.files[0] || null); setError(null); }} />
        </Field>
        <div className="form__actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>{t('common.cancel')}</button>
          <button type="submit" className="btn btn--primary" disabled={busy}>{busy ? t('modules.uploading') : t('common.upload')}</button>
        </div>
      </form>
    </Modal>
  );
}
