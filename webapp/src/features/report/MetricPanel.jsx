/** One metric panel: its title bar (drag handle, configure, delete) and its data in the panel type's shape. */
import DataTable from '../../components/DataTable.jsx';
import Loading from '../../components/Loading.jsx';
import useFetch from '../../hooks/useFetch.js';
import { t } from '../../lib/i18n.js';
import { showMetric } from './api.js';
import { BarChart, PieChart } from './Charts.jsx';
import { BG_COLORS, NUMBER_PANELS, isNumeric, numberLabel, numberOf, panelLabel, panelOf, share } from './reportHelpers.js';

const byValue = (a, b) => {
  const x = a.original.numval ?? a.original.value_formatted ?? '';
  const y = b.original.numval ?? b.original.value_formatted ?? '';
  return typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
};

// The value beside the item: a narrow panel scrolls the table and keeps both in view.
const valueColumns = () => [
  { Header: t('report.item'), accessor: 'module_name' },
  { Header: t('report.value'), accessor: 'value_formatted', id: 'value', sortType: byValue },
  { Header: t('report.type'), accessor: 'entity_name' },
  // In the CSV only: the number behind a formatted value ('€2,400,000' is 2400000), for a spreadsheet to sum.
  { Header: t('report.number'), id: 'numval', accessor: (v) => v.numval ?? '', csvOnly: true },
];

function ValueList({ report }) {
  const values = report.values || [];
  if (!values.length) return <div className="metric-empty">{t('report.noValues')}</div>;
  return (
    <ul className="metric-list" data-testid="metric-list">
      {values.map((v) => (
        <li key={v.id}><span className="metric-list__name">{v.module_name}</span><span className="metric-list__value">{v.value_formatted ?? '—'}</span></li>
      ))}
    </ul>
  );
}

function GroupList({ report }) {
  return (
    <ul className="metric-list metric-list--groups">
      {(report.groupedValues || []).map((g) => (
        <li key={String(g.label)}><span className="metric-list__name">{g.label}</span>
          <span className="metric-list__value">{g.freq} <span className="muted">({share(g)})</span></span></li>
      ))}
    </ul>
  );
}

function BigNumber({ panelType, report }) {
  const agg = report.aggregatedValues || {};
  return (
    <div className="metric-number" data-testid="metric-number">
      <div className="metric-number__value">{numberOf(panelType, agg)}</div>
      <div className="metric-number__label">{t('report.aggregateOf', { aggregate: numberLabel(panelType), count: agg.count || 0 })}</div>
    </div>
  );
}

function Numbers({ report }) {
  return (
    <div className="metric-numbers">
      {Object.keys(NUMBER_PANELS).map((p) => (
        <div key={p} className="metric-numbers__cell"><div className="metric-numbers__value">{numberOf(p, report.aggregatedValues)}</div>
          <div className="metric-numbers__label">{numberLabel(p)}</div></div>
      ))}
    </div>
  );
}

function ValuesTable({ report, full, title }) {
  return (
    <DataTable columns={valueColumns()} data={report.values || []} pageSize={full ? 10 : 5} search={Boolean(full)} filters={Boolean(full)}
      emptyText={t('report.noValues')} testId={full ? 'metric-datatable' : 'metric-table'} exportName={['metric', title || report.attribute]} />
  );
}

function Grouped({ report, title }) {
  const grouped = report.groupedValues || [];
  if (!grouped.length) return <div className="metric-empty">{t('report.noValues')}</div>;
  return <><PieChart report={report} grouped={grouped} title={title} /><GroupList report={report} /></>;
}

export function PanelBody({ panelType, report, title }) {
  const numeric = isNumeric(report.type);
  switch (panelType) {
    case 'min': case 'max': case 'avg': case 'tot':
      return <BigNumber panelType={panelType} report={report} />;
    case 'bar':
      return <BarChart report={report} title={title} />;
    case 'table':
      return <ValuesTable report={report} title={title} />;
    case 'datatable':
      return <ValuesTable report={report} title={title} full />;
    case 'all':
      return (
        <div className="metric-all">
          {numeric && <Numbers report={report} />}
          {numeric ? <BarChart report={report} title={title} /> : <Grouped report={report} title={title} />}
          <ValuesTable report={report} title={title} />
        </div>
      );
    default:
      return numeric || report.type === 'DATE' ? <ValueList report={report} /> : <Grouped report={report} title={title} />;
  }
}

export default function MetricPanel({ moduleId, metric, onConfigure, onDelete }) {
  const { panelType, bgColor } = panelOf(metric);
  const { status, data, error, httpStatus } = useFetch(showMetric, [moduleId, metric.attribute]);
  const links = metric.links || {};
  return (
    <section className={`metric-panel metric-panel--${panelType}`} style={{ background: BG_COLORS[bgColor] }}
      data-testid="metric-panel" data-metric-id={metric.id} data-panel-type={panelType} data-bg-color={bgColor}>
      <header className="metric-panel__head">
        <div className="metric-panel__drag" title={panelLabel(panelType)}>
          <h3 className="metric-panel__title" title={metric.title} data-testid="metric-title">{metric.title}</h3>
          {metric.description && <div className="metric-panel__desc" title={metric.description}>{metric.description}</div>}
        </div>
        <div className="metric-panel__tools">
          {links.edit && <button type="button" className="metric-tool" aria-label={t('report.configureMetric', { title: metric.title })} title={t('report.configure')}
            data-testid="metric-configure" onClick={() => onConfigure(metric)}>⚙</button>}
          {links.delete && <button type="button" className="metric-tool metric-tool--danger" aria-label={t('report.deleteMetric', { title: metric.title })}
            title={t('common.delete')} data-testid="metric-delete" onClick={() => onDelete(metric)}>×</button>}
        </div>
      </header>
      {/* Focusable: a panel whose content scrolls can be scrolled from the keyboard (axe scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="metric-panel__body" tabIndex={0} role="region" aria-label={metric.title}>
        {(status === 'loading' || status === 'idle') && <Loading inline />}
        {status === 'failed' && (
          <div className="metric-empty">{httpStatus === 404 ? t('report.noField', { attribute: metric.attribute }) : t('report.error', { error })}</div>
        )}
        {data && <PanelBody panelType={panelType} report={data} title={metric.title} />}
      </div>
    </section>
  );
}
