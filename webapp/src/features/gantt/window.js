/** Gantt window arithmetic (spec §2 Gantt, §9): by default 6 days before today to 25 days after. */
export const DAYS_BEFORE = 6;
export const DAYS_AFTER = 25;
const DAY = 24 * 3600 * 1000;

export function startOfDay(d) {
  const x = new Date(d);
  x.setHours(0, 0, 0, 0);
  return x;
}

export function defaultWindow(today = new Date()) {
  const t = startOfDay(today);
  return { from: new Date(t.getTime() - DAYS_BEFORE * DAY), to: new Date(t.getTime() + DAYS_AFTER * DAY) };
}

/** Parse 'YYYY-MM-DD' (or ISO) as a local day. */
export function parseDay(value) {
  if (!value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value));
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

export function daysIn(win) {
  return Math.round((win.to - win.from) / DAY) + 1;
}

/** Position of a day in the window as a percentage of its width (may fall outside 0-100). */
export function position(win, day) {
  return (((startOfDay(day) - win.from) / DAY) / daysIn(win)) * 100;
}

/** The visible part of a bar from start to end (inclusive days), or null when outside the window. */
export function barSpan(win, start, end) {
  if (!start && !end) return null;
  const s = start || end;
  const e = end || start;
  const left = Math.max(0, position(win, s));
  const right = Math.min(100, position(win, e) + 100 / daysIn(win));
  if (right <= 0 || left >= 100 || right <= left) return null;
  return { left, width: right - left };
}

export function shift(win, days) {
  return { from: new Date(win.from.getTime() + days * DAY), to: new Date(win.to.getTime() + days * DAY) };
}
