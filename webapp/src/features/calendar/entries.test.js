import { describe, expect, test } from 'vitest';
import { FIELD_OF, editUrl, entriesOf, movedDate, placeEntries } from './entries.js';

const row = (id, deliverable, name = `Item ${id}`) => ({ id, name, deliverable: { id: id + 100, links: { edit: { url: `/api/deliverable/edit/${id}` } }, ...deliverable } });

describe('entries', () => {
  test('a row yields its start date, deadline and completion date, each saving its own field', () => {
    const list = entriesOf(row(1, { startDate: '2026-11-02', deadline: '2026-11-20T00:00:00', completionDate: '2026-11-19' }));
    expect(list.map((e) => [e.key, e.kind, e.date, e.field, e.movable])).toEqual([
      ['1-start', 'start', '2026-11-02', 'startDate', true],
      ['1-deadline', 'deadline', '2026-11-20', 'deadline', true],
      ['1-completion', 'completion', '2026-11-19', 'completionDate', true],
    ]);
    expect(FIELD_OF.milestone).toBe('deadline');
  });

  test('a milestone\'s deadline is the milestone; its start shows only on another day', () => {
    expect(entriesOf(row(2, { startDate: '2026-11-20', deadline: '2026-11-20', milestone: true })).map((e) => e.kind)).toEqual(['milestone']);
    expect(entriesOf(row(2, { startDate: '2026-11-18', deadline: '2026-11-20', milestone: true })).map((e) => e.kind)).toEqual(['start', 'milestone']);
  });

  test('missing dates yield nothing; no edit link: the entries cannot move', () => {
    expect(entriesOf(row(3, { startDate: null, deadline: '', completionDate: undefined }))).toEqual([]);
    expect(entriesOf({ id: 4, name: 'No deliverable' })).toEqual([]);
    const fixed = { id: 5, name: 'Fixed', deliverable: { deadline: '2026-11-20', links: {} } };
    expect(editUrl(fixed)).toBeNull();
    expect(entriesOf(fixed)[0].movable).toBe(false);
  });

  test('placeEntries puts entries on the days shown, ordered, at a move\'s date where one is given', () => {
    const days = ['2026-11-19', '2026-11-20', '2026-11-21'];
    const rows = [
      row(1, { startDate: '2026-11-20', deadline: '2026-12-01' }, 'Beta'),
      row(2, { deadline: '2026-11-20', milestone: true }, 'Zeta'),
      row(3, { deadline: '2026-11-20' }, 'Alpha'),
    ];
    const byDay = placeEntries(rows, days);
    expect(byDay.get('2026-11-19')).toEqual([]);
    expect(byDay.get('2026-11-20').map((e) => e.key)).toEqual(['2-milestone', '3-deadline', '1-start']);
    expect(byDay.has('2026-12-01')).toBe(false);
    const moved = placeEntries(rows, days, (e) => (e.key === '3-deadline' ? '2026-11-21' : e.date));
    expect(moved.get('2026-11-21').map((e) => [e.key, e.date, e.was])).toEqual([['3-deadline', '2026-11-21', '2026-11-20']]);
  });

  test('keys move a day: ← → by one, ↑ ↓ by a week; other keys do not', () => {
    expect(movedDate('2026-11-30', 'ArrowRight')).toBe('2026-12-01');
    expect(movedDate('2026-11-01', 'ArrowLeft')).toBe('2026-10-31');
    expect(movedDate('2026-11-26', 'ArrowDown')).toBe('2026-12-03');
    expect(movedDate('2026-11-26', 'ArrowUp')).toBe('2026-11-19');
    expect(movedDate('2026-11-26', 'Enter')).toBeNull();
  });
});
