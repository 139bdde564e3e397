import { describe, expect, it } from 'vitest';
import { arrows, edgeDay, route } from './links.js';
import { parseDay } from './window.js';

const win = { from: parseDay('2027-01-01'), to: parseDay('2027-01-10'), zoom: 'days' }; // 10 days: 10% a day
const row = (id, startDate, deadline) => ({ id, deliverable: { startDate, deadline } });
const shown = [row(1, '2027-01-01', '2027-01-02'), row(2, '2027-01-04', '2027-01-05'), row(3, null, null)];
const dOf = (m) => m.deliverable;
const all = { start: 0, end: 10 };

describe('the Gantt\'s arrows', () => {
  it('a bar ends the day after its last and falls back on the date it has', () => {
    expect(edgeDay({ startDate: '2027-01-04', deadline: '2027-01-05' }, 'end')).toBe(parseDay('2027-01-06'));
    expect(edgeDay({ startDate: null, deadline: '2027-01-05' }, 'start')).toBe(parseDay('2027-01-05'));
    expect(edgeDay({ startDate: null, deadline: null }, 'start')).toBeNull();
  });

  it('leave and enter each kind at its ends, mid-row; none for relates, a row without dates or one not shown', () => {
    const rel = (id, kind, fromId = 1, toId = 2) => ({ id, kind, fromId, toId, lag: 0 });
    const got = arrows([rel(1, 'FS'), rel(2, 'SS'), rel(3, 'FF'), rel(4, 'SF'), rel(5, 'RELATES'), rel(6, 'FS', 1, 3),
      rel(7, 'FS', 1, 99)], shown, dOf, win, 40, all);
    expect(got.map((a) => [a.id, a.x1, a.x2, a.y1, a.y2])).toEqual([
      [1, 20, 30, 20, 60], [2, 0, 30, 20, 60], [3, 20, 50, 20, 60], [4, 0, 50, 20, 60]]);
  });

  it('skips arrows wholly above or below the rendered rows', () => {
    const got = arrows([{ id: 1, kind: 'FS', fromId: 1, toId: 2 }], shown, dOf, win, 40, { start: 5, end: 9 });
    expect(got).toEqual([]);
  });

  it('turns at right angles, between the rows when the successor starts before the predecessor ends', () => {
    expect(route({ kind: 'FS', enters: 'start', x1: 20, y1: 20, x2: 30, y2: 60 }, 40)).toBe('M20 20H20.6V60H30');
    expect(route({ kind: 'FS', enters: 'start', x1: 30, y1: 20, x2: 10, y2: 60 }, 40)).toBe('M30 20H30.6V40H9.4V60H10');
  });
});
