import { describe, expect, test } from 'vitest';
import { apiTime, elapsedSeconds, formatDuration, formatElapsed, formatHours } from './duration.js';

describe('time durations', () => {
  test('elapsed seconds as h:mm:ss, past a day too', () => {
    expect([0, 59, 60, 5103, 36000, 90000, 90061].map(formatElapsed))
      .toEqual(['0:00:00', '0:00:59', '0:01:00', '1:25:03', '10:00:00', '25:00:00', '25:01:01']);
    expect([-5, undefined, 'x', 12.9].map(formatElapsed)).toEqual(['0:00:00', '0:00:00', '0:00:00', '0:00:12']);
  });

  test('logged minutes as h:mm', () => {
    expect([0, 1, 30, 85, 90, 600, 1440].map(formatDuration)).toEqual(['0:00', '0:01', '0:30', '1:25', '1:30', '10:00', '24:00']);
    expect([null, -3, 89.6].map(formatDuration)).toEqual(['0:00', '0:00', '1:30']);
  });

  test('hours in the reader\'s number format, at most two decimals', () => {
    expect([1.5, 12.5, 2, 12.345, 0.25, null].map(formatHours)).toEqual(['1.5', '12.5', '2', '12.35', '0.25', '0']);
  });

  test('seconds since an API time (a time without a zone is UTC), never negative', () => {
    const now = Date.UTC(2026, 10, 25, 11, 25, 3);
    expect(elapsedSeconds('2026-11-25T10:00:00+00:00', now)).toBe(5103);
    expect(elapsedSeconds('2026-11-25T10:00:00Z', now)).toBe(5103);
    expect(elapsedSeconds('2026-11-25T10:00:00', now)).toBe(5103);
    expect(elapsedSeconds('2026-11-25T11:00:00+01:00', now)).toBe(5103);
    expect(elapsedSeconds('2026-11-25T12:00:00Z', now)).toBe(0); // a clock behind the server's
    expect([elapsedSeconds(null, now), elapsedSeconds('garbage', now)]).toEqual([0, 0]);
    expect(Number.isNaN(apiTime(''))).toBe(true);
  });
});
