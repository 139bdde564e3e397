import moment from 'moment';
import { useRef } from 'react';
import { formatNumber, intlLocale, t } from '../../lib/i18n.js';
import { cellKey } from './useCellEditing.js';
import { hoursOf } from './weeks.js';

const TWO = { maximumFractionDigits: 2 };
/** Minutes as the grid writes hours ('1.5', '1,5' in German); `blank` for none. */
export const hoursText = (minutes, blank = '') => (minutes ? formatNumber(hoursOf(minutes), TWO) : blank);

/** A day's column heading: its weekday (moment's locale) over its short date ('23 Nov', '23. Nov.'). */
function dayParts(day) {
  const m = moment(day, 'YYYY-MM-DD');
  const date = new Intl.DateTimeFormat(intlLocale(), { day: 'numeric', month: 'short', timeZone: 'UTC' })
    .format(new Date(`${day}T00:00:00Z`));
  return { weekday: m.format('ddd'), date, long: m.format('dddd'), weekend: m.isoWeekday() > 5 };
}

function GridHead({ days, today }) {
  return (
    <thead>
      <tr>
        <th scope="col" className="timesheet__module">{t('timesheet.module')}</th>
        {days.map((day) => {
          const p = dayParts(day);
          const cls = ['timesheet__day', p.weekend ? 'timesheet__day--weekend' : '', day === today ? 'timesheet__day--today' : ''];
          return (
            <th key={day} scope="col" className={cls.filter(Boolean).join(' ')} data-testid="ts-day" data-day={day}>
              <abbr className="timesheet__weekday" title={p.long}>{p.weekday}</abbr>
              <span className="timesheet__date">{p.date}</span>
            </th>
          );
        })}
        <th scope="col" className="timesheet__total">{t('timesheet.total')}</th>
      </tr>
    </thead>
  );
}

/** The lock on an approved month's cell (its input says 'locked' in its name). */
function LockMark() {
  return (
    <span className="timesheet__lock" title={t('timesheet.locked')} data-testid="ts-lock">
      <svg width="10" height="10" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round"
        strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M7 11V7a5 5 0 0 1 10 0v4M5 11h14v10H5z" />
      </svg>
    </span>
  );
}

/** One cell: an input typed like a spreadsheet's (see GridTable's keys), read-only with a lock when approved. */
function GridCell({ row, day, r, c, editing, onKeys }) {
  const key = cellKey(row.module.id, day);
  const cell = row.cells[day] || {};
  const draft = editing.drafts[key];
  const error = editing.errors[key];
  const errorId = `ts-error-${row.module.id}-${day}`;
  const label = { module: row.module.trail || row.module.name, day: dayParts(day).long };
  return (
    <td className={cell.locked ? 'timesheet__cell timesheet__cell--locked' : 'timesheet__cell'} data-testid="ts-cell"
      data-module={row.module.id} data-day={day}>
      <input className="timesheet__input" type="text" autoComplete="off" spellCheck={false} data-cell={`${r}:${c}`}
        data-testid="ts-input" value={draft === undefined ? hoursText(cell.minutes) : draft} readOnly={!!cell.locked}
        aria-label={cell.locked ? t('timesheet.cellLocked', label) : t('timesheet.cellLabel', label)}
        aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}
        aria-busy={editing.busy[key] ? true : undefined}
        onChange={(e) => editing.edit(key, e.target.value)} onKeyDown={(e) => onKeys(e, r, c)}
        onFocus={(e) => e.target.select()} onBlur={() => editing.commit(row, day)} />
      {cell.locked && <LockMark />}
      {error && <span id={errorId} className="timesheet__error" role="alert" data-testid="ts-error">{error}</span>}
    </td>
  );
}

function GridFoot({ grid, days }) {
  return (
    <tfoot>
      <tr>
        <th scope="row" className="timesheet__module">{t('timesheet.total')}</th>
        {days.map((day) => (
          <td key={day} className="timesheet__total" data-testid="ts-day-total" data-day={day}>
            {hoursText((grid.dayTotals || {})[day], '0')}
          </td>
        ))}
        <td className="timesheet__total timesheet__total--week" data-testid="ts-week-total">{hoursText(grid.totalMinutes, '0')}</td>
      </tr>
    </tfoot>
  );
}

/** The caret at the start (ArrowLeft) or the end (ArrowRight) of its text, nothing selected. */
function atEdge(input, key) {
  const { selectionStart: from, selectionEnd: to, value } = input;
  if (from !== to) return false;
  return key === 'ArrowLeft' ? from === 0 : from === value.length;
}

/** Where a key moves from (r, c), or null when it stays: [row, column] (Tab wraps to the next row). */
function target(e, r, c, rows, cols) {
  switch (e.key) {
    case 'Enter': return [r + (e.shiftKey ? -1 : 1), c];
    case 'ArrowDown': return [r + 1, c];
    case 'ArrowUp': return [r - 1, c];
    case 'ArrowLeft': return atEdge(e.currentTarget, e.key) ? [r, c - 1] : null;
    case 'ArrowRight': return atEdge(e.currentTarget, e.key) ? [r, c + 1] : null;
    case 'Tab': {
      const i = r * cols + c + (e.shiftKey ? -1 : 1);
      return i >= 0 && i < rows * cols ? [Math.floor(i / cols), i % cols] : null;
    }
    default: return null;
  }
}

/**
 * The week as a table: a row per module (its trail), a column per day, the row's total, the days' totals. Typing
 * in a cell and Enter saves and goes down, Tab right (Shift+Tab left), the arrows move when the caret is at the
 * text's edge (up and down always), Escape shows the saved value again.
 */
export default function GridTable({ grid, days, editing, today }) {
  const box = useRef(null);
  const onKeys = (e, r, c) => {
    const row = grid.rows[r];
    if (e.key === 'Escape') {
      e.preventDefault();
      editing.restore(cellKey(row.module.id, days[c]));
      return;
    }
    const to = target(e, r, c, grid.rows.length, days.length);
    if (e.key === 'Enter') e.preventDefault();
    if (e.key === 'Enter' || to) editing.commit(row, days[c]);
    const next = to && box.current && box.current.querySelector(`[data-cell="${to[0]}:${to[1]}"]`);
    if (!next) return;
    e.preventDefault();
    next.focus();
  };
  return (
    <table className="timesheet__grid" ref={box} data-testid="ts-grid">
      <caption className="sr-only">{t('timesheet.gridCaption')}</caption>
      <GridHead days={days} today={today} />
      <tbody>
        {grid.rows.map((row, r) => (
          <tr key={row.module.id} data-testid="ts-row" data-module={row.module.id}>
            <th scope="row" className="timesheet__module">{row.module.trail || row.module.name}</th>
            {days.map((day, c) => <GridCell key={day} row={row} day={day} r={r} c={c} editing={editing} onKeys={onKeys} />)}
            <td className="timesheet__total" data-testid="ts-row-total">{hoursText(row.totalMinutes, '0')}</td>
          </tr>
        ))}
      </tbody>
      <GridFoot grid={grid} days={days} />
    </table>
  );
}
