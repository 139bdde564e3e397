import { useState } from 'react';
import { errorMessage, fieldErrors } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { readColumns, startSpreadsheet } from './api.js';
import ColumnMapping, { chosenMapping, mappingProblems } from './ColumnMapping.jsx';
import JobView from './JobView.jsx';
import { FileField, Refusal, RunButtons } from './parts.jsx';
import useStart from './useStart.js';

/**
 * A CSV or XLSX work plan: the file's columns, mapped by header (the server's guess, changed by hand); a dry run
 * shows what would be created, or every row in error by its number; the import writes all of it or nothing.
 * `links`: the import list's (`spreadsheet`); `onChanged(job)` when a job starts and when it ends.
 */
export default function SpreadsheetImport({ links, moduleHref, onChanged }) {
  const [file, setFile] = useState(null);
  const [columns, setColumns] = useState(null);
  const [mapping, setMapping] = useState({});
  const [reading, setReading] = useState(false);
  const [readError, setReadError] = useState(null);
  const run = useStart(onChanged);

  const choose = async (next) => {
    setFile(next);
    setColumns(null);
    setReadError(null);
    run.reset();
    if (!next) return;
    setReading(true);
    try {
      const answer = await readColumns(links, next);
      setColumns(answer);
      setMapping(answer.mapping || {});
    } catch (err) {
      setReadError({ message: errorMessage(err), fields: fieldErrors(err) });
    } finally {
      setReading(false);
    }
  };
  const blocked = !file || !columns || mappingProblems(columns, mapping).length > 0 || run.running;
  const settled = (job) => { run.settled(); if (onChanged) onChanged(job); };

  return (
    <section className="import-panel" aria-labelledby="import-sheet-title" data-testid="import-spreadsheet">
      <h3 id="import-sheet-title" className="import-panel__title">{t('imports.spreadsheetTitle')}</h3>
      <p className="muted">{t('imports.spreadsheetHelp')}</p>
      <FileField label={t('imports.workPlanFile')} accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={choose} disabled={run.busy || run.running} testId="spreadsheet-file" />
      {reading && <p className="muted" role="status">{t('imports.readingColumns')}</p>}
      <Refusal message={readError && readError.message} fields={readError ? readError.fields : undefined} />
      {columns && (
        <ColumnMapping columns={columns} mapping={mapping} disabled={run.busy || run.running}
          onChange={(header, target) => { setMapping((m) => ({ ...m, [header]: target })); run.reset(); }} />
      )}
      {columns && (
        <RunButtons busy={run.busy} disabled={blocked}
          onRun={(dryRun) => run.start(() => startSpreadsheet(links, file, chosenMapping(mapping), dryRun))} />
      )}
      <Refusal message={run.error} fields={run.fields} />
      {run.job && <JobView key={run.job.id} job={run.job} moduleHref={moduleHref} onSettled={settled} />}
    </section>
  );
}
