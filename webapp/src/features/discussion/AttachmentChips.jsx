import UploadProgress from '../../components/UploadProgress.jsx';
import { formatFileSize } from '../../lib/format.js';
import { t } from '../../lib/i18n.js';

/** The files chosen for a comment (useAttachments): name and size, the upload's progress or error, and Remove. */
export default function AttachmentChips({ chips, onRemove }) {
  if (!chips.length) return null;
  return (
    <ul className="dc-chips" aria-label={t('discussion.filesToAttach')} data-testid="attach-chips">
      {chips.map((x) => (
        <li key={x.key} className={x.error ? 'dc-chip dc-chip--failed' : 'dc-chip'} data-testid="attach-chip"
          data-state={x.error ? 'failed' : x.item ? 'uploaded' : x.progress !== null ? 'uploading' : 'chosen'}>
          <span className="dc-chip__name">{x.file.name}</span>
          <span className="dc-chip__size">{formatFileSize(x.file.size)}</span>
          {x.progress !== null && <UploadProgress small value={x.progress} label={t('discussion.uploadingFile', { name: x.file.name })} testId="attach-progress" />}
          {x.error && <span className="dc-chip__error" role="alert" data-testid="attach-error">{x.error}</span>}
          <button type="button" className="dc-chip__remove" aria-label={t('discussion.removeFile', { name: x.file.name })} title={t('common.remove')}
            onClick={() => onRemove(x.key)} data-testid="attach-remove">×</button>
        </li>
      ))}
    </ul>
  );
}
