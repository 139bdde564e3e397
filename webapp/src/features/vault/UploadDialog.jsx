import { useEffect, useRef, useState } from 'react';
import Field from '../../components/Field.jsx';
import Modal from '../../components/Modal.jsx';
import UploadProgress from '../../components/UploadProgress.jsx';
import { errorMessage, joinedFieldErrors } from '../../lib/errors.js';
import { formatFileSize } from '../../lib/format.js';
import { t } from '../../lib/i18n.js';
import { uploadFile } from './api.js';

/** Upload a file with a title: a progress bar while the bytes go, Cancel aborts the upload. */
export default function UploadDialog({ link, onClose, onUploaded }) {
  const [title, setTitle] = useState('');
  const [file, setFile] = useState(null);
  const [errors, setErrors] = useState({});
  const [message, setMessage] = useState(null);
  const [progress, setProgress] = useState(null);
  const controller = useRef(null);

  // Leaving the dialog mid-upload cancels it.
  useEffect(() => () => { if (controller.current) controller.current.abort(); }, []);

  const uploading = progress !== null;

  const submit = async (e) => {
    e.preventDefault();
    setMessage(null);
    if (!file) { setErrors({ file: t('vault.fileRequired') }); return; }
    setErrors({});
    const ctrl = new AbortController();
    controller.current = ctrl;
    setProgress(0);
    try {
      const item = await uploadFile(link, { title: title.trim(), file }, { onProgress: setProgress, signal: ctrl.signal });
      controller.current = null;
      setProgress(100);
      onUploaded(item);
    } catch (err) {
      controller.current = null;
      setProgress(null);
      if (ctrl.signal.aborted || (err && (err.name === 'CanceledError' || err.code === 'ERR_CANCELED'))) {
        setMessage(t('vault.uploadCancelled'));
        return;
      }
      const fe = joinedFieldErrors(err);
      if (Object.keys(fe).length) setErrors(fe);
      setMessage(errorMessage(err));
    }
  };

  const cancel = () => {
    if (controller.current) controller.current.abort();
    else onClose();
  };

  return (
    <Modal title={t('vault.uploadFile')} onClose={uploading ? undefined : onClose}>
      <form className="form" onSubmit={submit} noValidate data-testid="upload-form">
        <Field id="upload-title" label={t('vault.title')} error={errors.title}>
          <input id="upload-title" type="text" value={title} maxLength={200} disabled={uploading}
            placeholder={t('vault.titlePlaceholder')} onChange={(e) => setTitle(e.target.value)} />
        </Field>
        <Field id="upload-file" label={t('vault.file')} required help={file && `${file.name} · ${formatFileSize(file.size)}`} error={errors.file}>
          <input id="upload-file" type="file" disabled={uploading}
            onChange={(e) => { setFile(e.target.files && e.target.files[0] ? e.target.files[0] : null); setErrors({}); setMessage(null); }} />
        </Field>
        {uploading && <UploadProgress value={progress} />}
        {message && <div className="form__error" role="alert" data-testid="upload-message">{message}</div>}
        <div className="form__actions">
          <button type="button" className="btn" onClick={cancel} data-testid="upload-cancel">{t('common.cancel')}</button>
          <button type="submit" className="btn btn--primary" disabled={uploading} data-testid="upload-submit">
            {uploading ? t('vault.uploading') : t('common.upload')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
