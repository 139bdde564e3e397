import { useState } from 'react';
import Modal from '../../components/Modal.jsx';
import { errorMessage } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { downloadLink } from './api.js';
import { PreviewBody, TextState } from './PreviewBody.jsx';
import { previewMode } from './vault.js';

/**
 * The preview pane of a file (issue 47): the file as its `preview` mode says (at `page` for a PDF), how far its
 * text was read, and Download. A dialog like the others: named by its title, the keyboard kept inside, Escape
 * closes. `onChanged(item)`: the file after a retry of its text.
 */
export default function FilePreview({ file, page = null, onClose, onChanged }) {
  const [error, setError] = useState(null);
  const mode = previewMode(file);
  const download = file.links && file.links.download;
  const footer = (
    <>
      {download && (
        <button type="button" className="btn btn--primary" data-testid="preview-download"
          onClick={() => { setError(null); downloadLink(download, file.filename).catch((e) => setError(errorMessage(e))); }}>
          {t('common.download')}
        </button>
      )}
      <button type="button" className="btn" data-testid="preview-close" onClick={onClose}>{t('common.close')}</button>
    </>
  );
  return (
    <Modal title={t('vault.previewOf', { title: file.title })} onClose={onClose} footer={footer} wide>
      <div className={`vault-preview vault-preview--${mode}`} data-testid="preview-pane" data-mode={mode} data-id={file.id}>
        <TextState file={file} onChanged={onChanged} />
        <PreviewBody file={file} mode={mode} page={page} />
        {error && <div className="form__error" role="alert">{error}</div>}
      </div>
    </Modal>
  );
}
