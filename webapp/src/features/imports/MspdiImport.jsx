import { useState } from 'react';
import { t } from '../../lib/i18n.js';
import { startMspdi } from './api.js';
import JobView from './JobView.jsx';
import { FileField, Refusal, RunButtons } from './parts.jsx';
import useStart from './useStart.js';

/**
 * An MS Project plan saved as XML (MSPDI): tasks by outline level, links with their type and lag, milestones,
 * resources by e-mail. A dry run counts, the import runs on the worker. `links`: the import list's (`mspdi`).
 */
export default function MspdiImport({ links, moduleHref, onChanged }) {
  const [file, setFile] = useState(null);
  const run = useStart(onChanged);
  const settled = (job) => { run.settled(); if (onChanged) onChanged(job); };
  return (
    <section className="import-panel" aria-labelledby="import-mspdi-title" data-testid="import-mspdi">
      <h3 id="import-mspdi-title" className="import-panel__title">{t('imports.mspdiTitle')}</h3>
      <p className="muted">{t('imports.mspdiHelp')}</p>
      <FileField label={t('imports.mspdiFile')} accept=".xml,application/xml,text/xml" disabled={run.busy || run.running}
        onChange={(f) => { setFile(f); run.reset(); }} testId="mspdi-file" />
      <RunButtons busy={run.busy} disabled={!file || run.running} onRun={(dryRun) => run.start(() => startMspdi(links, file, dryRun))} />
      <Refusal message={run.error} fields={run.fields} />
      {run.job && <JobView key={run.job.id} job={run.job} moduleHref={moduleHref} onSettled={settled} />}
    </section>
  );
}
