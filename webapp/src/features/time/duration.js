/** Durations of the time feature (issue 45): the server sends minutes and hours; the timer counts seconds. */

const pad = (n) => String(n).padStart(2, '0');

/** 'h:mm:ss' of a count of seconds (a running timer): 0 → '0:00:00', 5103 → '1:25:03', a day and more → '25:00:00'. */
export function formatElapsed(seconds) {
  const s = Math.max(0, Math.floor(Number(seconds) || 0));
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** 'h:mm' of a count of minutes (a logged duration): 85 → '1:25', 30 → '0:30', 600 → '10:00'. */
export function formatDuration(minutes) {
  const m = Math.max(0, Math.round(Number(minutes) || 0));
  return `${Math.floor(m / 60)}:${pad(m % 60)}`;
}

export { formatHours } from '../../lib/format.js';

/** Milliseconds since the epoch of an API time (ISO 8601; one without a zone is UTC), or NaN. */
export function apiTime(value) {
  if (!value) return NaN;
  const s = String(value);
  return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(s) || !/T\d/.test(s) ? s : `${s}Z`);
}

/** Whole seconds from `started` (an API time) to `now` (ms); never negative (a clock a little behind the server's). */
export function elapsedSeconds(started, now = Date.now()) {
  const from = apiTime(started);
  if (!Number.isFinite(from)) return 0;
  return Math.max(0, Math.floor((now - from) / 1000));
}
