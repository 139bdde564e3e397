import { describe, expect, test } from 'vitest';
import { barSpan, daysIn, defaultWindow, parseDay, position } from './window.js';
import { flippedOption, isDone, toggleLink } from '../checklist/checklist.js';

describe('gantt window', () => {
  const today = new Date(2026, 5, 15, 13, 0);
  const win = defaultWindow(today);
  test('6 days before today to 25 days after', () => {
    expect(win.from).toEqual(new Date(2026, 5, 9));
    expect(win.to).toEqual(new Date(2026, 6, 10));
    expect(daysIn(win)).toBe(32);
  });
  test('positions and bars are clipped to the window', () => {
    expect(position(win, new Date(2026, 5, 9))).toBe(0);
    expect(barSpan(win, parseDay('2026-05-01'), parseDay('2026-05-20'))).toBeNull();
    const span = barSpan(win, parseDay('2026-06-01'), parseDay('2026-06-12'));
    expect(span.left).toBe(0);
    expect(span.width).toBeCloseTo((4 / 32) * 100);
    expect(barSpan(win, parseDay('2026-07-01'), parseDay('2026-09-01')).width).toBeCloseTo(100 - (22 / 32) * 100);
  });
});

describe('checklist toggle', () => {
  const options = [{ value: 'not_completed', label: 'Not completed' }, { value: 'completed', label: 'Completed' }];
  const add = { url: '/add' };
  const edit = { url: '/edit' };
  test('no value: the add link, flips to the second option', () => {
    const f = { attribute: 'checklist_status', options, values: [], links: { add_checklist_status_value: add } };
    expect(toggleLink(f)).toBe(add);
    expect(flippedOption(f)).toBe('completed');
    expect(isDone(f)).toBe(false);
  });
  test('completed: the first value edit link, flips back', () => {
    const f = { options, values: [{ values: { stringval: 'completed' }, links: { edit } }], links: {} };
    expect(toggleLink(f)).toBe(edit);
    expect(flippedOption(f)).toBe('not_completed');
    expect(isDone(f)).toBe(true);
  });
});
