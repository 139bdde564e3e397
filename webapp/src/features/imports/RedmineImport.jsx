import { useState } from 'react';
import { errorMessage, fieldErrors } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { probeRedmine, startRedmine } from './api.js';
import JobView from './JobView.jsx';
import { Refusal, RunButtons } from './parts.jsx';
import RedmineConnect from './RedmineConnect.jsx';
import RedmineMapping from './RedmineMapping.jsx';
import useStart from './useStart.js';

const NO_PROBE = { busy: false, error: null, fields: {}, answer: null };

/** The default mapping of a probe's answer: each status as the server proposes it. */
const defaults = (answer) => ({
  statuses: Object.fromEntries((answer.statuses || []).map((s) => [String(s.id), s.status])), tracker: 'field', people: 'invite',
  levels: ['4rineu_project', '4rineu_phase'],
});

/**
 * A Redmine project brought in: where it is (address, API key, identifier), then what Redmine holds and how its
 * statuses, tracker and people map; a dry run counts, the import runs on the worker. The key is sent with each
 * call and kept nowhere here. `links`: the import list's (`redmine`).
 */
export default function RedmineImport({ links, moduleHref, onChanged }) {
  const [conn, setConn] = useState({ url: '', key: '', project: '' });
  const [probe, setProbe] = useState(NO_PROBE);
  const [mapping, setMapping] = useState(null);
  const run = useStart(onChanged);

  const ask = async () => {
    setProbe({ ...NO_PROBE, busy: true });
    run.reset();
    try {
      const answer = await probeRedmine(links, conn);
      setProbe({ ...NO_PROBE, answer });
      setMapping(defaults(answer));
    } catch (err) {
      setProbe({ ...NO_PROBE, error: errorMessage(err), fields: fieldErrors(err) });
    }
  };
  const back = () => { setProbe(NO_PROBE); setMapping(null); run.reset(); };
  const settled = (job) => { run.settled(); if (onChanged) onChanged(job); };
  const busy = run.busy || run.running;

  return (
    <section className="import-panel" aria-labelledby="import-redmine-title" data-testid="import-redmine">
      <h3 id="import-redmine-title" className="import-panel__title">{t('imports.redmineTitle')}</h3>
      <p className="muted">{t('imports.redmineHelp')}</p>
      {!probe.answer && <RedmineConnect value={conn} onChange={setConn} onSubmit={ask} probe={probe} />}
      {probe.answer && (
        <>
          <RedmineMapping probe={probe.answer} value={mapping} onChange={(m) => { setMapping(m); run.reset(); }} disabled={busy} />
          <div className="import-actions">
            <button type="button" className="btn btn--small btn--ghost" onClick={back} disabled={busy} data-testid="redmine-back">
              {t('imports.changeConnection')}
            </button>
            <RunButtons busy={run.busy} disabled={run.running}
              onRun={(dryRun) => run.start(() => startRedmine(links, { ...conn, ...mapping, dryRun }))} />
          </div>
        </>
      )}
      <Refusal message={run.error} fields={run.fields} />
      {run.job && <JobView key={run.job.id} job={run.job} moduleHref={moduleHref} onSettled={settled} />}
    </section>
  );
}
