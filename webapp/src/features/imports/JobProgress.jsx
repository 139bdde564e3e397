import { useState } from 'react';
import UploadProgress from '../../components/UploadProgress.jsx';
import { errorMessage } from '../../lib/errors.js';
import { formatNumber, t } from '../../lib/i18n.js';
import { cancelJob } from './api.js';
import { phaseLabel } from './labels.js';

/** What the worker is doing, in words: waiting, or the phase with how far it got. */
function progressText(job) {
  if (job.cancelRequested) return t('imports.cancelRequested');
  if (job.state === 'QUEUED') return t('imports.waiting');
  const phase = phaseLabel(job.phase);
  return job.total
    ? t('imports.progressOf', { phase, done: formatNumber(job.done || 0), total: formatNumber(job.total) })
    : t('imports.progressCount', { phase, done: formatNumber(job.done || 0) });
}

/**
 * A running job: its progress bar (role=progressbar, its value in percent of the items the source holds), the
 * phase in words (a polite live region) and Cancel while the job offers it. `onChange(job)`: the answer of cancel.
 */
export default function JobProgress({ job, onChange }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const percent = job.total ? Math.min(100, Math.round(((job.done || 0) * 100) / job.total)) : 0;
  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      onChange(await cancelJob(job));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="import-progress" data-testid="import-progress">
      <UploadProgress value={percent} label={t('imports.progressLabel')} testId="import-progress-bar" />
      <div className="import-progress__row">
        <p className="import-progress__text" role="status" data-testid="import-progress-text">{progressText(job)}</p>
        {job.links && job.links.cancel && (
          <button type="button" className="btn btn--small btn--danger-outline" onClick={cancel} disabled={busy} data-testid="import-cancel">
            {busy ? t('imports.cancelling') : t('imports.cancel')}
          </button>
        )}
      </div>
      {error && <div className="form__error" role="alert">{error}</div>}
    </div>
  );
}
