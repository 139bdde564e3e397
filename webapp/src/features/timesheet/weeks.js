/**
 * The timesheet's pure helpers: ISO weeks ('2026-W48', Monday first, week 1 holds 4 January), hours as typed
 * ('1.5', '1,5', '1:30', '90m', '2h', '1h30') read as minutes, minutes written as hours, and the grid's sums.
 */
import moment from 'moment';

const WEEK = /^(\d{4})-W(\d{2})$/;
const DAY = 'YYYY-MM-DD';
export const MAX_MINUTES = 24 * 60;

/** The ISO week of a date (a moment, a Date or 'YYYY-MM-DD'): '2026-W48'. */
export function isoWeekOf(date = moment()) {
  const m = moment(date, DAY);
  return `${m.isoWeekYear()}-W${String(m.isoWeek()).padStart(2, '0')}`;
}

/** The Monday of an ISO week as a UTC moment, or null when `week` is not one ('2026-W54', 'now'). */
export function weekStart(week) {
  const match = WEEK.exec(String(week || ''));
  if (!match) return null;
  const [year, number] = [Number(match[1]), Number(match[2])];
  const fourth = moment.utc([year, 0, 4]);
  if (number < 1 || number > fourth.isoWeeksInYear()) return null;
  return fourth.isoWeekday(1).add(number - 1, 'weeks');
}

/** `week` when it is a real ISO week, else the week of `today`. */
export function validWeek(week, today = moment()) {
  return weekStart(week) ? week : isoWeekOf(today);
}

/** The week `n` weeks after `week` (before it when n < 0). */
export function shiftWeek(week, n) {
  const start = weekStart(week);
  return start ? isoWeekOf(start.add(n, 'weeks').format(DAY)) : null;
}

/** The seven days of a week, Monday first: ['2026-11-23', ..., '2026-11-29']. */
export function weekDays(week) {
  const start = weekStart(week);
  if (!start) return [];
  return Array.from({ length: 7 }, (_, i) => start.clone().add(i, 'days').format(DAY));
}

/** The number of a week ('2026-W08' → 8). */
export function weekNumber(week) {
  const match = WEEK.exec(String(week || ''));
  return match ? Number(match[2]) : null;
}

const FORMS = [
  [/^(\d+(?:[.,]\d+)?|[.,]\d+)$/, (m) => Number(m[1].replace(',', '.')) * 60],
  [/^(\d+):([0-5]?\d)$/, (m) => Number(m[1]) * 60 + Number(m[2])],
  [/^(\d+(?:[.,]\d+)?)\s*h$/, (m) => Number(m[1].replace(',', '.')) * 60],
  [/^(\d+)\s*h\s*(\d+)\s*m?$/, (m) => Number(m[1]) * 60 + Number(m[2])],
  [/^(\d+)\s*m(?:in)?$/, (m) => Number(m[1])],
];

/**
 * The minutes of hours as typed: '' is 0 (the cell emptied), '1.5' and '1,5' are 90, '1:30' 90, '90m' 90, '2h' 120,
 * '1h30' 90. null when the text is none of these or more than 24 hours.
 */
export function parseHours(text) {
  const s = String(text === null || text === undefined ? '' : text).trim().toLowerCase();
  if (s === '') return 0;
  for (const [pattern, minutes] of FORMS) {
    const match = pattern.exec(s);
    if (match) {
      const value = Math.round(minutes(match));
      return value >= 0 && value <= MAX_MINUTES ? value : null;
    }
  }
  return null;
}

/** Minutes as hours, 2 decimals at most (90 → 1.5): the number a cell shows (formatted by the caller). */
export function hoursOf(minutes) {
  return Math.round(((Number(minutes) || 0) / 60) * 100) / 100;
}

/**
 * The grid after a cell's save: the cell, its day's total, its row's total and the week's total (unchanged when
 * the day is not in it: another week came while the save was on its way).
 */
export function withCell(grid, moduleId, day, answer) {
  if (grid.days && !grid.days.includes(day)) return grid;
  const oldDay = (grid.dayTotals && grid.dayTotals[day]) || 0;
  const dayTotal = answer.dayTotal === undefined ? oldDay : answer.dayTotal;
  return {
    ...grid,
    rows: grid.rows.map((row) => (row.module.id !== moduleId ? row : {
      ...row,
      cells: { ...row.cells, [day]: answer.cell },
      totalMinutes: answer.rowTotal === undefined ? row.totalMinutes : answer.rowTotal,
    })),
    dayTotals: { ...grid.dayTotals, [day]: dayTotal },
    totalMinutes: (grid.totalMinutes || 0) + dayTotal - oldDay,
  };
}

/** The grid with an empty row for `module` ({id, name, trail}) at its end, unless it has one already. */
export function withRow(grid, module) {
  if (grid.rows.some((row) => row.module.id === module.id)) return grid;
  return { ...grid, rows: [...grid.rows, { module, cells: {}, totalMinutes: 0 }] };
}

/** 'YYYY-MM' as 'November 2026' in the current language (moment's month names). */
export function monthName(month) {
  const m = moment(`${month}-01`, DAY, true);
  return m.isValid() ? m.format('MMMM YYYY') : String(month || '');
}
