import { Suspense, lazy, useId, useMemo, useState } from 'react';
import Loading from '../../components/Loading.jsx';
import useFetch from '../../hooks/useFetch.js';
import { slug } from '../../lib/csv.js';
import { formatDate } from '../../lib/dates.js';
import { errorMessage } from '../../lib/errors.js';
import { formatNumber, t } from '../../lib/i18n.js';
import { toast } from '../../lib/toast.js';
import { downloadExport, loadReport } from './api.js';
import { chartSeries, periodOptions, reportMatrix } from './effortHelpers.js';
import ReportTable, { StatusLegend } from './ReportTable.jsx';
import './effortReport.css';

// chart.js comes with the chart, not with the page.
const EffortChart = lazy(() => import('./EffortChart.jsx'));

const periodLabel = (name) => (String(name).toLowerCase() === 'all' ? t('effortReport.allPeriods') : name);

function PeriodPicker({ value, options, onChange }) {
  const id = useId();
  return (
    <span className="effort__pick">
      <label htmlFor={id}>{t('effortReport.period')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} data-testid="effort-period">
        {options.map((name) => <option key={name} value={name}>{periodLabel(name)}</option>)}
      </select>
    </span>
  );
}

/** 'Export CSV' and 'Export XLSX', each where the answer links it. */
function Exports({ links, fileBase }) {
  const [busy, setBusy] = useState(null);
  const run = (kind) => {
    setBusy(kind);
    downloadExport(links[kind], `${fileBase}.${kind}`)
      .catch((err) => toast(t('effortReport.exportFailed', { message: errorMessage(err) }), 'error'))
      .finally(() => setBusy(null));
  };
  return ['csv', 'xlsx'].filter((kind) => links[kind]).map((kind) => (
    <button key={kind} type="button" className="btn btn--small" disabled={busy === kind} onClick={() => run(kind)}
      data-testid={`effort-export-${kind}`}>{kind === 'csv' ? t('effortReport.exportCsv') : t('effortReport.exportXlsx')}</button>
  ));
}

/** The period the answer covers: its name, its days and what a person-month is. */
function PeriodNote({ data }) {
  const period = data.period || {};
  const days = period.from && period.to ? t('effortReport.periodDays', { from: formatDate(period.from), to: formatDate(period.to) }) : '';
  return (
    <p className="muted effort__note" data-testid="effort-period-note">
      {[period.name ? periodLabel(period.name) : '', days].filter(Boolean).join(': ')}
      {data.hoursPerPersonMonth ? ` · ${t('effortReport.hoursPerPm', { hours: formatNumber(data.hoursPerPersonMonth, { maximumFractionDigits: 2 }) })}` : ''}
    </p>
  );
}

/** Planned against actual per organisation or per work package, the chart drawn once its chunk is in. */
function ChartSection({ matrix }) {
  const [by, setBy] = useState('organisation');
  const series = useMemo(() => chartSeries(matrix, by), [matrix, by]);
  const title = by === 'module' ? t('effortReport.chartByPackage') : t('effortReport.chartByOrganisation');
  return (
    <section className="effort-chart" data-testid="effort-chart" data-by={by} aria-label={title}>
      <div className="toggle" role="group" aria-label={t('effortReport.chartGrouping')}>
        {[['organisation', t('effortReport.byOrganisation')], ['module', t('effortReport.byPackage')]].map(([key, label]) => (
          <button key={key} type="button" className={key === by ? 'toggle__btn toggle__btn--on' : 'toggle__btn'} aria-pressed={key === by}
            onClick={() => setBy(key)} data-testid={`effort-chart-${key}`}>{label}</button>
        ))}
      </div>
      <div className="effort-chart__box">
        <Suspense fallback={<Loading inline />}><EffortChart series={series} title={title} /></Suspense>
      </div>
    </section>
  );
}

function ReportBody({ data }) {
  const matrix = useMemo(() => reportMatrix(data), [data]);
  if (matrix.empty) return <p className="empty" data-testid="effort-empty">{t('effortReport.empty')}</p>;
  return (
    <>
      <StatusLegend />
      {data.rule && <p className="muted effort__rule" data-testid="effort-rule">{data.rule}</p>}
      <ReportTable matrix={matrix} />
      <ChartSection matrix={matrix} />
    </>
  );
}

/**
 * A project's effort report (issue 45), at its `effort_report` link (the project's viewers): actual against planned
 * person-months of each organisation on each work package over a period of the portal (or all of them), as a
 * table and a chart, and the same as CSV or XLSX where the answer links them. `periods`: the portal's periods
 * ([{name}] or names) when the page has them; the answer's own list is used as well.
 */
export default function EffortReport({ project, periods = [] }) {
  const link = (project && project.links && project.links.effort_report) || null;
  const [period, setPeriod] = useState('all');
  const report = useFetch(link ? loadReport : null, [link, period], { keep: true });
  const { data } = report;
  if (!link) return null;
  const options = periodOptions(data, periods);
  if (!options.includes(period)) options.push(period);
  const links = (data && data.links) || {};
  return (
    <section className="effort" aria-labelledby="effort-report-title" data-testid="effort-report" aria-busy={report.status !== 'succeeded' && report.status !== 'failed'}>
      <div className="effort__head">
        <h2 id="effort-report-title" className="section-title">{t('effortReport.title')}</h2>
        <div className="effort__tools">
          <PeriodPicker value={period} options={options} onChange={setPeriod} />
          {data && <Exports links={links} fileBase={['effort', slug(project.name), slug(period)].filter(Boolean).join('-')} />}
        </div>
      </div>
      {report.error && <p className="form__error" role="alert" data-testid="effort-error">{report.error}</p>}
      {(report.status === 'loading' || report.status === 'reloading') && <Loading inline />}
      {data && <PeriodNote data={data} />}
      {data && <ReportBody data={data} />}
    </section>
  );
}
