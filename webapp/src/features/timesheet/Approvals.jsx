import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import DataTable from '../../components/DataTable.jsx';
import Loading from '../../components/Loading.jsx';
import useFetch from '../../hooks/useFetch.js';
import { formatApiDateTime } from '../../lib/dates.js';
import { errorMessage } from '../../lib/errors.js';
import { formatNumber, t } from '../../lib/i18n.js';
import { toast } from '../../lib/toast.js';
import { approveSheet, downloadSheetPdf, listSheets } from './api.js';
import { StateBadge, stateLabel } from './MonthStates.jsx';
import ReturnDialog from './ReturnDialog.jsx';
import { hoursOf, monthName } from './weeks.js';
import './timesheet.css';

export const STATES = ['SUBMITTED', 'RETURNED', 'APPROVED'];
const ALL = 'all';

/** A sheet's buttons, each only where its link is: Open PDF, Approve, Return. */
function SheetActions({ sheet, busy, onPdf, onApprove, onReturn }) {
  const links = sheet.links || {};
  return (
    <span className="timesheet__actions">
      {links.pdf && (
        <button type="button" className="btn btn--tiny" onClick={() => onPdf(sheet)} data-testid="ts-pdf">{t('timesheet.openPdf')}</button>
      )}
      {links.approve && (
        <button type="button" className="btn btn--tiny btn--primary" disabled={busy} onClick={() => onApprove(sheet)}
          data-testid="ts-approve">{t('timesheet.approve')}</button>
      )}
      {links.return && (
        <button type="button" className="btn btn--tiny btn--danger-outline" disabled={busy} onClick={() => onReturn(sheet)}
          data-testid="ts-return">{t('timesheet.return')}</button>
      )}
    </span>
  );
}

function SheetState({ sheet }) {
  return (
    <span className="timesheet__sheet-state">
      <StateBadge state={sheet.state} />
      {sheet.decidedBy && <span className="muted">{t('timesheet.decidedBy', { name: sheet.decidedBy.name, when: formatApiDateTime(sheet.decided) })}</span>}
      {sheet.comment && <span className="timesheet__comment">{sheet.comment}</span>}
    </span>
  );
}

function useColumns(actions) {
  return useMemo(() => [
    { Header: t('timesheet.person'), id: 'person', accessor: (r) => (r.user ? r.user.name : ''), held: true },
    { Header: t('timesheet.month'), accessor: 'month', Cell: ({ value }) => monthName(value) },
    {
      Header: t('timesheet.hours'), id: 'hours', accessor: (r) => hoursOf(r.totalMinutes), filter: 'range',
      Cell: ({ value }) => <span className="nowrap" data-testid="ts-sheet-hours">{formatNumber(value, { maximumFractionDigits: 2 })}</span>,
    },
    { Header: t('timesheet.submitted'), accessor: 'submitted', Cell: ({ value }) => <span className="nowrap">{formatApiDateTime(value)}</span> },
    {
      Header: t('timesheet.state'), id: 'state', accessor: (r) => stateLabel(r.state),
      Cell: ({ row }) => <SheetState sheet={row.original} />,
    },
    {
      Header: t('common.actions'), id: 'actions', csv: false, disableSortBy: true, filter: false,
      Cell: ({ row }) => <SheetActions sheet={row.original} {...actions} busy={actions.busy === row.original.id} />,
    },
  ], [actions]);
}

/** Approve, open the PDF, or ask for Return's comment; each decision says so in a toast and reads the list again. */
function useSheetActions(reload) {
  const [busy, setBusy] = useState(null);
  const [returning, setReturning] = useState(null);
  const actions = useMemo(() => ({
    busy,
    onPdf: (sheet) => downloadSheetPdf(sheet, `timesheet-${sheet.month}.pdf`).catch((err) => toast(errorMessage(err), 'error')),
    onApprove: (sheet) => {
      setBusy(sheet.id);
      approveSheet(sheet)
        .then(() => {
          toast(t('timesheet.approvedToast', { name: sheet.user ? sheet.user.name : '', month: monthName(sheet.month) }));
          reload();
        })
        .catch((err) => toast(errorMessage(err), 'error'))
        .finally(() => setBusy(null));
    },
    onReturn: (sheet) => setReturning(sheet),
  }), [busy, reload]);
  return { actions, returning, closeReturn: () => setReturning(null) };
}

/**
 * /{base}/{portalId}/timesheet/approvals: the monthly timesheets the reader may decide (and their own), submitted
 * ones first (a state filter shows the others), each with its PDF and, where its links say, Approve and Return.
 */
export default function Approvals({ portal }) {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('state');
  const state = chosen === ALL ? '' : (STATES.includes(chosen) ? chosen : 'SUBMITTED');
  const link = (portal.links && portal.links.timesheets) || null;
  const { status, data, error, reload } = useFetch(listSheets, [portal.id, link, state], { keep: true });
  const { actions, returning, closeReturn } = useSheetActions(reload);
  const columns = useColumns(actions);
  const rows = useMemo(() => data || [], [data]);
  const filter = (
    <label className="timesheet__filter">
      {t('timesheet.state')}
      <select value={state || ALL} onChange={(e) => setParams({ state: e.target.value })} data-testid="ts-state-filter">
        {STATES.map((s) => <option key={s} value={s}>{stateLabel(s)}</option>)}
        <option value={ALL}>{t('timesheet.allStates')}</option>
      </select>
    </label>
  );
  return (
    <div className="page timesheet" data-testid="ts-approvals">
      <h1 className="page__title">{t('timesheet.approvalsTitle')}</h1>
      <p className="muted">{t('timesheet.approvalsIntro', { portal: portal.name })}</p>
      {error && <div className="form__error" role="alert">{error}</div>}
      {status === 'loading' ? <Loading inline /> : status !== 'failed' && (
        <DataTable columns={columns} data={rows} testId="ts-sheets" toolbar={filter} emptyText={t('timesheet.noSheets')}
          exportName={[t('timesheet.sheetsFile'), portal.name]} rowProps={(r) => ({ 'data-testid': 'ts-sheet', 'data-id': r.id })} />
      )}
      {returning && <ReturnDialog sheet={returning} onClose={closeReturn} onDone={reload} />}
    </div>
  );
}
