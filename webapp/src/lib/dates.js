/**
 * Date formats of the spec (§2, §9): 'Do MMM YYYY' and 'Do MMM YYYY @ HH:mm' (the spec's 'hh:mm' is a 12-hour clock
 * without AM/PM, so 13:34 read as 01:34: times are shown on the 24-hour clock). In another language, that
 * language's way of writing the same short date (issue 43): '28. Nov. 2026' in German, '28 nov. 2026' in French;
 * month names come from moment's locale (lib/momentLocale.js), times stay on the 24-hour clock.
 */
import moment from 'moment';
import { getLanguage, intlLocale } from './i18n.js';

const DATE_FORMATS = { en: 'Do MMM YYYY', de: 'D. MMM YYYY', fr: 'D MMM YYYY', it: 'D MMM YYYY', es: 'D MMM YYYY', pt: 'D MMM YYYY' };
const DATE_TIME_FORMATS = { en: 'Do MMM YYYY @ HH:mm', de: 'D. MMM YYYY, HH:mm', fr: 'D MMM YYYY à HH:mm', it: 'D MMM YYYY, HH:mm', es: 'D MMM YYYY, HH:mm', pt: 'D MMM YYYY, HH:mm' };

/** The short date format of the current language (moment tokens). */
export function dateFormat() {
  return DATE_FORMATS[getLanguage()] || DATE_FORMATS.en;
}

/** The date-and-time format of the current language (moment tokens, 24-hour clock). */
export function dateTimeFormat() {
  return DATE_TIME_FORMATS[getLanguage()] || DATE_TIME_FORMATS.en;
}

function parse(value) {
  if (value === null || value === undefined || value === '') return null;
  const m = moment(value);
  return m.isValid() ? m : null;
}

export function formatDate(value) {
  const m = parse(value);
  return m ? m.format(dateFormat()) : '';
}

export function formatDateTime(value) {
  const m = parse(value);
  return m ? m.format(dateTimeFormat()) : '';
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
  return m ? m.format(dateTimeFormat()) : '';
}

const full = new Map();

/** The whole date and time with the time zone, for a hover: 'Wednesday 25 November 2026 at 16:07:41 GMT+1'. */
export function fullDateTime(value) {
  const m = parseApiDate(value);
  if (!m) return '';
  const locale = intlLocale();
  if (!full.has(locale)) full.set(locale, new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'long', hourCycle: 'h23' }));
  return full.get(locale).format(m.toDate());
}
