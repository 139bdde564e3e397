import moment from 'moment';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import useFetch from '../../hooks/useFetch.js';
import useMediaQuery from '../../hooks/useMediaQuery.js';
import { t } from '../../lib/i18n.js';
import { fetchCalendarItems } from './api.js';
import { CompactCell, DayAgenda, MonthCell, WeekColumn, WeekdayHeads } from './CalendarDays.jsx';
import CalendarToolbar, { periodTitle } from './CalendarToolbar.jsx';
import { placeEntries } from './entries.js';
import { VIEWS, daysOf, parseDay, sameMonth, stepDay, todayIso, weeksOf } from './grid.js';
import useCalendarMoves from './useCalendarMoves.js';
import usePointerDrag from './usePointerDrag.js';
import './calendar.css';

// Below this width a month cell has no room for its entries: it shows a count, and the picked day lists them.
const WIDE = '(min-width: 700px)';

/** The view and the day shown: the page's (it keeps them in the URL) when it gives them, else the calendar's own. */
function usePeriod({ view, onViewChange, date, onDateChange }) {
  const [own, setOwn] = useState(() => ({ view: 'month', date: todayIso() }));
  const shownView = VIEWS.includes(view) ? view : own.view;
  const anchor = parseDay(date) ? parseDay(date).format('YYYY-MM-DD') : own.date;
  return {
    view: shownView,
    anchor,
    setView: (v) => { setOwn((s) => ({ ...s, view: v })); if (onViewChange) onViewChange(v); },
    setDate: (d) => { setOwn((s) => ({ ...s, date: d })); if (onDateChange) onDateChange(d); },
  };
}

/** The day picked on a phone's month grid: the one tapped (the grid's days of the months beside too), else today
 *  in this month, else the month's 1st. */
function usePickedDay(anchor, today, days) {
  const [picked, setPicked] = useState(null);
  let day = parseDay(anchor).startOf('month').format('YYYY-MM-DD');
  if (sameMonth(today, anchor)) day = today;
  return [picked && days.includes(picked) ? picked : day, setPicked];
}

/** The month cells opened by '+N more': {has(day), toggle(day), add(day)}. */
function useOpenDays() {
  const [open, setOpen] = useState(() => new Set());
  const change = (day, on) => setOpen((s) => {
    const next = new Set(s);
    if (on === undefined ? next.has(day) : !on) next.delete(day);
    else next.add(day);
    return next;
  });
  return { has: (day) => open.has(day), toggle: (day) => change(day), add: (day) => change(day, true) };
}

/** After a keyboard move, the focus stays on the moved entry's move button (the entry is drawn anew on its day). */
function useFocusBack(rootRef, focusKey) {
  useEffect(() => {
    if (!focusKey || !rootRef.current) return;
    const el = rootRef.current.querySelector(`[data-move-key="${focusKey.key}"]`);
    if (el) el.focus();
  }, [rootRef, focusKey]);
}

/** A failure (with Retry), a cut list, an empty period (loading shows in the toolbar, where it moves nothing). */
function CalendarStatus({ res, rows, count }) {
  if (res.status === 'failed') {
    return (
      <div className="form__error cal__error" role="alert" data-testid="calendar-error">
        {t('calendar.loadFailed', { message: res.error })}
        <button type="button" className="btn btn--small" onClick={res.reload}>{t('calendar.retry')}</button>
      </div>
    );
  }
  return (
    <>
      {res.data && res.data.truncated && (
        <p className="cal__note" data-testid="calendar-truncated">{t('calendar.truncated', { count: rows.length })}</p>
      )}
      {res.status === 'succeeded' && count === 0 && <p className="cal__empty" data-testid="calendar-empty">{t('calendar.empty')}</p>}
    </>
  );
}

/** The month grid: entries in the cells (a wide screen), or counts and the picked day's list below (a phone). */
function MonthView({ days, cal, compact, picked, onPick, open }) {
  return (
    <>
      <div className={compact ? 'cal-month cal-month--compact' : 'cal-month'} data-testid="calendar-month">
        <WeekdayHeads />
        {weeksOf(days).map((week) => (
          <div className="cal-month__week" key={week[0]}>
            {week.map((day) => (compact
              ? <CompactCell key={day} day={day} cal={cal} selected={day === picked} onSelect={onPick} />
              : <MonthCell key={day} day={day} cal={cal} open={open.has(day)} onToggle={open.toggle} />))}
          </div>
        ))}
      </div>
      {compact && <DayAgenda day={picked} cal={cal} />}
    </>
  );
}

/**
 * The calendar (issue 44): the items' start dates, deadlines (milestones) and completion dates on a month grid or
 * a week, under `moduleId` (its subtree) or everywhere, only the signed-in user's own with `mine`. `hrefOf(row)`:
 * where an item's name leads. `view` ('month' | 'week') with `onViewChange` and `date` ('YYYY-MM-DD', any day of
 * the period) with `onDateChange`: the page's state, when it keeps them (in the URL); else the calendar's own,
 * from a month and today. Entries with an edit link move to another day by drag or keyboard; `onChanged()` after
 * a saved move.
 */
export default function Calendar({ moduleId = null, mine = false, hrefOf, view, onViewChange, date, onDateChange, onChanged }) {
  const period = usePeriod({ view, onViewChange, date, onDateChange });
  const firstDay = moment.localeData().firstDayOfWeek();
  const days = useMemo(() => daysOf(period.view, period.anchor, firstDay), [period.view, period.anchor, firstDay]);
  const today = todayIso();
  const res = useFetch(fetchCalendarItems, [days[0], days[days.length - 1], moduleId ?? null, !!mine]);
  const compact = !useMediaQuery(WIDE) && period.view === 'month';
  const [picked, setPicked] = usePickedDay(period.anchor, today, days);
  const rootRef = useRef(null);
  const open = useOpenDays();
  const helpId = useId();
  // A moved entry stays in sight where it lands: its day picked (a phone) or its cell opened past '+N more'.
  const reveal = (day) => {
    if (compact) setPicked(day);
    else open.add(day);
  };
  const onSaved = () => {
    if (onChanged) onChanged();
    res.reload();
  };
  const moves = useCalendarMoves({ data: res.data, days, onSaved, reveal });
  const onPointerDown = usePointerDrag(rootRef, { start: (entry) => moves.lift(entry, false), over: moves.over, drop: moves.drop, cancel: moves.cancel });
  useFocusBack(rootRef, moves.focusKey);
  const rows = (res.data && res.data.list) || [];
  const byDay = placeEntries(rows, days, moves.dateOf);
  const all = [...byDay.values()].flat();
  const cal = { byDay, today, anchor: period.anchor, view: period.view, moves, onPointerDown, hrefOf, helpId };
  return (
    <div className={`cal cal--${period.view}`} ref={rootRef} data-testid="calendar" data-view={period.view}>
      <CalendarToolbar view={period.view} title={periodTitle(period.view, period.anchor, days)} onView={period.setView}
        loading={res.status === 'loading' || res.status === 'reloading'}
        onStep={(dir) => period.setDate(stepDay(period.view, period.anchor, dir))} onToday={() => period.setDate(today)} />
      {all.some((e) => e.movable) && <p id={helpId} className="cal__help">{t('calendar.help')}</p>}
      <CalendarStatus res={res} rows={rows} count={all.length} />
      {period.view === 'week'
        ? <div className="cal-week" data-testid="calendar-week">{days.map((day) => <WeekColumn key={day} day={day} cal={cal} />)}</div>
        : <MonthView days={days} cal={cal} compact={compact} picked={picked} onPick={setPicked} open={open} />}
      <div className="sr-only" aria-live="assertive" aria-atomic="true" data-testid="calendar-live">{moves.message}</div>
    </div>
  );
}
