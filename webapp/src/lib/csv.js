/**
 * CSV files of tables (RFC 4180 as Excel reads it): fields separated by commas, CRLF line ends, a field holding a
 * comma, a quote or a line break inside double quotes with its quotes doubled, UTF-8 with a byte order mark (so
 * Excel reads accents right). Formula-safe: a text starting with =, +, -, @, a tab or a carriage return gets a
 * single quote in front, so a spreadsheet shows it instead of running it (OWASP 'CSV injection'). Numbers (typed
 * as numbers, e.g. a size in bytes, -3) are data, never a formula, and stay as they are.
 */

import { t } from './i18n.js';
import saveBlob from './saveFile.js';

export const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One value as plain text: '' for nothing, numbers and text as they are, a list joined with '; '. */
export function plainText(value) {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(plainText).filter(Boolean).join('; ');
  if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (typeof value === 'object') return plainText(value.label ?? value.name ?? '');
  return String(value);
}

/** One field of a CSV line: formula-escaped, then quoted when it must be. */
export function csvField(value) {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = plainText(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The text of a CSV file (with its BOM): a header line, then one line per row (arrays of values). */
export function toCsv(headers, rows) {
  const lines = [headers, ...rows].map((cells) => cells.map(csvField).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** YYYY-MM-DD of a date in the reader's time zone (today by default). */
export function isoDay(date = new Date()) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The YYYY-MM-DD part of an API date ('2026-11-25', '2026-11-25T10:00:00+00:00'), or '' when there is none. */
export function isoDate(value) {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(value === null || value === undefined ? '' : String(value));
  return m ? m[1] : '';
}

/** A file name part: lower case ASCII letters and digits, accents dropped, anything else one hyphen. */
export function slug(text) {
  return String(text === null || text === undefined ? '' : text).normalize('NFD').replace(/[\u0300-\u036f]/g, '')
    .toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '');
}

/** 'tasks-4rineu-consortium-2026-11-25.csv' from ['tasks', '4RinEU Consortium'] (blank parts left out). */
export function csvFileName(parts, date = new Date()) {
  const name = (Array.isArray(parts) ? parts : [parts]).map(slug).filter(Boolean).join('-') || 'table';
  return `${name}-${isoDay(date)}.csv`;
}

/** Save a CSV text as a download named `name` (a UTF-8 text/csv file; the text carries its BOM). */
export function downloadCsv(name, text) {
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), name);
}
