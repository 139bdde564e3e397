/** Pure formatting helpers without heavy dependencies (the login route may import these). */
import { formatNumber, t } from './i18n.js';

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/**
 * File size with base 1024: 0 Bytes, 512 Bytes, 1.5 KB, 2 MB, ... up to TB (spec §2, §9), with the language's
 * decimal separator and unit names ('1,5 Ko' in French).
 */
export function formatFileSize(bytes, decimals = 2) {
  const n = Number(bytes);
  if (!Number.isFinite(n) || n <= 0) return t('format.fileSize', { size: formatNumber(0), unit: 'B' });
  const i = Math.min(SIZE_UNITS.length - 1, Math.floor(Math.log(n) / Math.log(1024)));
  const value = n / 1024 ** i;
  return t('format.fileSize', { size: formatNumber(value, { maximumFractionDigits: i === 0 ? 0 : decimals, useGrouping: false }), unit: SIZE_UNITS[i] });
}

/** A size typed by a person ('1.5 MB', '200kb', '512') in bytes; undefined when it is not a size. */
export function parseFileSize(text) {
  const m = String(text === null || text === undefined ? '' : text).trim().match(/^(\d+(?:[.,]\d+)?)\s*(bytes?|b|kb?|mb?|gb?|tb?)?$/i);
  if (!m) return undefined;
  const n = parseFloat(m[1].replace(',', '.'));
  const unit = (m[2] || 'b').toLowerCase()[0];
  const power = { b: 0, k: 1, m: 2, g: 3, t: 4 }[unit];
  return Math.round(n * 1024 ** power);
}

/** First letters of the first and last words of a name, uppercased (spec §3). */
export function initials(name) {
  const words = String(name || '').trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '';
  const first = words[0][0];
  const last = words.length > 1 ? words[words.length - 1][0] : '';
  return (first + last).toUpperCase();
}

/** Tab path of a child-type label: lowercased, spaces to hyphens ('Work Packages' -> 'work-packages'). */
export function tabPath(label) {
  return String(label || '').trim().toLowerCase().replace(/\s+/g, '-');
}

/**
 * Deliverable status colours (spec §4, §9): the spec's hues in shades dark enough for white text (WCAG 2.1 AA,
 * at least 4.5:1: orange 5.2, cyan 5.6, red 5.6, green 5.4, dark green 7.9, grey 5.5). A `label` is a getter: read
 * in the current language each time (the catalogs load after this module, and the language may change).
 */
export const STATUS_COLOURS = {
  NOT_STARTED: { colour: '#b54d00', get label() { return t('common.statusNotStarted'); }, name: 'orange' },
  IN_PROGRESS: { colour: '#0b7285', get label() { return t('common.statusInProgress'); }, name: 'cyan' },
  BLOCKED: { colour: '#c62828', get label() { return t('common.statusBlocked'); }, name: 'red' },
  COMPLETED: { colour: '#237a35', get label() { return t('common.statusCompleted'); }, name: 'green' },
  VERIFIED_COMPLETE: { colour: '#1b5e20', get label() { return t('common.statusVerifiedComplete'); }, name: 'dark green' },
};
export const NO_STATUS = { colour: '#5f6b73', get label() { return t('common.noStatus'); }, name: 'grey' };

/** {colour, label, name} for a status name; anything unknown is grey 'no status'. */
export function statusStyle(status) {
  const key = status && typeof status === 'object' ? status.name : status;
  return STATUS_COLOURS[key] || NO_STATUS;
}

/** The link of a platform's module card (spec §2). */
export function portalHref(module) {
  const id = module.id;
  switch (module.platform) {
    case 'calibr':
      return `/calibr/${id}`;
    case 'peb':
      return `/peb/${id}`;
    default:
      return `/portal/${id}`;
  }
}

/** The short type of a module type: '4rineu_project' -> 'project'. */
export function shortType(type) {
  const t = String(type || '');
  const i = t.indexOf('_');
  return i >= 0 ? t.slice(i + 1) : t;
}

/** Hours as the reader's language writes a number, at most 2 decimals: 1.5 → '1.5' ('1,5' in German). */
export function formatHours(hours) {
  const h = Number(hours);
  return formatNumber(Number.isFinite(h) ? h : 0, { maximumFractionDigits: 2 });
}
