import { useEffect, useState } from 'react';
import FormDialog from '../../components/FormDialog.jsx';
import useFetch from '../../hooks/useFetch.js';
import { BOM, csvFileName, downloadCsv } from '../../lib/csv.js';
import { formatDate } from '../../lib/dates.js';
import { errorMessage } from '../../lib/errors.js';
import { formatNumber, t } from '../../lib/i18n.js';
import { exportMspdi, listBaselines, loadSlips, slipsCsv } from './api.js';
import './planning.css';

const sorts = () => [['slip', t('planning.daysLate')], ['name', t('common.name')], ['deadline', t('planning.deadline')]];

/** '+3', '−1' or 'on time' (working days); '—' when either deadline is missing. */
export function slipText(slip) {
  if (slip === null || slip === undefined) return '—';
  if (slip === 0) return t('planning.onTime');
  return slip > 0 ? `+${formatNumber(slip)}` : `−${formatNumber(-slip)}`;
}

const slipColumns = () => [['name', t('planning.module')], [null, t('planning.baselineDeadline')], ['deadline', t('planning.deadline')],
  ['slip', t('planning.workingDaysLate')]];

/** The slip table of a baseline: each module's deadline then and now, and the working days late; sortable. */
function SlipTable({ baseline, sort, onSort, slips }) {
  return (
    <div className="slips" data-testid="slip-table">
      <table className="table">
        <caption className="sr-only">{t('planning.slipsCaption', { name: baseline.name })}</caption>
        <thead>
          <tr>
            {slipColumns().map(([key, label]) => (
              <th key={label} scope="col" aria-sort={key && key === sort ? (key === 'slip' ? 'descending' : 'ascending') : undefined}>
                {key ? <button type="button" className="slips__sort" onClick={() => onSort(key)}>{label}</button> : label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {slips.map((r) => (
            <tr key={r.id} data-testid="slip-row" data-slip={r.slip ?? ''}>
              <td style={{ paddingLeft: 12 + Math.min(r.depth, 6) * 12 }}>{r.name}</td>
              <td className="nowrap">{formatDate(r.baseline.deadline) || '—'}</td>
              <td className="nowrap">{formatDate(r.current.deadline) || '—'}</td>
              <td className={r.slip > 0 ? 'slips__late' : ''}>{slipText(r.slip)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Baselines of a module's plan (issue 42, points 5 and 8), above its Gantt: 'Save baseline' (where the module's
 * `add_baseline` link allows), a choice of baseline to show as thin bars under today's (`onShow({id: dates})`),
 * and its slip table, sortable and exported as CSV, read again when `stamp` changes (a bar moved); the plan as
 * MS Project XML (with the baseline shown) and printed (gantt.css's print rules).
 */
export default function Baselines({ module, onShow, stamp = 0 }) {
  const links = module.links || {};
  const list = useFetch(listBaselines, [links.baselines || null]);
  const [chosen, setChosen] = useState('');
  const [sort, setSort] = useState('slip');
  const [saving, setSaving] = useState(false);
  const [tableOpen, setTableOpen] = useState(false);
  const [failed, setFailed] = useState(null);
  const baselines = list.data || [];
  const baseline = baselines.find((b) => String(b.id) === chosen) || null;
  const slips = useFetch(baseline ? loadSlips : null, [baseline && baseline.links.slips, sort, stamp], { keep: true });
  const rows = (baseline && slips.data && slips.data.list) || [];
  const shownId = baseline && slips.data && slips.data.baseline.id === baseline.id ? baseline.id : null;
  // The Gantt's thin bars: the chosen baseline's dates, once its table has arrived (none without a choice).
  useEffect(() => {
    onShow(shownId ? Object.fromEntries(slips.data.list.map((r) => [r.id, r.baseline])) : null);
  }, [shownId, slips.data, onShow]);
  if (!links.baselines) return null;

  const exportCsv = () => slipsCsv(baseline.links.slips, sort)
    .then((text) => downloadCsv(csvFileName(['slips', baseline.name]), text.startsWith(BOM) ? text : BOM + text))
    .catch((err) => setFailed(errorMessage(err)));

  return (
    <div className="baselines" data-testid="baselines">
      <label className="baselines__pick">
        <span>{t('planning.baseline')}</span>
        <select value={chosen} onChange={(e) => setChosen(e.target.value)} data-testid="baseline-pick">
          <option value="">{t('planning.none')}</option>
          {baselines.map((b) => <option key={b.id} value={String(b.id)}>{b.name}</option>)}
        </select>
      </label>
      {baseline && (
        <>
          <button type="button" className="btn btn--small" aria-expanded={tableOpen} onClick={() => setTableOpen(!tableOpen)}
            data-testid="slips-toggle">{t('planning.slipTable')}</button>
          <button type="button" className="btn btn--small" onClick={exportCsv} data-testid="slips-csv">{t('planning.exportCsv')}</button>
        </>
      )}
      {links.add_baseline && (
        <button type="button" className="btn btn--small" onClick={() => setSaving(true)} data-testid="save-baseline">{t('planning.saveBaseline')}</button>
      )}
      {links.export_mspdi && (
        <button type="button" className="btn btn--small" data-testid="export-mspdi"
          title={t('planning.exportMspdiTitle')}
          onClick={() => exportMspdi(links.export_mspdi, baseline).catch((err) => setFailed(errorMessage(err)))}>{t('planning.exportMspdi')}</button>
      )}
      <button type="button" className="btn btn--small" onClick={() => window.print()} data-testid="print-gantt">{t('planning.print')}</button>
      {failed && <p className="form__error" role="alert">{failed}</p>}
      {baseline && tableOpen && (
        <>
          <div className="baselines__sort" role="group" aria-label={t('planning.sortSlipTable')}>
            {sorts().map(([key, label]) => (
              <button key={key} type="button" className={key === sort ? 'toggle__btn toggle__btn--on' : 'toggle__btn'} aria-pressed={key === sort}
                onClick={() => setSort(key)}>{label}</button>
            ))}
          </div>
          <SlipTable baseline={baseline} sort={sort} onSort={setSort} slips={rows} />
        </>
      )}
      {saving && (
        <FormDialog title={t('planning.saveBaselineTitle')} url={links.add_baseline.url} testId="baseline-form" onClose={() => setSaving(false)}
          note={<p className="muted">{t('planning.saveBaselineNote')}</p>}
          onSuccess={(item) => { list.reload(); setChosen(String(item.id)); }} />
      )}
    </div>
  );
}
