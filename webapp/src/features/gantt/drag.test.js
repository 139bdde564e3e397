import { describe, expect, test } from 'vitest';
import { datesOf, daysFromPixels, dragDates, dragModes, plannedEdits, withDates } from './drag.js';
import { isoDay, parseDay } from './window.js';

const day = (s) => parseDay(s);
const link = (name) => ({ url: `/api/deliverable/${name}/7/3`, operation: 'POST' });
const editable = {
  startDate: '2026-06-10', deadline: '2026-06-20',
  links: { edit_start_date: link('edit-start-date'), edit_deadline: link('edit-deadline') },
};

describe('drag arithmetic', () => {
  test('pixels to whole days, rounded at half a day', () => {
    expect(daysFromPixels(0, 640, 32)).toBe(0);
    expect(daysFromPixels(9, 640, 32)).toBe(0); // 0.45 day
    expect(daysFromPixels(11, 640, 32)).toBe(1);
    expect(daysFromPixels(-60, 640, 32)).toBe(-3);
    expect(Object.is(daysFromPixels(-3, 640, 32), 0)).toBe(true);
    expect(daysFromPixels(100, 365 * 2, 365)).toBe(50); // months zoom: 2 px a day
    expect(daysFromPixels(50, 0, 32)).toBe(0); // not laid out
  });
  test('moving the bar moves both dates; an end moves alone and never passes the other', () => {
    const d = datesOf(editable);
    expect(dragDates(d, 'move', 3)).toEqual({ start: day('2026-06-13'), end: day('2026-06-23') });
    expect(dragDates(d, 'start', -4)).toEqual({ start: day('2026-06-06'), end: d.end });
    expect(dragDates(d, 'start', 15)).toEqual({ start: d.end, end: d.end });
    expect(dragDates(d, 'end', 2)).toEqual({ start: d.start, end: day('2026-06-22') });
    expect(dragDates(d, 'end', -30)).toEqual({ start: d.start, end: d.start });
    // A bar of one date: moving keeps the other missing; an end adds the missing date.
    const deadlineOnly = { start: null, end: day('2026-06-20') };
    expect(dragDates(deadlineOnly, 'move', 1)).toEqual({ start: null, end: day('2026-06-21') });
    expect(dragDates(deadlineOnly, 'start', -2)).toEqual({ start: day('2026-06-18'), end: day('2026-06-20') });
  });
  test('the edits, ordered so the start never passes the deadline in between', () => {
    const before = datesOf(editable);
    expect(plannedEdits(before, dragDates(before, 'move', 12))).toEqual([['deadline', '2026-07-02'], ['startDate', '2026-06-22']]);
    expect(plannedEdits(before, dragDates(before, 'move', -12))).toEqual([['startDate', '2026-05-29'], ['deadline', '2026-06-08']]);
    expect(plannedEdits(before, dragDates(before, 'end', 1))).toEqual([['deadline', '2026-06-21']]);
    expect(plannedEdits(before, dragDates(before, 'start', -1))).toEqual([['startDate', '2026-06-09']]);
    expect(plannedEdits(before, before)).toEqual([]);
  });
  test('what a bar allows follows its links', () => {
    expect(dragModes(editable)).toEqual({ move: true, start: true, end: true });
    expect(dragModes({ ...editable, links: {} })).toEqual({ move: false, start: false, end: false });
    expect(dragModes({ ...editable, links: undefined })).toEqual({ move: false, start: false, end: false });
    expect(dragModes({ ...editable, links: { edit_deadline: editable.links.edit_deadline } }))
      .toEqual({ move: false, start: false, end: true });
    expect(dragModes({ ...editable, startDate: null, links: { edit_deadline: editable.links.edit_deadline } }))
      .toEqual({ move: true, start: false, end: true });
    expect(dragModes({ ...editable, startDate: null, deadline: null })).toEqual({ move: false, start: false, end: false });
    expect(dragModes(null)).toEqual({ move: false, start: false, end: false });
  });
  test('the deliverable as shown while dragging', () => {
    const shown = withDates(editable, { start: day('2026-06-11'), end: day('2026-06-21') });
    expect([shown.startDate, shown.deadline]).toEqual(['2026-06-11', '2026-06-21']);
    expect(shown.links).toBe(editable.links);
    expect(withDates(editable, null)).toBe(editable);
    expect(isoDay(datesOf(shown).end)).toBe('2026-06-21');
  });
});
