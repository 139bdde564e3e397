import { useState } from 'react';
import { errorMessage } from '../../lib/errors.js';
import { formatFileSize } from '../../lib/format.js';
import { t } from '../../lib/i18n.js';
import { downloadLink } from '../../lib/vaultFiles.js';

/**
 * The vault files a comment carries, as download links with name and size. They are files of the module's vault
 * (its Files tab lists them too), fetched through the vault's download link with the bearer token.
 */
export default function CommentAttachments({ files }) {
  const [error, setError] = useState(null);
  if (!files || !files.length) return null;
  const download = (e, f) => {
    e.preventDefault();
    setError(null);
    downloadLink(f.links.download, f.name).catch((err) => setError(errorMessage(err, t('discussion.fileNotDownloaded'))));
  };
  return (
    <div className="dc-files" data-testid="comment-attachments">
      <span className="dc-files__note">{t('discussion.attachedFiles')}</span>
      <ul className="dc-files__list">
        {files.map((f) => (
          <li key={f.id} className="dc-file" data-testid="comment-attachment">
            {f.links && f.links.download ? (
              <a className="dc-file__name" href={f.links.download.url} download={f.name} onClick={(e) => download(e, f)}
                title={t('discussion.downloadAttachment', { name: f.name })} data-testid="attachment-download">{f.name}</a>
            ) : <span className="dc-file__name">{f.name}</span>}
            <span className="dc-file__size">{formatFileSize(f.size)}{f.locked ? ` · ${t('discussion.locked')}` : ''}</span>
          </li>
        ))}
      </ul>
      {error && <span className="field__error" role="alert">{error}</span>}
    </div>
  );
}
