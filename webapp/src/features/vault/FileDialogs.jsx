import { useState } from 'react';
import DynamicForm from '../../components/DynamicForm.jsx';
import Modal from '../../components/Modal.jsx';
import { errorMessage } from '../../lib/errors.js';
import { formatDate } from '../../lib/dates.js';
import { formatFileSize } from '../../lib/format.js';
import { downloadLink } from './api.js';

/** Earlier versions of a file, newest first, each downloadable. */
export function VersionList({ file }) {
  const [error, setError] = useState(null);
  const versions = file.versions || [];
  if (!versions.length) return <p className="muted" data-testid="no-versions">No earlier versions.</p>;
  return (
    <>
      <ul className="versions" data-testid="versions">
        {versions.map((v, i) => (
          <li key={v.id} className="versions__item" data-testid="version">
            <span className="versions__n">v{versions.length - i}</span>
            <span className="versions__name">{v.filename || v.fileName}</span>
            <span className="muted">{formatFileSize(v.filesize)}</span>
            <span className="muted">{formatDate(v.created)}{v.createdBy ? ` · ${v.createdBy}` : ''}</span>
            {v.links && v.links.download && (
              <button type="button" className="btn btn--tiny" data-testid="version-download"
                onClick={() => downloadLink(v.links.download, v.filename).catch((e) => setError(errorMessage(e)))}>
                Download
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
    <Modal title={`Edit ${file.title}`} onClose={onClose}>
      <DynamicForm url={file.links.edit.url} submitLabel="Save" onCancel={onClose} testId="edit-file-form"
        onSuccess={(item) => onSaved(item)} />
      <h3 className="versions__title">Earlier versions</h3>
      <VersionList file={file} />
    </Modal>
  );
}

export function VersionsDialog({ file, onClose }) {
  return (
    <Modal title={`Versions of ${file.title}`} onClose={onClose}
      footer={<button type="button" className="btn" onClick={onClose}>Close</button>}>
      <p className="versions__current">
        Current: <strong>{file.filename}</strong> <span className="muted">{formatFileSize(file.filesize)}</span>
      </p>
      <VersionList file={file} />
    </Modal>
  );
}
