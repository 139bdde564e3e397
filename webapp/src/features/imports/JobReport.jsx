import { Link } from 'react-router-dom';
import { formatNumber, t } from '../../lib/i18n.js';
import { COUNTED, countLabel } from './labels.js';
import { Scroll } from './parts.jsx';

/** The summary line of an ended job: what happened, and whether anything was written. */
function summary(job, errors) {
  if (errors.length) return t('imports.rowsToFix', { count: errors.length });
  if (job.state === 'FAILED') return t('imports.failed');
  if (job.state === 'CANCELLED') return t('imports.cancelled');
  return job.dryRun ? t('imports.dryRunDone') : t('imports.done');
}

/** Created and updated per kind (only the kinds with either); a dry run's are what the import would do. */
function Counts({ report, dryRun }) {
  const created = report.created || {};
  const updated = report.updated || {};
  const kinds = COUNTED.filter((k) => created[k] || updated[k]);
  if (!kinds.length) return <p className="muted">{t('imports.nothingCounted')}</p>;
  const caption = dryRun ? t('imports.countsDryRun') : t('imports.counts');
  return (
    <Scroll label={caption}>
    <table className="table import-counts" data-testid="import-counts">
      <caption className="import-caption">{caption}</caption>
      <thead><tr><th scope="col">{t('imports.what')}</th><th scope="col">{t('imports.created')}</th><th scope="col">{t('imports.updated')}</th></tr></thead>
      <tbody>
        {kinds.map((k) => (
          <tr key={k} data-testid="import-count" data-kind={k}>
            <th scope="row">{countLabel(k)}</th>
            <td className="import-num">{formatNumber(created[k] || 0)}</td>
            <td className="import-num">{formatNumber(updated[k] || 0)}</td>
          </tr>
        ))}
      </tbody>
    </table>
    </Scroll>
  );
}

/** The rows the source could not take, by row number as the sheet shows it (nothing was written). */
function Errors({ errors }) {
  return (
    <Scroll label={t('imports.errorsCaption')}>
    <table className="table import-errors" data-testid="import-errors">
      <caption className="import-caption">{t('imports.errorsCaption')}</caption>
      <thead><tr><th scope="col">{t('imports.row')}</th><th scope="col">{t('imports.column')}</th><th scope="col">{t('imports.message')}</th></tr></thead>
      <tbody>
        {errors.map((e, i) => (
          // by position: a row may hold several errors of one column
          <tr key={i} data-testid="import-error" data-row={e.row}>
            <td className="import-num">{e.row === null || e.row === undefined ? '' : formatNumber(e.row)}</td>
            <td>{e.column || ''}</td>
            <td className="import-wrap">{e.message}</td>
          </tr>
        ))}
      </tbody>
    </table>
    </Scroll>
  );
}

function Skipped({ skipped }) {
  return (
    <div className="import-skipped" data-testid="import-skipped">
      <p className="import-subtitle">{t('imports.skipped', { count: skipped.length })}</p>
      <ul className="import-skipped__list">
        {skipped.map((s, i) => (
          // by position: two things may be skipped for one reason
          <li key={i}><strong>{s.what}</strong>: {s.reason}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * An ended job's report: what it says in a line, the counts created and updated by kind, the skipped things with
 * their reasons, the rows in error (row, column, message) and a link to the imported module (`moduleHref(id)`: its
 * page in the app) when the job offers `module`.
 */
export default function JobReport({ job, moduleHref }) {
  const report = job.report || {};
  const errors = report.errors || [];
  const skipped = report.skipped || [];
  const failed = errors.length > 0 || job.state !== 'DONE';
  const target = job.links && job.links.module && report.moduleId && moduleHref ? moduleHref(report.moduleId) : null;
  return (
    <section className="import-report" data-testid="import-report" data-state={job.state} aria-label={t('imports.report')}>
      <p className={failed ? 'form__error import-report__summary' : 'import-report__summary import-report__summary--ok'} role="status">
        {summary(job, errors)}
      </p>
      {report.message && !errors.length && <p className="import-wrap" data-testid="import-message">{report.message}</p>}
      {errors.length > 0 && <Errors errors={errors} />}
      {!errors.length && job.state === 'DONE' && <Counts report={report} dryRun={job.dryRun} />}
      {skipped.length > 0 && <Skipped skipped={skipped} />}
      {target && <p><Link to={target} className="btn btn--small btn--primary" data-testid="import-open">{t('imports.openModule')}</Link></p>}
    </section>
  );
}
