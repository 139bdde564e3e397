import { describe, expect, test } from 'vitest';
import { OVERSCAN, sameRange, visibleRows } from './virtual.js';

const at = (scrollTop, count = 2000, viewport = 600) => visibleRows({ scrollTop, viewport, rowHeight: 40, count });

describe('virtual window', () => {
  test('the rows in view and the overscan on each side', () => {
    expect(at(0)).toEqual({ start: 0, end: 15 + OVERSCAN });
    expect(at(4000)).toEqual({ start: 100 - OVERSCAN, end: 115 + OVERSCAN });
    expect(at(4020)).toEqual({ start: 100 - OVERSCAN, end: 116 + OVERSCAN }); // half a row: one more shows
  });
  test('the bottom of 2,000 rows: the last row is rendered, nothing past it', () => {
    const bottom = at(2000 * 40 - 600);
    expect(bottom).toEqual({ start: 1985 - OVERSCAN, end: 2000 });
    expect(at(1e9)).toEqual({ start: 1999 - OVERSCAN, end: 2000 });
  });
  test('bounded, whatever the number of rows', () => {
    for (const top of [0, 123, 40000, 79400]) {
      const r = at(top);
      expect(r.end - r.start).toBeLessThanOrEqual(600 / 40 + 1 + 2 * OVERSCAN);
    }
  });
  test('short lists, empty lists, odd input', () => {
    expect(at(0, 5)).toEqual({ start: 0, end: 5 });
    expect(at(0, 0)).toEqual({ start: 0, end: 0 });
    expect(at(-50, 100)).toEqual({ start: 0, end: 15 + OVERSCAN });
    expect(visibleRows({ scrollTop: 0, viewport: 0, rowHeight: 40, count: 100 })).toEqual({ start: 0, end: 1 + OVERSCAN });
    expect(visibleRows({ scrollTop: 0, viewport: 600, rowHeight: 0, count: 100 })).toEqual({ start: 0, end: 0 });
  });
  test('a scroll within the same rows is the same range', () => {
    expect(sameRange(at(4001), at(4030))).toBe(true);
    expect(sameRange(at(4000), at(4040))).toBe(false);
  });
});
