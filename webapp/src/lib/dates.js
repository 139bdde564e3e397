/** Date formats of the spec (§2, §9): 'Do MMM YYYY' and 'Do MMM YYYY @ hh:mm'. */
import moment from 'moment';

export const DATE_FORMAT = 'Do MMM YYYY';
export const DATE_TIME_FORMAT = 'Do MMM YYYY @ hh:mm';

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
