import moment from 'moment';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { useSearchParams } from 'react-router-dom';
import Loading from '../../components/Loading.jsx';
import useFetch from '../../hooks/useFetch.js';
import { formatDate } from '../../lib/dates.js';
import { t } from '../../lib/i18n.js';
import AddRow from './AddRow.jsx';
import { loadWeek } from './api.js';
import GridTable from './GridTable.jsx';
import MonthStates from './MonthStates.jsx';
import useCellEditing from './useCellEditing.js';
import { isoWeekOf, shiftWeek, validWeek, weekDays, weekNumber, withRow } from './weeks.js';
import './timesheet.css';

function WeekNav({ week, onWeek }) {
  const days = weekDays(week);
  const thisWeek = isoWeekOf();
  return (
    <div className="timesheet__nav" data-testid="ts-nav">
      <div className="timesheet__nav-buttons" role="group" aria-label={t('timesheet.weeks')}>
        <button type="button" className="btn btn--small" onClick={() => onWeek(shiftWeek(week, -1))} data-testid="ts-prev">
          <span aria-hidden="true">‹ </span>{t('timesheet.previousWeek')}
        </button>
        <button type="button" className="btn btn--small" onClick={() => onWeek(thisWeek)} disabled={week === thisWeek}
          data-testid="ts-this-week">{t('timesheet.thisWeek')}</button>
        <button type="button" className="btn btn--small" onClick={() => onWeek(shiftWeek(week, 1))} data-testid="ts-next">
          {t('timesheet.nextWeek')}<span aria-hidden="true"> ›</span>
        </button>
      </div>
      <h2 className="timesheet__week" data-testid="ts-week" data-week={week} aria-live="polite">
        {t('timesheet.weekLabel', { week: weekNumber(week), from: formatDate(days[0]), to: formatDate(days[6]) })}
      </h2>
    </div>
  );
}

/** The answer kept here, updated by each save; a new answer (another week, a reload) replaces it. */
function useGrid(data) {
  const [source, setSource] = useState(data);
  const [grid, setGrid] = useState(data);
  if (data !== source) {
    setSource(data);
    setGrid(data);
  }
  return [grid, setGrid];
}

function WeekBody({ data, week, busy, portalId, user, own, reload }) {
  const [grid, setGrid] = useGrid(data);
  const days = grid.days || weekDays(week);
  const editing = useCellEditing(grid, setGrid, user);
  const box = useRef(null);
  const [added, setAdded] = useState(null);
  useEffect(() => {
    const input = added && box.current && box.current.querySelector(`tr[data-module="${added}"] input`);
    if (input) input.focus();
  }, [added]);
  const present = useMemo(() => new Set(grid.rows.map((row) => row.module.id)), [grid.rows]);
  const canEdit = !!(grid.links && grid.links.cell);
  const add = (module) => {
    setGrid((g) => withRow(g, module));
    setAdded(module.id);
  };
  return (
    <>
      <div className={busy ? 'timesheet__scroll timesheet__scroll--busy' : 'timesheet__scroll'} ref={box} data-testid="ts-scroll"
        aria-busy={busy ? true : undefined}>
        <GridTable grid={grid} days={days} editing={editing} today={moment().format('YYYY-MM-DD')} />
      </div>
      {!grid.rows.length && <p className="muted" data-testid="ts-empty">{t('timesheet.noRows')}</p>}
      {canEdit && <div className="timesheet__tools"><AddRow portalId={portalId} present={present} onAdd={add} /></div>}
      <MonthStates months={grid.months} portalId={portalId} own={own} onSubmitted={reload} />
    </>
  );
}

/**
 * /{base}/{portalId}/timesheet?week=2026-W48[&user=ID]: one person's week in the portal (the reader's, or a member's
 * for the portal's admins and supervisors), typed like a spreadsheet, and the months it touches with their state.
 */
export default function WeekGrid({ portal }) {
  const [params, setParams] = useSearchParams();
  const week = validWeek(params.get('week'));
  const rawUser = params.get('user');
  const user = rawUser && /^\d+$/.test(rawUser) ? Number(rawUser) : null;
  const me = useSelector((s) => s.user.item);
  const { status, data, error, reload } = useFetch(loadWeek, [portal.id, week, user], { keep: true });
  const onWeek = (next) => setParams(user ? { week: next, user: String(user) } : { week: next });
  const own = !user || !!(me && data && data.user && data.user.id === me.id);
  return (
    <div className="page timesheet" data-testid="timesheet">
      <h1 className="page__title">{t('timesheet.title')}</h1>
      <p className="muted" data-testid="ts-person">
        {data && data.user ? t('timesheet.personIn', { name: data.user.name, portal: portal.name }) : portal.name}
      </p>
      <WeekNav week={week} onWeek={onWeek} />
      {error && <div className="form__error" role="alert">{error}</div>}
      {status === 'loading' && <Loading inline />}
      {data && (
        <WeekBody data={data} week={week} busy={status === 'reloading'} portalId={portal.id} user={user} own={own} reload={reload} />
      )}
    </div>
  );
}
