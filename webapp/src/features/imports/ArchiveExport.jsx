import { useState } from 'react';
import { errorMessage } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { downloadArchive } from './api.js';
import { Refusal } from './parts.jsx';

/**
 * The portal as one archive (docs/archive-format.md): its modules, memberships by e-mail, deliverables, custom
 * fields, articles, comments, files, relations, baselines and time, to bring into another installation as a new
 * portal. Downloaded through the list's `export_archive` link (its admins).
 */
export default function ArchiveExport({ links }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const [saved, setSaved] = useState(null);
  const link = links.export_archive;
  const download = async () => {
    setBusy(true);
    setError(null);
    setSaved(null);
    try {
      setSaved(await downloadArchive(link));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="import-panel" aria-labelledby="import-archive-title" data-testid="import-archive">
      <h3 id="import-archive-title" className="import-panel__title">{t('imports.archiveTitle')}</h3>
      <p className="muted">{t('imports.archiveHelp')}</p>
      {link ? (
        <div className="import-actions">
          <button type="button" className="btn btn--small btn--primary" onClick={download} disabled={busy} data-testid="archive-export">
            {busy ? t('imports.preparingArchive') : t('imports.downloadArchive')}
          </button>
        </div>
      ) : <p className="empty">{t('imports.noExport')}</p>}
      {saved && <p className="muted import-wrap" role="status" data-testid="archive-saved">{t('imports.archiveSaved', { name: saved })}</p>}
      <Refusal message={error} />
      <p className="muted">{t('imports.archiveImportNote')}</p>
    </section>
  );
}
