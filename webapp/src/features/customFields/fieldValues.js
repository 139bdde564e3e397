/**
 * How a custom field's values read (spec §3 Custom field, §9): TEXT as typed; PICKLIST by option label (several
 * when `multiple`); NUMERIC with its symbol before or after (`prefixSymbol`); DATE as 'Do MMM YYYY';
 * DATED_NUMERIC as a dated series, newest first.
 */
import { formatDate } from '../../lib/dates.js';
import { formatNumber as formatLocaleNumber } from '../../lib/i18n.js';

export const CHECKLIST = 'checklist_status';

/** A number with the field's symbol and the language's separators, as the report writes it: '€2,400,000', '5,200 m²', '31 %'. */
export function formatNumber(field, n) {
  if (n === null || n === undefined || n === '' || !Number.isFinite(Number(n))) return '';
  const text = formatLocaleNumber(Number(n), { maximumFractionDigits: 2 });
  if (!field.symbol) return text;
  return field.prefixSymbol ? `${field.symbol}${text}` : `${text} ${field.symbol}`;
}

/** One value as shown on screen. */
export function formatValue(field, value) {
  const v = value.values || {};
  switch (field.type) {
    case 'PICKLIST': return value.optionLabel || v.stringval || '';
    case 'NUMERIC': return formatNumber(field, v.numval);
    case 'DATE': return formatDate(v.dateval);
    case 'DATED_NUMERIC': return `${formatNumber(field, v.numval)} (${formatDate(v.dateval)})`;
    default: return v.stringval || '';
  }
}

/** A dated series, newest first: [{value, date, number, text}] (undated points last). */
export function series(field, values) {
  return values
    .map((value) => ({ value, date: (value.values || {}).dateval || '', number: Number((value.values || {}).numval) }))
    .sort((a, b) => (a.date === b.date ? b.value.id - a.value.id : (b.date > a.date ? 1 : -1)))
    .map((p) => ({ ...p, text: formatNumber(field, p.number), day: formatDate(p.date) }));
}

/** The polyline points of a sparkline of `numbers` (oldest first) in a width × height box. */
export function sparkPoints(numbers, width, height, pad = 2) {
  const ns = numbers.filter((n) => Number.isFinite(n));
  if (!ns.length) return '';
  const min = Math.min(...ns);
  const span = Math.max(...ns) - min || 1;
  const step = ns.length > 1 ? (width - 2 * pad) / (ns.length - 1) : 0;
  return ns.map((n, i) => {
    const x = ns.length > 1 ? pad + i * step : width / 2;
    const y = height - pad - ((n - min) / span) * (height - 2 * pad);
    return `${Math.round(x * 10) / 10},${Math.round(y * 10) / 10}`;
  }).join(' ');
}

/** The fields a module shows in its Fields section: all but the checklist (its box is on every row). */
export function shownFields(module) {
  return (module.customFields || []).filter((f) => f.attribute !== CHECKLIST);
}

/** The add link of a field ('add_{attribute}_value'), or null. */
export function addLinkOf(field) {
  return (field.links && field.links[`add_${field.attribute}_value`]) || null;
}
