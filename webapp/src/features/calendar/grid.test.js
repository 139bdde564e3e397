import moment from 'moment';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import 'moment/dist/locale/de';
import {
  MONTH_DAYS, addDays, clampDay, daysOf, monthGrid, parseDay, rangeTitle, sameMonth, stepDay, weekDays, weekStart, weeksOf,
} from './grid.js';

// Defining a locale selects it: every test starts in the app's English.
beforeEach(() => moment.locale('en-gb'));
afterEach(() => moment.locale('en-gb'));

describe('grid', () => {
  test('parseDay takes a day or the date of a date-time, and refuses anything else', () => {
    expect(parseDay('2026-11-23').format('YYYY-MM-DD')).toBe('2026-11-23');
    expect(parseDay('2026-11-23T22:30:00Z').format('YYYY-MM-DD')).toBe('2026-11-23');
    expect(parseDay('2026-13-01')).toBeNull();
    expect(parseDay('')).toBeNull();
    expect(parseDay(null)).toBeNull();
  });

  test('days move across months, years and daylight saving', () => {
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26'); // the clocks go back on the 25th
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  test('a week starts on the first weekday given: Monday (1) or Sunday (0)', () => {
    expect(weekStart('2026-11-26', 1)).toBe('2026-11-23'); // a Thursday
    expect(weekStart('2026-11-23', 1)).toBe('2026-11-23');
    expect(weekStart('2026-11-29', 1)).toBe('2026-11-23'); // a Sunday belongs to the week before
    expect(weekStart('2026-11-29', 0)).toBe('2026-11-29');
    expect(weekStart('2026-11-26', 0)).toBe('2026-11-22');
    expect(weekDays('2026-11-26', 1)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
  });

  test('the month grid: 6 weeks from the first day of the week holding the 1st', () => {
    const monday = monthGrid('2026-11-15', 1); // 1 November 2026 is a Sunday
    expect(monday).toHaveLength(MONTH_DAYS);
    expect(monday[0]).toBe('2026-10-26');
    expect(monday[6]).toBe('2026-11-01');
    expect(monday[41]).toBe('2026-12-06');
    const sunday = monthGrid('2026-11-15', 0);
    expect(sunday[0]).toBe('2026-11-01');
    expect(sunday[41]).toBe('2026-12-12');
    // A month starting on the first weekday starts the grid itself.
    expect(monthGrid('2027-02-10', 1)[0]).toBe('2027-02-01');
    expect(weeksOf(monday).map((w) => w[0])).toEqual(['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30']);
    expect(daysOf('week', '2026-11-15', 1)).toEqual(weekDays('2026-11-15', 1));
    expect(daysOf('month', '2026-11-15', 1)).toEqual(monday);
  });

  test('‹ and › step to the 1st of a month, or by a week', () => {
    expect(stepDay('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(stepDay('month', '2026-01-31', -1)).toBe('2025-12-01');
    expect(stepDay('week', '2026-12-30', 1)).toBe('2027-01-06');
    expect(stepDay('week', '2026-12-30', -1)).toBe('2026-12-23');
  });

  test('sameMonth and clampDay', () => {
    expect(sameMonth('2026-11-01', '2026-11-30')).toBe(true);
    expect(sameMonth('2026-10-31', '2026-11-30')).toBe(false);
    const days = weekDays('2026-11-26', 1);
    expect(clampDay('2026-11-20', days)).toBe('2026-11-23');
    expect(clampDay('2026-12-01', days)).toBe('2026-11-29');
    expect(clampDay('2026-11-25', days)).toBe('2026-11-25');
  });

  test('a week\'s title names its month and year once, in the locale\'s short date', () => {
    expect(rangeTitle('2026-11-23', '2026-11-29')).toBe('23 – 29 Nov 2026');
    expect(rangeTitle('2026-11-30', '2026-12-06')).toBe('30 Nov – 6 Dec 2026');
    expect(rangeTitle('2026-12-28', '2027-01-03')).toBe('28 Dec 2026 – 3 Jan 2027');
    moment.locale('de');
    expect(rangeTitle('2026-11-23', '2026-11-29')).toBe('23. – 29. Nov. 2026');
    expect(rangeTitle('2026-11-30', '2026-12-06')).toBe('30. Nov. – 6. Dez. 2026');
  });
});
