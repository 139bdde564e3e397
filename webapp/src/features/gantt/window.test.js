import { describe, expect, test } from 'vitest';
// The app's English is British English (lib/momentLocale.js): weeks from Monday. Defining the locale selects it.
import {
  barSpan, columns, dayOf, daysIn, defaultWindow, fitWindow, isoDay, isoWeek, mondayOf, parseDay, position, rezoom, shift, weekStartOf, windowFor,
} from './window.js';

const day = (s) => parseDay(s);

describe('days', () => {
  test('a calendar date is a whole day, whatever the hour or daylight saving', () => {
    expect(dayOf(new Date(2026, 5, 15, 23, 30))).toBe(day('2026-06-15'));
    expect(dayOf(new Date(2026, 2, 29, 12))).toBe(day('2026-03-28') + 1); // the night clocks change in Europe
    expect(day('2026-06-15T10:00:00+00:00')).toBe(day('2026-06-15'));
    expect(parseDay(null)).toBeNull();
    expect(parseDay('')).toBeNull();
    expect(parseDay('soon')).toBeNull();
    expect(isoDay(day('2026-02-28') + 1)).toBe('2026-03-01');
    expect(isoDay(day('2028-02-28') + 1)).toBe('2028-02-29');
  });
  test('weeks start on Monday; ISO week numbers', () => {
    expect(isoDay(mondayOf(day('2026-06-15')))).toBe('2026-06-15'); // a Monday
    expect(isoDay(mondayOf(day('2026-06-21')))).toBe('2026-06-15'); // its Sunday
    expect(isoWeek(day('2026-01-01'))).toBe(1);
    expect(isoWeek(day('2027-01-01'))).toBe(53); // a Friday: week 53 of 2026
    expect(isoWeek(day('2026-06-15'))).toBe(25);
  });
  test('a week begins on the language\'s first day (Monday in British English; Sunday where a language says so)', () => {
    expect(isoDay(weekStartOf(day('2026-06-21')))).toBe('2026-06-15');
    expect(isoDay(weekStartOf(day('2026-06-20'), 0))).toBe('2026-06-14');
    expect(isoDay(weekStartOf(day('2026-06-14'), 0))).toBe('2026-06-14');
  });
});

describe('gantt window', () => {
  const today = new Date(2026, 5, 15, 13, 0);
  const win = defaultWindow(today);
  test('the days zoom: 6 days before today to 25 days after (spec §9)', () => {
    expect(win.zoom).toBe('days');
    expect(isoDay(win.from)).toBe('2026-06-09');
    expect(isoDay(win.to)).toBe('2026-07-10');
    expect(daysIn(win)).toBe(32);
  });
  test('positions and bars are clipped to the window', () => {
    expect(position(win, day('2026-06-09'))).toBe(0);
    expect(barSpan(win, day('2026-05-01'), day('2026-05-20'))).toBeNull();
    const span = barSpan(win, day('2026-06-01'), day('2026-06-12'));
    expect(span.left).toBe(0);
    expect(span.width).toBeCloseTo((4 / 32) * 100);
    expect(span.cutStart).toBe(true);
    expect(span.cutEnd).toBe(false);
    const late = barSpan(win, day('2026-07-01'), day('2026-09-01'));
    expect(late.width).toBeCloseTo(100 - (22 / 32) * 100);
    expect(late.cutEnd).toBe(true);
    // One date alone is a one-day bar.
    expect(barSpan(win, null, day('2026-06-10'))).toEqual({ left: (1 / 32) * 100, width: (1 / 32) * 100, cutStart: false, cutEnd: false });
    expect(barSpan(win, null, null)).toBeNull();
  });
  test('‹ Week and Week › move the days zoom by 7 days; Today comes back', () => {
    expect(isoDay(shift(win, -1).from)).toBe('2026-06-02');
    expect(isoDay(shift(win, 1).to)).toBe('2026-07-17');
    expect(windowFor('days', dayOf(today))).toEqual(win);
  });
  test('the weeks zoom: 16 whole weeks from two weeks before this one, moved by 4 weeks', () => {
    const w = windowFor('weeks', dayOf(today));
    expect(isoDay(w.from)).toBe('2026-06-01');
    expect(daysIn(w)).toBe(112);
    expect(isoDay(shift(w, 1).from)).toBe('2026-06-29');
    const cols = columns(w);
    expect(cols).toHaveLength(16);
    expect(cols[0]).toMatchObject({ label: '1 Jun', sub: 'W23', left: 0 });
    expect(cols[0].width).toBeCloseTo(100 / 16);
  });
  test('the months zoom: 12 months from the month before, moved by a quarter, columns as long as their months', () => {
    const m = windowFor('months', dayOf(today));
    expect(isoDay(m.from)).toBe('2026-05-01');
    expect(isoDay(m.to)).toBe('2027-04-30');
    const next = shift(m, 1);
    expect([isoDay(next.from), isoDay(next.to)]).toEqual(['2026-08-01', '2027-07-31']);
    expect(isoDay(shift(m, -1).from)).toBe('2026-02-01');
    const cols = columns(m);
    expect(cols.map((c) => c.label)).toEqual(['May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec', 'Jan', 'Feb', 'Mar', 'Apr']);
    expect(cols[0].width).toBeCloseTo((31 / 365) * 100);
    expect(cols[9]).toMatchObject({ label: 'Feb', sub: '2027' });
    expect(cols[9].width).toBeCloseTo((28 / 365) * 100);
    expect(cols.reduce((a, c) => a + c.width, 0)).toBeCloseTo(100);
  });
  test('the days columns mark weekends', () => {
    const cols = columns(win);
    expect(cols).toHaveLength(32);
    expect(cols[0]).toMatchObject({ label: '9', sub: 'T', weekend: false });
    expect(cols.filter((c) => c.weekend).map((c) => c.label)).toEqual(['13', '14', '20', '21', '27', '28', '4', '5']);
  });
  test('changing the zoom keeps today in view, or the place being looked at', () => {
    const t = dayOf(today);
    expect(rezoom(win, 'months', t)).toEqual(windowFor('months', t));
    expect(rezoom(rezoom(win, 'weeks', t), 'days', t)).toEqual(win);
    const far = shift(shift(windowFor('months', t), 1), 1); // Nov 2026 - Oct 2027: today is not in it
    const days = rezoom(far, 'days', t);
    expect(isoDay(days.from)).toBe('2026-11-26'); // a month into it, less the 6 days before
    expect(days.from >= far.from && days.to <= far.to).toBe(true);
  });
});

describe('fitted to a subtree\'s dates', () => {
  const fit = (a, b) => {
    const w = fitWindow(day(a), day(b));
    return [w.zoom, isoDay(w.from), isoDay(w.to), columns(w).length];
  };
  test('six weeks or less: days, a day either side, at least the usual 32 days', () => {
    expect(fit('2026-06-10', '2026-06-20')).toEqual(['days', '2026-06-08', '2026-07-09', 32]);
    expect(fit('2026-06-01', '2026-07-10')).toEqual(['days', '2026-05-30', '2026-07-12', 44]);
  });
  test('half a year or less: weeks from the first date\'s Monday to the last one\'s Sunday', () => {
    expect(fit('2026-06-10', '2026-09-30')).toEqual(['weeks', '2026-06-08', '2026-10-04', 17]);
    expect(fit('2026-06-10', '2026-11-30')).toEqual(['weeks', '2026-06-08', '2026-12-06', 26]);
  });
  test('longer: whole months, at least twelve', () => {
    expect(fit('2026-01-05', '2027-02-12')).toEqual(['months', '2026-01-01', '2027-02-28', 14]);
    expect(fit('2026-03-15', '2026-12-01')).toEqual(['months', '2026-03-01', '2027-02-28', 12]);
  });
});
