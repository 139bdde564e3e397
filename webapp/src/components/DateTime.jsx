import { formatApiDateTime, fullDateTime } from '../lib/dates.js';

/** A date and time as 'Do MMM YYYY @ HH:mm', the whole of it with the time zone on hover (and for machines). */
export default function DateTime({ value, format = formatApiDateTime, className, testId }) {
  if (!value) return null;
  return (
    <time dateTime={String(value)} title={fullDateTime(value)} className={className} data-testid={testId}>{format(value)}</time>
  );
}
