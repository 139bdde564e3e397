/**
 * Gantt window arithmetic (spec §2 Gantt, §9). Days are whole numbers (days since 1970-01-01 of the calendar
 * date, so daylight saving never shifts a bar); a window is {zoom, from, to}, both days included. The days zoom
 * keeps the spec's default window, 6 days before today to 25 after; weeks show 16 weeks from two weeks before
 * today's week, months 12 months from the month before today's. Weeks begin on the first day of moment's locale
 * (the app's language: Monday in each of them, British English included); month and day names are its own too.
 */
import moment from 'moment';
import { t } from '../../lib/i18n.js';

export const DAYS_BEFORE = 6;
export const DAYS_AFTER = 25;
export const ZOOMS = ['days', 'weeks', 'months'];
const DAY_MS = 24 * 3600 * 1000;
const WEEKS_SHOWN = 16;
const MONTHS_SHOWN = 12;

/** The zoom's name on its button. */
export function zoomLabel(zoom) {
  switch (zoom) {
    case 'weeks': return t('gantt.zoomWeeks');
    case 'months': return t('gantt.zoomMonths');
    default: return t('gantt.zoomDays');
  }
}

/** What ‹ and › move by, per zoom. */
export function stepLabel(zoom) {
  switch (zoom) {
    case 'weeks': return t('gantt.stepFourWeeks');
    case 'months': return t('gantt.stepQuarter');
    default: return t('gantt.stepWeek');
  }
}

/** The day of a calendar date (year, month from 0, day; months out of range roll over). */
export function dayFromDate(year, month, date = 1) {
  return Math.round(Date.UTC(year, month, date) / DAY_MS);
}

/** The day a local Date falls on. */
export function dayOf(date) {
  const d = new Date(date);
  return dayFromDate(d.getFullYear(), d.getMonth(), d.getDate());
}

/** 'YYYY-MM-DD' (or an ISO date-time: its date part) as a day, or null. */
export function parseDay(value) {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return value;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value));
  return m ? dayFromDate(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

/** A day as 'YYYY-MM-DD' (what the API's date fields take). */
export function isoDay(day) {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function parts(day) {
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth(), date: d.getUTCDate(), weekday: d.getUTCDay() };
}

/** Monday of the day's week. */
export function mondayOf(day) {
  return day - ((parts(day).weekday + 6) % 7);
}

/** The first day of the day's week: `first` is its weekday (0 Sunday, 1 Monday), the language's by default. */
export function weekStartOf(day, first = moment.localeData().firstDayOfWeek()) {
  return day - ((parts(day).weekday - first + 7) % 7);
}

/** ISO 8601 week number. */
export function isoWeek(day) {
  const thursday = mondayOf(day) + 3;
  const firstThursday = mondayOf(dayFromDate(parts(thursday).year, 0, 4)) + 3;
  return 1 + Math.round((thursday - firstThursday) / 7);
}

function addMonths(day, n) {
  const p = parts(day);
  return dayFromDate(p.year, p.month + n, p.date);
}

/** The window of a zoom around `today` (a day). */
export function windowFor(zoom, today) {
  if (zoom === 'weeks') {
    const from = weekStartOf(today) - 14;
    return { zoom, from, to: from + WEEKS_SHOWN * 7 - 1 };
  }
  if (zoom === 'months') {
    const p = parts(today);
    return { zoom, from: dayFromDate(p.year, p.month - 1), to: dayFromDate(p.year, p.month - 1 + MONTHS_SHOWN) - 1 };
  }
  return { zoom: 'days', from: today - DAYS_BEFORE, to: today + DAYS_AFTER };
}

/** The spec's default: the days zoom, 6 days before today to 25 after (`today`: a Date). */
export function defaultWindow(today = new Date()) {
  return windowFor('days', dayOf(today));
}

/**
 * The window that shows the days `from` to `to` whole (the dates of a subtree): the days zoom for six weeks or
 * less, weeks for half a year or less (from the first date's week to the last one's), else months; never shorter
 * than the zoom's usual window.
 */
export function fitWindow(from, to) {
  if (to - from < 42) {
    const start = from - 2;
    return { zoom: 'days', from: start, to: Math.max(start + DAYS_BEFORE + DAYS_AFTER, to + 2) };
  }
  if (to - from < 26 * 7) {
    const start = weekStartOf(from);
    return { zoom: 'weeks', from: start, to: Math.max(start + WEEKS_SHOWN * 7, weekStartOf(to) + 7) - 1 };
  }
  const p = parts(from);
  const start = dayFromDate(p.year, p.month);
  const q = parts(to);
  return { zoom: 'months', from: start, to: Math.max(addMonths(start, MONTHS_SHOWN), dayFromDate(q.year, q.month + 1)) - 1 };
}

/** The window one step (`dir` = -1 or 1) earlier or later: a week, 4 weeks or a quarter. */
export function shift(win, dir) {
  if (win.zoom === 'months') return { ...win, from: addMonths(win.from, 3 * dir), to: addMonths(win.to + 1, 3 * dir) - 1 };
  const days = (win.zoom === 'weeks' ? 28 : 7) * dir;
  return { ...win, from: win.from + days, to: win.to + days };
}

// How far after a window's start the day it was built around lies (about), per zoom.
const ANCHOR = { days: DAYS_BEFORE, weeks: 14, months: 31 };

/** The same place seen at another zoom: around today when it is shown, else around the window's own anchor. */
export function rezoom(win, zoom, today) {
  const anchor = today >= win.from && today <= win.to ? today : win.from + ANCHOR[win.zoom];
  return windowFor(zoom, anchor);
}

export function daysIn(win) {
  return win.to - win.from + 1;
}

/** Where a day starts in the window, as a percentage of its width (may fall outside 0-100). */
export function position(win, day) {
  return ((day - win.from) / daysIn(win)) * 100;
}

/**
 * The visible part of a bar from start to end (days included; either may be missing), or null when it is
 * outside the window: {left, width} in percent, and whether the window cuts its start or its end.
 */
export function barSpan(win, start, end) {
  if (start === null && end === null) return null;
  const s = start === null ? end : start;
  const e = end === null ? start : end;
  const from = position(win, s);
  const to = position(win, e + 1);
  const left = Math.max(0, from);
  const right = Math.min(100, to);
  if (right <= left) return null;
  return { left, width: right - left, cutStart: from < 0, cutEnd: to > 100 };
}

/** The week number of the week starting on `day`, as the language counts weeks (ISO 8601 in each of them). */
function weekNumber(day) {
  return moment.utc(day * DAY_MS).week();
}

/**
 * The columns of the header and the grid: [{key, left, width (percent), label, sub, weekend}]; months and days
 * named in moment's locale ('Jun'; a day by the first letter of its short name: 'T').
 */
export function columns(win) {
  const n = daysIn(win);
  const out = [];
  const push = (start, end, label, sub, weekend = false) => out.push({
    key: start, left: ((start - win.from) / n) * 100, width: ((end - start + 1) / n) * 100, label, sub, weekend,
  });
  const months = moment.monthsShort();
  if (win.zoom === 'months') {
    for (let d = win.from; d <= win.to; d = addMonths(d, 1)) {
      const p = parts(d);
      push(d, Math.min(win.to, addMonths(d, 1) - 1), months[p.month], String(p.year));
    }
  } else if (win.zoom === 'weeks') {
    for (let d = win.from; d <= win.to; d += 7) {
      const p = parts(d);
      push(d, Math.min(win.to, d + 6), t('gantt.weekColumn', { day: p.date, month: months[p.month] }),
        t('gantt.weekNumber', { week: weekNumber(d) }));
    }
  } else {
    const weekdays = moment.weekdaysShort().map((w) => w.charAt(0).toLocaleUpperCase());
    for (let d = win.from; d <= win.to; d += 1) {
      const p = parts(d);
      push(d, d, String(p.date), weekdays[p.weekday], p.weekday === 0 || p.weekday === 6);
    }
  }
  return out;
}
