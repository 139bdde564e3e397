/**
 * The metrics dashboard of a module (the 'metric' tab) or a portal (/portal/{id}/metrics): metric panels
 * on a react-grid-layout grid (row height 100, 12 columns, panels 3 x 4 by default), draggable and
 * resizable only when the report offers save_layout; each move is saved through save-layout.
 */
import { useEffect, useMemo, useState } from 'react';
import GridLayout, { WidthProvider } from 'react-grid-layout/legacy';
import 'react-grid-layout/css/styles.css';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import FormDialog from '../../components/FormDialog.jsx';
import Loading from '../../components/Loading.jsx';
import api, { errorMessage } from '../../lib/apiClient.js';
import useFetch from '../../lib/useFetch.js';
import MetricPanel from './MetricPanel.jsx';
import { GRID, gridLayout, layoutForSave, sameLayout } from './reportHelpers.js';
import './metrics.css';

const Grid = WidthProvider(GridLayout);

export default function MetricsDashboard({ module, title = 'Metrics' }) {
  const { status, data: report, error, reload, setData } = useFetch(`/api/report/list/${module.id}`);
  const [items, setItems] = useState([]);
  const [dialog, setDialog] = useState(null); // {kind: 'add'|'edit'|'delete', metric}
  const [saveState, setSaveState] = useState(null);
  const [delState, setDelState] = useState({ busy: false, error: null });
  const metrics = (report && report.metrics) || [];
  const links = (report && report.links) || {};
  const canArrange = Boolean(links.save_layout);
  const saved = useMemo(() => (report ? gridLayout(report.layout, report.metrics) : []), [report]);

  useEffect(() => { setItems(saved); }, [saved]);
  // Every panel always has its item: a new panel takes its saved place at once (never a 1 x 1 default).
  const shown = useMemo(() => {
    const have = new Map(items.map((it) => [String(it.i), it]));
    return saved.map((it) => have.get(it.i) || it);
  }, [items, saved]);

  if (status === 'loading' || status === 'idle') return <Loading inline />;
  if (status === 'failed') return <div className="form__error" role="alert">Error: {error}</div>;

  const saveLayout = async (layout) => {
    setItems(layout);
    if (!canArrange || sameLayout(layout, saved)) return;
    const wanted = JSON.stringify(layoutForSave(layout));
    const fd = new FormData();
    fd.append('layout', wanted);
    setSaveState('saving');
    try {
      const res = await api.post(links.save_layout.url, fd);
      setData({ ...report, layout: res.data.item.layout });
      setSaveState('saved');
    } catch (err) {
      setSaveState(`error: ${errorMessage(err)}`);
      setItems(saved);
    }
  };

  const replaceMetric = (item) => {
    setData({ ...report, metrics: metrics.map((m) => (m.id === item.id ? { ...m, ...item } : m)) });
  };

  const remove = async () => {
    setDelState({ busy: true, error: null });
    try {
      await api.delete(dialog.metric.links.delete.url);
      setDelState({ busy: false, error: null });
      setDialog(null);
      reload();
    } catch (err) {
      setDelState({ busy: false, error: errorMessage(err) });
    }
  };

  return (
    <div className="metrics" data-testid="metrics-dashboard">
      <div className="metrics__head">
        <h2 className="section-title">{title}</h2>
        <span className="muted metrics__status" data-testid="layout-status">
          {saveState === 'saving' && 'Saving the layout...'}
          {saveState === 'saved' && 'Layout saved'}
          {saveState && saveState.startsWith('error') && <span className="form__error">{saveState}</span>}
        </span>
        {links.add_metric && (
          <button type="button" className="btn btn--primary btn--small" data-testid="add-metric"
            onClick={() => setDialog({ kind: 'add' })}>+ Add Metric</button>
        )}
      </div>
      {!metrics.length && <div className="empty">No metrics yet{links.add_metric ? ': add one to chart a custom field.' : ''}</div>}
      {metrics.length > 0 && (
        <Grid className={canArrange ? 'metrics-grid metrics-grid--editable' : 'metrics-grid'} layout={shown}
          cols={GRID.cols} rowHeight={GRID.rowHeight} margin={[12, 12]} isDraggable={canArrange} isResizable={canArrange}
          draggableHandle=".metric-panel__drag" onDragStop={saveLayout} onResizeStop={saveLayout}
          onLayoutChange={setItems} compactType="vertical">
          {metrics.map((m) => (
            <div key={String(m.id)} className="metrics-grid__item" data-testid="grid-item" data-metric-id={m.id}>
              <MetricPanel key={m.attribute} moduleId={module.id} metric={m}
                onConfigure={(metric) => setDialog({ kind: 'edit', metric })}
                onDelete={(metric) => { setDelState({ busy: false, error: null }); setDialog({ kind: 'delete', metric }); }} />
            </div>
          ))}
        </Grid>
      )}
      {dialog && dialog.kind === 'add' && (
        <FormDialog title="Add Metric" url={links.add_metric.url} submitLabel="Add"
          onClose={() => setDialog(null)} onSuccess={() => { setDialog(null); reload(); }} />
      )}
      {dialog && dialog.kind === 'edit' && (
        <FormDialog title={`Configure ${dialog.metric.title}`} url={dialog.metric.links.edit.url} submitLabel="Save"
          onClose={() => setDialog(null)} onSuccess={(item) => { setDialog(null); replaceMetric(item); }} />
      )}
      {dialog && dialog.kind === 'delete' && (
        <ConfirmDialog title="Delete metric" detail={dialog.metric.title} busy={delState.busy} error={delState.error}
          onConfirm={remove} onCancel={() => setDialog(null)} />
      )}
    </div>
  );
}
