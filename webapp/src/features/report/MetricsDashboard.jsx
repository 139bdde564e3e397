/**
 * The metrics dashboard of a module (the 'metric' tab) or a portal (/portal/{id}/metrics): metric panels
 * on a react-grid-layout grid (row height 100, 12 columns, panels 3 x 4 by default), draggable and
 * resizable only when the report offers save_layout; each move is saved through save-layout. On a phone the
 * panels stack in one column, in the layout's reading order, and are not arranged there (the saved layout stays).
 */
import { useState } from 'react';
import GridLayout, { WidthProvider } from 'react-grid-layout/legacy';
import 'react-grid-layout/css/styles.css';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import FormDialog from '../../components/FormDialog.jsx';
import Loading from '../../components/Loading.jsx';
import useConfirmAction from '../../hooks/useConfirmAction.js';
import useFetch from '../../hooks/useFetch.js';
import { t } from '../../lib/i18n.js';
import { deleteMetric, viewReport } from './api.js';
import MetricPanel from './MetricPanel.jsx';
import { GRID } from './reportHelpers.js';
import useLayout from './useLayout.js';
import './metrics.css';

const Grid = WidthProvider(GridLayout);

function LayoutStatus({ saveState }) {
  return (
    <span className="muted metrics__status" data-testid="layout-status">
      {saveState === 'saving' && t('report.savingLayout')}
      {saveState === 'saved' && t('report.layoutSaved')}
      {saveState && saveState.error && <span className="form__error">{t('report.layoutError', { error: saveState.error })}</span>}
    </span>
  );
}

/** The add and configure dialogs (server forms): {kind: 'add' | 'edit', metric}. */
function MetricDialog({ dialog, links, onClose, onAdded, onSaved }) {
  if (dialog.kind === 'add') {
    return <FormDialog title={t('report.addMetricTitle')} url={links.add_metric.url} submitLabel={t('common.add')} onClose={onClose} onSuccess={onAdded} />;
  }
  return (
    <FormDialog title={t('report.configureMetric', { title: dialog.metric.title })} url={dialog.metric.links.edit.url} submitLabel={t('common.save')}
      onClose={onClose} onSuccess={onSaved} />
  );
}

export default function MetricsDashboard({ module, title = t('report.metrics') }) {
  const { status, data: report, error, reload, setData } = useFetch(viewReport, [module.id]);
  const layout = useLayout(report, setData);
  const [dialog, setDialog] = useState(null); // {kind: 'add'|'edit', metric}
  const del = useConfirmAction(async (metric) => { await deleteMetric(metric); reload(); });
  const metrics = (report && report.metrics) || [];
  const links = (report && report.links) || {};

  if (status === 'loading' || status === 'idle') return <Loading inline />;
  if (status === 'failed') return <div className="form__error" role="alert">{t('report.error', { error })}</div>;
  const replaceMetric = (item) => setData({ ...report, metrics: metrics.map((m) => (m.id === item.id ? { ...m, ...item } : m)) });
  // Where the grid turns into one column (phones, metrics.css), the panels follow the layout's reading order.
  const rank = Object.fromEntries([...layout.shown].sort((a, b) => a.y - b.y || a.x - b.x).map((it, n) => [it.i, n]));
  return (
    <div className="metrics" data-testid="metrics-dashboard">
      <div className="metrics__head">
        <h2 className="section-title">{title}</h2>
        <LayoutStatus saveState={layout.saveState} />
        {links.add_metric && (
          <button type="button" className="btn btn--primary btn--small" data-testid="add-metric" onClick={() => setDialog({ kind: 'add' })}>{t('report.addMetric')}</button>
        )}
      </div>
      {!metrics.length && <div className="empty">{links.add_metric ? t('report.noMetricsAdd') : t('report.noMetrics')}</div>}
      {metrics.length > 0 && (
        <Grid className={layout.canArrange ? 'metrics-grid metrics-grid--editable' : 'metrics-grid'} layout={layout.shown}
          cols={GRID.cols} rowHeight={GRID.rowHeight} margin={[12, 12]} isDraggable={layout.canArrange} isResizable={layout.canArrange}
          draggableHandle=".metric-panel__drag" onDragStop={layout.save} onResizeStop={layout.save}
          onLayoutChange={layout.setItems} compactType="vertical">
          {metrics.map((m) => (
            <div key={String(m.id)} className="metrics-grid__item" style={{ order: rank[String(m.id)] }} data-testid="grid-item"
              data-metric-id={m.id}>
              <MetricPanel key={m.attribute} moduleId={module.id} metric={m}
                onConfigure={(metric) => setDialog({ kind: 'edit', metric })} onDelete={del.ask} />
            </div>
          ))}
        </Grid>
      )}
      {dialog && (
        <MetricDialog dialog={dialog} links={links} onClose={() => setDialog(null)}
          onAdded={() => reload()} onSaved={(item) => replaceMetric(item)} />
      )}
      {del.target && <ConfirmDialog title={t('report.deleteMetricTitle')} detail={del.target.title} action={del} />}
    </div>
  );
}
