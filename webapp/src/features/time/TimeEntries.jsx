import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import DataTable from '../../components/DataTable.jsx';
import Loading from '../../components/Loading.jsx';
import useConfirmAction from '../../hooks/useConfirmAction.js';
import usePagedList, { tableServer } from '../../hooks/usePagedList.js';
import { formatDate } from '../../lib/dates.js';
import { errorMessage } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { toast } from '../../lib/toast.js';
import { deleteEntry, downloadEntries, listEntries, onTimeChanged, timeChanged } from './api.js';
import { formatHours } from './duration.js';
import useEntryColumns from './entryColumns.jsx';
import { EditTimeDialog } from './LogTimeDialog.jsx';
import { LogTimeButton } from './TimeActions.jsx';
import TimeFilters from './TimeFilters.jsx';
import './time.css';

const FILTERS = ['user', 'activity', 'from', 'to'];

/** [[id, name]] sorted by name: what `pick(row)` gave ({id, name} or null) on every page seen so far, and `start`. */
function useSeen(rows, pick, start = []) {
  const [seen, setSeen] = useState(() => new Map(start.map(([id, name]) => [String(id), name])));
  const fresh = rows.map(pick).filter((x) => x && x.id !== undefined && x.id !== null && !seen.has(String(x.id)));
  if (fresh.length) {
    const next = new Map(seen);
    fresh.forEach((x) => next.set(String(x.id), x.name));
    setSeen(next);
  }
  return [...seen.entries()].sort((a, b) => String(a[1]).localeCompare(String(b[1])));
}

/** The hours of the whole filtered list (`totalHours`, else its minutes). */
export const totalHours = (data) => (data && data.totalHours !== undefined && data.totalHours !== null
  ? data.totalHours : ((data && data.totalMinutes) || 0) / 60);

/** The filters and sort of the query, without its page: what the exports send. */
export function exportQuery(query) {
  return Object.fromEntries(['sort', ...FILTERS].filter((k) => query[k]).map((k) => [k, query[k]]));
}

/** 'Export CSV' and 'Export XLSX': the same list, as the server writes it, with the filters shown. */
function ExportButtons({ url, query, name }) {
  const [busy, setBusy] = useState(false);
  const save = (format) => {
    setBusy(true);
    downloadEntries(url, exportQuery(query), format, name)
      .catch((err) => toast(errorMessage(err), 'error'))
      .finally(() => setBusy(false));
  };
  return (
    <>
      <button type="button" className="btn btn--small" disabled={busy} onClick={() => save('csv')} data-testid="time-export-csv">{t('time.exportCsv')}</button>
      <button type="button" className="btn btn--small" disabled={busy} onClick={() => save('xlsx')} data-testid="time-export-xlsx">{t('time.exportXlsx')}</button>
    </>
  );
}

/** Who and what the list may be filtered by: the module's members and the people and activities met in the list. */
function useFilterChoices(module, rows) {
  const members = useMemo(() => (module.memberships || []).map((m) => [m.userId, m.name || m.userName]), [module.memberships]);
  const people = useSeen(rows, (e) => e.user, members);
  const activities = useSeen(rows, (e) => e.activity);
  return { people, activities };
}

/**
 * The Time tab of a module (issue 45): the time logged on its whole subtree, from its `time` link, a page at a time
 * from the server (sorted by a header; filtered by person, activity and days), with the filter's total ('Total:
 * 12.5 h'), a lock mark on the entries of an approved month, each entry's Edit and Delete where its links offer them,
 * 'Log time' with the module's `add_time` link, and the list exported by the server (CSV, XLSX) as filtered. It reads
 * its list again whenever time is logged anywhere in the app (a stopped timer too); `onChanged` hears its own changes
 * (the page's spent time). An entry of a module below opens at `{moduleBase}/{moduleId}`.
 */
export default function TimeEntries({ module, moduleBase = null, onChanged }) {
  const url = module.links && module.links.time ? module.links.time.url : null;
  const paged = usePagedList(url ? listEntries : null, { perPage: 20 }, [url]);
  const { query, update, data, status, error, reload } = paged;
  const me = useSelector((s) => s.user && s.user.item);
  const [editing, setEditing] = useState(null);
  useEffect(() => onTimeChanged(() => reload()), [reload]);
  const rows = useMemo(() => (data && data.list) || [], [data]);
  const { people, activities } = useFilterChoices(module, rows);
  const del = useConfirmAction(async (entry) => {
    await deleteEntry(entry);
    toast(t('time.entryDeleted'));
    timeChanged();
    if (onChanged) onChanged();
  });
  const hrefOf = useCallback((e) => (!moduleBase || String(e.moduleId) === String(module.id) ? null : `${moduleBase}/${e.moduleId}`),
    [moduleBase, module.id]);
  const columns = useEntryColumns(hrefOf, useCallback((e) => setEditing(e), []), del.ask);
  if (!url) return null;
  const filtered = FILTERS.some((k) => query[k]);
  return (
    <div className="time-entries" data-testid="time-entries">
      <div className="time-entries__head">
        <h2 className="section-title">{t('time.title')}</h2>
        <LogTimeButton module={module} onLogged={onChanged} className="btn btn--primary btn--small" testId="time-log" />
      </div>
      {error && <div className="form__error" role="alert">{error}</div>}
      {status === 'loading' || status === 'idle' ? <Loading inline /> : status !== 'failed' && (
        <>
          <p className="time-total" data-testid="time-total">{t('time.total', { hours: formatHours(totalHours(data)) })}</p>
          <DataTable columns={columns} data={rows} testId="time-table" search={false} exportCsv={false}
            emptyText={t('time.noEntries')} noMatchText={t('time.noMatchingEntries')} server={tableServer(paged, filtered)}
            toolbar={(
              <>
                <TimeFilters query={query} update={update} me={me} people={people} activities={activities} />
                <ExportButtons url={url} query={query} name={`time-${module.id}`} />
              </>
            )}
            rowProps={(e) => ({ 'data-testid': 'entry-row', 'data-id': e.id, className: e.locked ? 'is-locked' : undefined })} />
        </>
      )}
      {editing && <EditTimeDialog entry={editing} onClose={() => setEditing(null)} onSaved={() => { if (onChanged) onChanged(); }} />}
      {del.target && (
        <ConfirmDialog title={t('time.deleteEntryTitle')} question={t('time.deleteEntryQuestion')} action={del}
          detail={t('time.entryDetail', { hours: formatHours(del.target.hours), name: del.target.moduleName, day: formatDate(del.target.day) })} />
      )}
    </div>
  );
}
