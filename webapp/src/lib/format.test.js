import { describe, expect, test } from 'vitest';
import { formatFileSize, initials, parseFileSize, portalHref, shortType, statusStyle, STATUS_COLOURS, tabPath } from './format.js';
import { formatDate, formatDateTime } from './dates.js';

describe('formatFileSize (base 1024)', () => {
  test.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 ** 2, '1 MB'],
    [5.25 * 1024 ** 2, '5.25 MB'],
    [1024 ** 3, '1 GB'],
    [2.5 * 1024 ** 4, '2.5 TB'],
    [1024 ** 5, '1024 TB'],
  ])('%s -> %s', (n, out) => expect(formatFileSize(n)).toBe(out));

  test('nonsense is 0 Bytes', () => {
    expect(formatFileSize(null)).toBe('0 Bytes');
    expect(formatFileSize('abc')).toBe('0 Bytes');
    expect(formatFileSize(-5)).toBe('0 Bytes');
  });
});

describe('dates', () => {
  test("'Do MMM YYYY'", () => {
    expect(formatDate('2026-03-01')).toBe('1st Mar 2026');
    expect(formatDate('2026-11-22T10:00:00')).toBe('22nd Nov 2026');
    expect(formatDate('2026-07-23')).toBe('23rd Jul 2026');
    expect(formatDate('2026-07-11')).toBe('11th Jul 2026');
  });
  test("'Do MMM YYYY @ HH:mm' on the 24-hour clock", () => {
    expect(formatDateTime('2026-03-01T14:05:00')).toBe('1st Mar 2026 @ 14:05');
    expect(formatDateTime('2026-03-02T09:30:00')).toBe('2nd Mar 2026 @ 09:30');
  });
  test('missing or invalid dates are empty', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });
});

describe('initials', () => {
  test.each([
    ['Ada Administrator', 'AA'],
    ['marco rossi', 'MR'],
    ['Maria de la Cruz', 'MC'],
    ['Plato', 'P'],
    ['  Elena   Novak  ', 'EN'],
    ['', ''],
    [null, ''],
  ])('%s -> %s', (name, out) => expect(initials(name)).toBe(out));
});

describe('tab paths', () => {
  test.each([
    ['Phases', 'phases'],
    ['Work Packages', 'work-packages'],
    ['Gantt Chart', 'gantt-chart'],
    ['  Sub  Tasks ', 'sub-tasks'],
  ])('%s -> %s', (label, out) => expect(tabPath(label)).toBe(out));
});

describe('status colours', () => {
  test('each status has its colour', () => {
    expect(statusStyle('NOT_STARTED').name).toBe('orange');
    expect(statusStyle('IN_PROGRESS').name).toBe('cyan');
    expect(statusStyle('BLOCKED').name).toBe('red');
    expect(statusStyle('COMPLETED').name).toBe('green');
    expect(statusStyle('VERIFIED_COMPLETE').name).toBe('dark green');
    expect(statusStyle({ name: 'BLOCKED', label: 'Blocked' }).colour).toBe(STATUS_COLOURS.BLOCKED.colour);
  });
  test("anything else is grey 'no status'", () => {
    for (const s of [null, undefined, 'WHATEVER', { name: 'X' }]) {
      expect(statusStyle(s).label).toBe('no status');
      expect(statusStyle(s).name).toBe('grey');
    }
  });
});

describe('links by platform', () => {
  test('cards go to /portal, /peb or /calibr', () => {
    expect(portalHref({ id: 4, platform: '4rineu' })).toBe('/portal/4');
    expect(portalHref({ id: 8, platform: 'peb' })).toBe('/peb/8');
    expect(portalHref({ id: 9, platform: 'calibr' })).toBe('/calibr/9');
  });
  test('short types', () => {
    expect(shortType('4rineu_project')).toBe('project');
    expect(shortType('4rineu_sub_task')).toBe('sub_task');
  });
});

describe('parseFileSize', () => {
  test.each([
    ['512', 512],
    ['512 Bytes', 512],
    ['1 KB', 1024],
    ['1.5kb', 1536],
    ['2,5 MB', 2.5 * 1024 ** 2],
    ['1 GB', 1024 ** 3],
    ['1 TB', 1024 ** 4],
    ['', undefined],
    ['lots', undefined],
  ])('%s -> %s', (text, n) => expect(parseFileSize(text)).toBe(n));
});
