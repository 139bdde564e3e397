/**
 * Calendar arithmetic (pure; issue 44): days are 'YYYY-MM-DD' strings of the calendar date (never instants, so
 * daylight saving never shifts a day). Weeks begin on `firstDay` (0 Sunday … 6 Saturday), which the caller takes
 * from moment's locale: the user's language, Monday in each of the app's. Names come from moment's locale too.
 */
import moment from 'moment';

export const VIEWS = ['month', 'week'];
export const MONTH_DAYS = 42; // 6 weeks: every month fits, and the grid never changes height
const ISO = 'YYYY-MM-DD';

/** The moment of a day ('YYYY-MM-DD', or an ISO date-time whose date part counts), or null. */
export function parseDay(value) {
  if (!value || typeof value !== 'string') return null;
  const m = moment(value.slice(0, 10), ISO, true);
  return m.isValid() ? m : null;
}

/** A moment (or Date) as its day. */
export const isoDay = (m) => moment(m).format(ISO);

/** Today as a day, by the browser's clock. */
export const todayIso = () => isoDay(new Date());

/** `day` moved by `n` days. */
export const addDays = (day, n) => isoDay(parseDay(day).add(n, 'days'));

/** The first day of the week holding `day`. */
export function weekStart(day, firstDay) {
  const m = parseDay(day);
  return isoDay(m.subtract((m.day() - firstDay + 7) % 7, 'days'));
}

/** `count` consecutive days from `from`. */
export const daysFrom = (from, count) => Array.from({ length: count }, (_, i) => addDays(from, i));

/** The 6-week grid of the month of `day`: from the first day of the week holding the 1st. */
export function monthGrid(day, firstDay) {
  return daysFrom(weekStart(isoDay(parseDay(day).startOf('month')), firstDay), MONTH_DAYS);
}

/** The 7 days of the week holding `day`. */
export const weekDays = (day, firstDay) => daysFrom(weekStart(day, firstDay), 7);

/** The days a view shows for `day`. */
export const daysOf = (view, day, firstDay) => (view === 'week' ? weekDays(day, firstDay) : monthGrid(day, firstDay));

/** The day ‹ (dir -1) or › (dir 1) leads to: the 1st of the next month, or the same weekday a week on. */
export function stepDay(view, day, dir) {
  const m = parseDay(day);
  return view === 'week' ? isoDay(m.add(7 * dir, 'days')) : isoDay(m.startOf('month').add(dir, 'months'));
}

/** Whether `day` is in the month of `anchor`. */
export const sameMonth = (day, anchor) => day.slice(0, 7) === anchor.slice(0, 7);

/** `day` kept between the first and the last of `days`. */
export function clampDay(day, days) {
  if (day < days[0]) return days[0];
  if (day > days[days.length - 1]) return days[days.length - 1];
  return day;
}

/** The days in rows of 7. */
export function weeksOf(days) {
  const rows = [];
  for (let i = 0; i < days.length; i += 7) rows.push(days.slice(i, i + 7));
  return rows;
}

// The parts of the locale's short date ('D MMM YYYY', 'D. MMM YYYY', 'D [de] MMM [de] YYYY') before its month,
// and before its year, without the words that join them: a range then names a month or year once.
const cut = (format, token) => format.slice(0, format.indexOf(token)).replace(/\s*(\[[^\]]*\])?\s*$/, '');

/**
 * A week's title in the locale's short date: '23 – 29 Nov 2026', '30 Nov – 6 Dec 2026', '28 Dec 2026 – 3 Jan 2027'
 * (each locale's own order and words: '23. – 29. Nov. 2026').
 */
export function rangeTitle(from, to) {
  const a = parseDay(from);
  const b = parseDay(to);
  const format = moment.localeData().longDateFormat('ll');
  const ordered = format.indexOf('D') < format.indexOf('MMM') && format.indexOf('MMM') < format.indexOf('YYYY');
  let left = format;
  if (ordered && a.year() === b.year()) left = cut(format, a.month() === b.month() ? 'MMM' : 'YYYY');
  return `${a.format(left)} – ${b.format(format)}`;
}
