/** 'Import CSV' of the effort plan (issue 45): a file sent to the plan's `import` link; a refusal line by line. */
import { useId, useState } from 'react';
import { errorMessage, fieldErrors } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { toast } from '../../lib/toast.js';
import { importPlan } from './api.js';
import { importErrors } from './effortHelpers.js';

/** `link`: the plan's `import` link; `onImported(answer)` after the file was taken. */
export default function PlanImport({ link, onImported }) {
  const id = useId();
  const [file, setFile] = useState(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState(null);
  const [round, setRound] = useState(0);

  const submit = async (e) => {
    e.preventDefault();
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await importPlan(link, file);
      toast(t('effortReport.imported'));
      setFile(null);
      setRound((r) => r + 1); // an empty file input again
      onImported(answer);
    } catch (err) {
      setFailure({ message: errorMessage(err), lines: importErrors(fieldErrors(err)) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="effort-import" onSubmit={submit} data-testid="effort-import" aria-busy={busy}>
      <h3 className="effort-import__title">{t('effortReport.importTitle')}</h3>
      <p className="muted" id={`${id}-note`}>
        {t('effortReport.importNote')} <code className="effort-import__header">{t('effortReport.importHeader')}</code>
      </p>
      <div className="effort-import__row">
        <label htmlFor={id}>{t('effortReport.csvFile')}</label>
        <input key={round} id={id} type="file" accept=".csv,text/csv" aria-describedby={`${id}-note`} data-testid="effort-import-file"
          onChange={(e) => setFile(e.target.files && e.target.files[0] ? e.target.files[0] : null)} />
        <button type="submit" className="btn btn--small" disabled={!file || busy} data-testid="effort-import-submit">
          {busy ? t('effortReport.importing') : t('effortReport.importCsv')}
        </button>
      </div>
      {failure && (
        <div className="form__error" role="alert" data-testid="effort-import-errors">
          <p className="effort-import__message">{failure.message}</p>
          {failure.lines.length > 0 && <ul className="effort-import__lines">{failure.lines.map((line) => <li key={line}>{line}</li>)}</ul>}
        </div>
      )}
    </form>
  );
}
