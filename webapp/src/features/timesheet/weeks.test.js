import { describe, expect, test } from 'vitest';
import {
  hoursOf, isoWeekOf, monthName, parseHours, shiftWeek, validWeek, weekDays, weekNumber, weekStart, withCell, withRow,
} from './weeks.js';

describe('ISO weeks', () => {
  test('the week of a day: Monday first, week 1 holds 4 January, the week-year may differ from the year', () => {
    expect(isoWeekOf('2026-11-23')).toBe('2026-W48'); // a Monday
    expect(isoWeekOf('2026-11-29')).toBe('2026-W48'); // its Sunday
    expect(isoWeekOf('2026-11-30')).toBe('2026-W49');
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53'); // a Friday: 2026 has 53 weeks
    expect(isoWeekOf('2024-12-30')).toBe('2025-W01'); // a Monday in the next week-year
    expect(isoWeekOf('2021-01-03')).toBe('2020-W53');
  });

  test('the days of a week, Monday first', () => {
    expect(weekDays('2026-W48')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(weekDays('2025-W01')[0]).toBe('2024-12-30');
    expect(weekDays('2026-W53')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
    expect(weekDays('nonsense')).toEqual([]);
  });

  test('a week that does not exist is none; the current week stands in for it', () => {
    expect(weekStart('2025-W53')).toBeNull(); // 2025 has 52
    expect(weekStart('2026-W00')).toBeNull();
    expect(weekStart('2026-W5')).toBeNull();
    expect(weekStart('2026-W53').format('YYYY-MM-DD')).toBe('2026-12-28');
    expect(validWeek('2026-W10', '2026-11-25')).toBe('2026-W10');
    expect(validWeek('2025-W53', '2026-11-25')).toBe('2026-W48');
    expect(validWeek(null, '2026-11-25')).toBe('2026-W48');
    expect(weekNumber('2026-W08')).toBe(8);
  });

  test('weeks before and after, across the years', () => {
    expect(shiftWeek('2026-W48', 1)).toBe('2026-W49');
    expect(shiftWeek('2026-W48', -1)).toBe('2026-W47');
    expect(shiftWeek('2026-W53', 1)).toBe('2027-W01');
    expect(shiftWeek('2025-W01', -1)).toBe('2024-W52');
    expect(shiftWeek('bad', 1)).toBeNull();
  });
});

describe('hours as typed', () => {
  test.each([
    ['1.5', 90], ['1,5', 90], ['1:30', 90], ['0:05', 5], ['1:5', 65], ['90m', 90], ['2h', 120], ['1.5h', 90],
    ['1h30', 90], ['1h 30m', 90], [' 8 ', 480], ['.25', 15], ['0.33', 20], ['24', 1440], ['0', 0], ['', 0],
  ])('%j is %i minutes', (text, minutes) => {
    expect(parseHours(text)).toBe(minutes);
  });

  test.each(['abc', '1:60', '-1', '25', '24:01', '1.5.2', '1,5h30', 'h'])('%j is not hours', (text) => {
    expect(parseHours(text)).toBeNull();
  });

  test('minutes as hours, two decimals', () => {
    expect(hoursOf(90)).toBe(1.5);
    expect(hoursOf(20)).toBe(0.33);
    expect(hoursOf(0)).toBe(0);
    expect(hoursOf(undefined)).toBe(0);
  });

  test('a month by its name', () => {
    expect(monthName('2026-11')).toBe('November 2026');
    expect(monthName('bad')).toBe('bad');
  });
});

describe('the grid after a save', () => {
  const grid = {
    days: ['2026-11-23', '2026-11-24'],
    rows: [
      { module: { id: 1, trail: 'P › WP1' }, cells: { '2026-11-23': { minutes: 60, entries: 1, locked: false } }, totalMinutes: 60 },
      { module: { id: 2, trail: 'P › WP2' }, cells: { '2026-11-23': { minutes: 30, entries: 1, locked: false } }, totalMinutes: 30 },
    ],
    dayTotals: { '2026-11-23': 90, '2026-11-24': 0 },
    totalMinutes: 90,
  };

  test('the cell, its row, its day and the week follow the answer', () => {
    const next = withCell(grid, 1, '2026-11-24', { cell: { minutes: 120, entries: 1, locked: false }, dayTotal: 120, rowTotal: 180 });
    expect(next.rows[0].cells['2026-11-24'].minutes).toBe(120);
    expect(next.rows[0].totalMinutes).toBe(180);
    expect(next.rows[1]).toBe(grid.rows[1]);
    expect(next.dayTotals).toEqual({ '2026-11-23': 90, '2026-11-24': 120 });
    expect(next.totalMinutes).toBe(210);
    expect(grid.totalMinutes).toBe(90); // not changed in place
  });

  test('a save of a day no longer shown (another week came meanwhile) changes nothing', () => {
    expect(withCell(grid, 1, '2026-12-01', { cell: { minutes: 60 }, dayTotal: 60, rowTotal: 120 })).toBe(grid);
  });

  test('a row is added once', () => {
    const once = withRow(grid, { id: 3, name: 'WP3', trail: 'P › WP3' });
    expect(once.rows.map((r) => r.module.id)).toEqual([1, 2, 3]);
    expect(once.rows[2]).toEqual({ module: { id: 3, name: 'WP3', trail: 'P › WP3' }, cells: {}, totalMinutes: 0 });
    expect(withRow(once, { id: 3 })).toBe(once);
  });
});
