import { useState } from 'react';
import Modal from '../../components/Modal.jsx';
import UploadProgress from '../../components/UploadProgress.jsx';
import { t } from '../../lib/i18n.js';
import { importPortal } from './api.js';
import JobView from './JobView.jsx';
import { FileField, Refusal } from './parts.jsx';
import useStart from './useStart.js';
import './imports.css';

/** The dialog: the archive chosen and sent (its upload's progress), then the job that makes the new portal. */
function ImportPortalDialog({ link, portalHref, onClose, onImported }) {
  const [file, setFile] = useState(null);
  const [sent, setSent] = useState(0);
  const run = useStart();
  const settled = (job) => { run.settled(); if (onImported) onImported(job); };
  const busy = run.busy || run.running;
  return (
    <Modal title={t('imports.importPortal')} onClose={busy ? undefined : onClose}
      footer={run.job ? null : (
        <button type="button" className="btn btn--primary" disabled={!file || busy} data-testid="import-portal-submit"
          onClick={() => run.start(() => importPortal(link, file, setSent))}>
          {run.busy ? t('imports.uploading') : t('imports.importArchive')}
        </button>
      )}>
      <div className="import-portal" data-testid="import-portal-dialog">
        <p className="muted">{t('imports.importPortalHelp')}</p>
        {!run.job && <FileField label={t('imports.archiveFile')} accept=".zip,application/zip" disabled={busy} onChange={setFile} testId="import-portal-file" />}
        {run.busy && <UploadProgress value={sent} />}
        <Refusal message={run.error} fields={run.fields} />
        {run.job && <JobView key={run.job.id} job={run.job} moduleHref={portalHref} onSettled={settled} />}
      </div>
    </Modal>
  );
}

/**
 * 'Import a portal' on a platform's list of portals (its root's `import_portal` link: superusers): an archive
 * exported from another installation becomes a new portal here. `portalHref(id)`: the new portal's page;
 * `onImported(job)` when the job ends (the list reads its portals again).
 */
export default function ImportPortal({ root, portalHref, onImported }) {
  const [open, setOpen] = useState(false);
  const link = root && root.links && root.links.import_portal;
  if (!link) return null;
  return (
    <>
      <button type="button" className="btn btn--small" onClick={() => setOpen(true)} data-testid="import-portal">
        {t('imports.importPortal')}
      </button>
      {open && <ImportPortalDialog link={link} portalHref={portalHref} onClose={() => setOpen(false)} onImported={onImported} />}
    </>
  );
}
