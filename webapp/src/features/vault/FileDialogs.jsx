import { useState } from 'react';
import DynamicForm from '../../components/DynamicForm.jsx';
import Modal from '../../components/Modal.jsx';
import { errorMessage } from '../../lib/errors.js';
import { formatDate } from '../../lib/dates.js';
import { formatFileSize } from '../../lib/format.js';
import { formatNumber, t } from '../../lib/i18n.js';
import { downloadLink } from './api.js';

/** Earlier versions of a file, newest first, each downloadable. */
export function VersionList({ file }) {
  const [error, setError] = useState(null);
  const versions = file.versions || [];
  if (!versions.length) return <p className="muted" data-testid="no-versions">{t('vault.noVersions')}</p>;
  return (
    <>
      <ul className="versions" data-testid="versions">
        {versions.map((v, i) => (
          <li key={v.id} className="versions__item" data-testid="version">
            <span className="versions__n">{t('vault.versionNumber', { number: formatNumber(versions.length - i) })}</span>
            <span className="versions__name">{v.filename || v.fileName}</span>
            <span className="muted">{formatFileSize(v.filesize)}</span>
            <span className="muted">{formatDate(v.created)}{v.createdBy ? ` · ${v.createdBy}` : ''}</span>
            {v.links && v.links.download && (
              <button type="button" className="btn btn--tiny" data-testid="version-download"
                onClick={() => downloadLink(v.links.download, v.filename).catch((e) => setError(errorMessage(e)))}>
                {t('common.download')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {error && <div className="form__error" role="alert">{error}</div>}
    </>
  );
}

/** Edit a file through its edit link: title, and optionally a new file (the current one becomes a version). */
export function EditFileDialog({ file, onClose, onSaved }) {
  return (
    <Modal title={t('vault.editItem', { title: file.title })} onClose={onClose}>
      <DynamicForm url={file.links.edit.url} submitLabel={t('common.save')} onCancel={onClose} testId="edit-file-form"
        onSuccess={(item) => onSaved(item)} />
      <h3 className="versions__title">{t('vault.earlierVersions')}</h3>
      <VersionList file={file} />
    </Modal>
  );
}

export function VersionsDialog({ file, onClose }) {
  return (
    <Modal title={t('vault.versionsOf', { title: file.title })} onClose={onClose}
      footer={<button type="button" className="btn" onClick={onClose}>{t('common.close')}</button>}>
      <p className="versions__current">
        {t('vault.current', { name: <strong key="name">{file.filename}</strong> })} <span className="muted">{formatFileSize(file.filesize)}</span>
      </p>
      <VersionList file={file} />
    </Modal>
  );
}
