import moment from 'moment';
import { useId } from 'react';
import { t } from '../../lib/i18n.js';
import CalendarEntry, { GhostEntry } from './CalendarEntry.jsx';
import { parseDay, sameMonth } from './grid.js';

export const MONTH_CELL_MAX = 3; // entries a month cell shows before '+N more'

/** A day in words: 'Monday 23 November 2026'. */
export function dayLabel(day) {
  const m = parseDay(day);
  return t('calendar.dayLabel', { weekday: m.format('dddd'), date: m.format('LL') });
}

/** The class and attributes every day cell has: its day, today's mark, the day a lifted entry would land on. */
function cellProps(day, cal, extra) {
  const lifted = cal.moves.lifted;
  const cls = ['cal-day', extra, day === cal.today && 'cal-day--today', !sameMonth(day, cal.anchor) && cal.view === 'month' && 'cal-day--outside',
    lifted && lifted.date === day && 'cal-day--target'].filter(Boolean).join(' ');
  return { className: cls, 'data-testid': 'calendar-day', 'data-date': day, 'aria-current': day === cal.today ? 'date' : undefined };
}

/** The entries of a list, and the mark of a lifted entry landing here. */
function EntryList({ day, entries, cal, detailed }) {
  const lifted = cal.moves.lifted;
  const ghost = lifted && lifted.date === day && lifted.entry.date !== day ? lifted.entry : null;
  if (!entries.length && !ghost) return null;
  return (
    <ul className="cal-day__list">
      {entries.map((entry) => <CalendarEntry key={entry.key} entry={entry} cal={cal} detailed={detailed} />)}
      {ghost && <GhostEntry entry={ghost} />}
    </ul>
  );
}

/** A day of the month grid: its first entries, and '+N more' that shows the others in the cell. */
export function MonthCell({ day, cal, open, onToggle }) {
  const entries = cal.byDay.get(day) || [];
  const hidden = open ? 0 : Math.max(0, entries.length - MONTH_CELL_MAX);
  const extra = entries.length > MONTH_CELL_MAX;
  return (
    <div {...cellProps(day, cal, 'cal-day--month')} role="group" aria-label={dayLabel(day)}>
      <span className="cal-day__num" aria-hidden="true">{parseDay(day).date()}</span>
      <EntryList day={day} entries={hidden ? entries.slice(0, MONTH_CELL_MAX) : entries} cal={cal} />
      {extra && (
        // Its words are its name (a label must hold what it shows); the cell's group names the day.
        <button type="button" className="cal-day__more" aria-expanded={open} onClick={() => onToggle(day)}>
          {open ? t('calendar.showFewer') : t('calendar.more', { count: hidden })}
        </button>
      )}
    </div>
  );
}

/** A day of the month grid on a phone: its number and how many entries it has; a tap lists them below. */
export function CompactCell({ day, cal, selected, onSelect }) {
  const count = (cal.byDay.get(day) || []).length;
  return (
    <div {...cellProps(day, cal, 'cal-day--compact')}>
      {/* Named by its words, not an aria-label: a label must hold the text it shows, and '23' and '2' would not read. */}
      <button type="button" className="cal-day__pick" aria-pressed={selected} onClick={() => onSelect(day)}>
        <span className="cal-day__num" aria-hidden="true">{parseDay(day).date()}</span>
        {count > 0 && <span className="cal-day__count" aria-hidden="true">{count}</span>}
        <span className="sr-only">{t('calendar.dayItems', { date: dayLabel(day), count })}</span>
      </button>
    </div>
  );
}

/** The entries of the day picked on a phone, below the month grid. */
export function DayAgenda({ day, cal }) {
  const entries = cal.byDay.get(day) || [];
  const titleId = useId();
  return (
    <section className="cal-agenda" aria-labelledby={titleId} data-testid="calendar-agenda" data-date={day}>
      <h3 className="cal-agenda__title" id={titleId}>{dayLabel(day)}</h3>
      {entries.length ? <EntryList day={day} entries={entries} cal={cal} detailed />
        : <p className="cal-agenda__none">{t('calendar.nothingOnDay')}</p>}
    </section>
  );
}

/** A day of the week view: its name and every entry, with their context. */
export function WeekColumn({ day, cal }) {
  const m = parseDay(day);
  const entries = cal.byDay.get(day) || [];
  return (
    <div {...cellProps(day, cal, 'cal-day--week')} role="group" aria-label={dayLabel(day)}>
      <div className="cal-day__head" aria-hidden="true">
        <span className="cal-day__wd">{m.format('ddd')}</span>
        <span className="cal-day__num">{m.date()}</span>
      </div>
      <EntryList day={day} entries={entries} cal={cal} detailed />
    </div>
  );
}

/** The weekday names of the grid's columns, from the locale's first day of the week. */
export function WeekdayHeads() {
  const short = moment.weekdaysShort(true);
  const min = moment.weekdaysMin(true);
  return (
    <div className="cal-month__heads" aria-hidden="true">
      {short.map((name, i) => (
        <div key={name} className="cal-month__head">
          <span className="cal-month__head--short">{name}</span>
          <span className="cal-month__head--min">{min[i]}</span>
        </div>
      ))}
    </div>
  );
}
