/**
 * Date formats of the spec (§2, §9): 'Do MMM YYYY' and 'Do MMM YYYY @ HH:mm' (the spec's 'hh:mm' is a 12-hour clock
 * without AM/PM, so 13:34 read as 01:34: times are shown on the 24-hour clock).
 */
import moment from 'moment';

export const DATE_FORMAT = 'Do MMM YYYY';
export const DATE_TIME_FORMAT = 'Do MMM YYYY @ HH:mm';

function parse(value) {
  if (value === null || value === undefined || value === '') return null;
  const m = moment(value);
  return m.isValid() ? m : null;
}

export function formatDate(value) {
  const m = parse(value);
  return m ? m.format(DATE_FORMAT) : '';
}

export function formatDateTime(value) {
  const m = parse(value);
  return m ? m.format(DATE_TIME_FORMAT) : '';
}

/** 'a few seconds ago' style, for feeds. */
export function fromNow(value) {
  const m = parse(value);
  return m ? m.fromNow() : '';
}

/** An API date (ISO 8601; one without a zone is UTC) as a moment in local time, or null. */
export function parseApiDate(value) {
  if (value === null || value === undefined || value === '') return null;
  const s = String(value);
  const m = /[zZ]|[+-]\d\d:?\d\d$/.test(s) || !/T\d/.test(s) ? moment(s, moment.ISO_8601) : moment.utc(s, moment.ISO_8601).local();
  return m.isValid() ? m : null;
}

/** 'Do MMM YYYY @ HH:mm' of an API date (articles, comments; spec §9). */
export function formatApiDateTime(value) {
  const m = parseApiDate(value);
  return m ? m.format(DATE_TIME_FORMAT) : '';
}

const FULL = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'long' });

/** The whole date and time with the time zone, for a hover: 'Wednesday 25 November 2026 at 16:07:41 GMT+1'. */
export function fullDateTime(value) {
  const m = parseApiDate(value);
  return m ? FULL.format(m.toDate()) : '';
}
