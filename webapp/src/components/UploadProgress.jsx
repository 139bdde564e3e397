import './UploadProgress.css';
import { formatNumber, t } from '../lib/i18n.js';

/** A file's upload progress (0-100): a bar and its percentage (the vault's upload dialog, a comment's attachments). */
export default function UploadProgress({ value, label = t('components.uploadProgress'), testId = 'upload-progress', small = false }) {
  return (
    <div className={small ? 'upload-progress upload-progress--small' : 'upload-progress'} data-testid={testId}>
      <div className="upload-progress__bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}
        aria-label={label}>
        <div className="upload-progress__fill" style={{ width: `${value}%` }} />
      </div>
      <span className="upload-progress__text" data-testid="upload-percent">{formatNumber(value / 100, { style: 'percent' })}</span>
    </div>
  );
}
