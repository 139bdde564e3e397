import { describe, expect, test } from 'vitest';
import {
  COLUMNS, groupBoard, isOverdue, isoToday, limitState, movable, moveTarget, parseLanes, serverStatus, shownStatus,
} from './group.js';

const edit = { url: '/api/deliverable/edit/1/2', method: 'POST', label: 'Edit' };
const card = (id, status, extra = {}) => ({
  id, parentId: extra.parentId ?? 10, name: extra.name ?? `Card ${id}`, type: 'task', level: 3,
  deliverable: status === undefined ? null : {
    id: id + 100, status: status ? { name: status, label: status } : null, ownerId: extra.ownerId ?? null,
    ownerName: extra.ownerName ?? null, deadline: extra.deadline ?? null, links: extra.links ?? { edit },
  },
});
const phase = (id, name) => ({ id, parentId: 1, name, type: 'phase', level: 2, deliverable: null });

describe('statuses', () => {
  test('the columns: No status first, then the five statuses in order', () => {
    expect(COLUMNS).toEqual(['', 'NOT_STARTED', 'IN_PROGRESS', 'BLOCKED', 'COMPLETED', 'VERIFIED_COMPLETE']);
  });

  test('a row without a deliverable, without a status or with an unknown one has no status', () => {
    expect(serverStatus(card(1))).toBe('');
    expect(serverStatus(card(1, null))).toBe('');
    expect(serverStatus(card(1, 'WHATEVER'))).toBe('');
    expect(serverStatus(card(1, 'BLOCKED'))).toBe('BLOCKED');
  });

  test('a move shows while the rows still say what it was; then the rows win again', () => {
    const row = card(1, 'NOT_STARTED');
    expect(shownStatus(row, { 1: { to: 'BLOCKED', was: 'NOT_STARTED' } })).toBe('BLOCKED');
    expect(shownStatus(card(1, 'IN_PROGRESS'), { 1: { to: 'BLOCKED', was: 'NOT_STARTED' } })).toBe('IN_PROGRESS');
    expect(shownStatus(row, {})).toBe('NOT_STARTED');
  });

  test('movable only with the deliverable\'s edit link', () => {
    expect(movable(card(1, 'BLOCKED'))).toBe(true);
    expect(movable(card(1, 'BLOCKED', { links: {} }))).toBe(false);
    expect(movable(card(1))).toBe(false);
  });
});

describe('groupBoard', () => {
  const rows = [
    phase(10, 'Design'),
    card(1, 'NOT_STARTED', { ownerId: 7, ownerName: 'Zoe', parentId: 10 }),
    card(2, 'IN_PROGRESS', { ownerId: 5, ownerName: 'Adam', parentId: 10 }),
    phase(20, 'Build'),
    card(3, 'IN_PROGRESS', { parentId: 20, name: 'Wire the board' }),
    card(4, undefined, { parentId: 99 }),
  ];

  test('no lanes: one lane, the cards in their columns in tree order, counts per column', () => {
    const g = groupBoard(rows, { cardType: 'task' });
    expect(g.lanes).toHaveLength(1);
    expect(g.mode).toBe('none');
    const cols = g.lanes[0].columns;
    expect(cols[''].map((r) => r.id)).toEqual([4]);
    expect(cols.NOT_STARTED.map((r) => r.id)).toEqual([1]);
    expect(cols.IN_PROGRESS.map((r) => r.id)).toEqual([2, 3]);
    expect(g.totals).toEqual({ '': 1, NOT_STARTED: 1, IN_PROGRESS: 2, BLOCKED: 0, COMPLETED: 0, VERIFIED_COMPLETE: 0 });
    expect(g.cards).toBe(4);
  });

  test('an empty board still has its columns (to drop in)', () => {
    const g = groupBoard([phase(10, 'Design')], { cardType: 'task' });
    expect(g.lanes).toHaveLength(1);
    expect(Object.keys(g.lanes[0].columns)).toEqual(COLUMNS);
  });

  test('by owner: by name, No owner last', () => {
    const g = groupBoard(rows, { cardType: 'task', lanes: 'owner' });
    expect(g.lanes.map((l) => l.name)).toEqual(['Adam', 'Zoe', null]);
    expect(g.lanes[0].columns.IN_PROGRESS.map((r) => r.id)).toEqual([2]);
    expect(g.lanes[0].count).toBe(1);
    // without a deliverable, no owner either
    expect(g.lanes[2].columns[''].map((r) => r.id)).toEqual([4]);
    expect(g.lanes[2].columns.IN_PROGRESS.map((r) => r.id)).toEqual([3]);
  });

  test('by parent: the top level first, then the parents in tree order', () => {
    const g = groupBoard(rows, { cardType: 'task', lanes: 'parent' });
    expect(g.lanes.map((l) => [l.key, l.name])).toEqual([['parent:', null], ['parent:10', 'Design'], ['parent:20', 'Build']]);
  });

  test('by a picklist field: its options\' order, values it does not list after, No value last', () => {
    const field = { id: 3, name: 'Team', options: ['Front', 'Back'] };
    const values = { 1: 'Back', 2: 'Front', 3: 'Ops' };
    const g = groupBoard(rows, { cardType: 'task', lanes: 'field:3', field, values });
    expect(g.lanes.map((l) => l.name)).toEqual(['Front', 'Back', 'Ops', null]);
    expect(g.lanes[3].columns[''].map((r) => r.id)).toEqual([4]);
    // the server's field gives option values and their labels
    const labelled = { id: 3, name: 'Team', options: ['front', 'back'], labels: { front: 'Front end', back: 'Back end' } };
    const named = groupBoard(rows, { cardType: 'task', lanes: 'field:3', field: labelled, values: { 1: 'back', 2: 'front' } });
    expect(named.lanes.map((l) => [l.key, l.name])).toEqual([['field:front', 'Front end'], ['field:back', 'Back end'], ['field:', null]]);
    // Values not read yet: no lanes until they come.
    expect(groupBoard(rows, { cardType: 'task', lanes: 'field:3', field }).mode).toBe('none');
  });

  test('a filter keeps the matching names; the totals still count every card (the work in progress)', () => {
    const g = groupBoard(rows, { cardType: 'task', filter: '  WIRE ' });
    expect(g.cards).toBe(1);
    expect(g.lanes[0].columns.IN_PROGRESS.map((r) => r.id)).toEqual([3]);
    expect(g.totals.IN_PROGRESS).toBe(2);
    expect(g.shown.IN_PROGRESS).toBe(1);
  });

  test('moves put a card in its new column', () => {
    const g = groupBoard(rows, { cardType: 'task', moves: { 1: { to: 'COMPLETED', was: 'NOT_STARTED' } } });
    expect(g.lanes[0].columns.COMPLETED.map((r) => r.id)).toEqual([1]);
    expect(g.totals.NOT_STARTED).toBe(0);
  });

  test('500 cards group quickly', () => {
    const many = Array.from({ length: 500 }, (_, i) => card(i + 1, COLUMNS[i % 6] || null, { ownerId: i % 9, ownerName: `P${i % 9}` }));
    const t0 = performance.now();
    const g = groupBoard(many, { cardType: 'task', lanes: 'owner' });
    expect(performance.now() - t0).toBeLessThan(250); // ~2 ms here; room for a busy machine
    expect(g.cards).toBe(500);
  });
});

describe('lanes, limits, keys, dates', () => {
  test('parseLanes', () => {
    expect(parseLanes('owner')).toEqual({ mode: 'owner', fieldId: null });
    expect(parseLanes('field:12')).toEqual({ mode: 'field', fieldId: '12' });
    expect(parseLanes(undefined)).toEqual({ mode: 'none', fieldId: null });
    expect(parseLanes('nonsense')).toEqual({ mode: 'none', fieldId: null });
  });

  test('limitState', () => {
    expect(limitState(3, undefined)).toEqual({ limit: null, over: false });
    expect(limitState(3, 'x')).toEqual({ limit: null, over: false });
    expect(limitState(5, 5)).toEqual({ limit: 5, over: false });
    expect(limitState(6, '5')).toEqual({ limit: 5, over: true });
    expect(limitState(1, 0)).toEqual({ limit: 0, over: true });
  });

  test('moveTarget: among the statuses, never into No status', () => {
    expect(moveTarget('NOT_STARTED', 'ArrowRight')).toBe('IN_PROGRESS');
    expect(moveTarget('NOT_STARTED', 'ArrowLeft')).toBe('NOT_STARTED');
    expect(moveTarget('VERIFIED_COMPLETE', 'ArrowRight')).toBe('VERIFIED_COMPLETE');
    expect(moveTarget('BLOCKED', 'ArrowLeft')).toBe('IN_PROGRESS');
    expect(moveTarget('', 'ArrowRight')).toBe('NOT_STARTED');
    expect(moveTarget('', 'ArrowLeft')).toBe('');
    expect(moveTarget('BLOCKED', 'Home')).toBe('NOT_STARTED');
    expect(moveTarget('BLOCKED', 'End')).toBe('VERIFIED_COMPLETE');
    expect(moveTarget('BLOCKED', 'ArrowUp')).toBe('BLOCKED');
  });

  test('isOverdue: a deadline before today on a card not done', () => {
    const today = isoToday(new Date(2026, 5, 15, 23, 30));
    expect(today).toBe('2026-06-15');
    expect(isOverdue({ deadline: '2026-06-14' }, 'IN_PROGRESS', today)).toBe(true);
    expect(isOverdue({ deadline: '2026-06-15' }, 'IN_PROGRESS', today)).toBe(false);
    expect(isOverdue({ deadline: '2026-06-14' }, 'COMPLETED', today)).toBe(false);
    expect(isOverdue({ deadline: '2026-06-14', completionDate: '2026-06-14' }, 'BLOCKED', today)).toBe(false);
    expect(isOverdue(null, '', today)).toBe(false);
  });
});

describe('the order of cards', () => {
  test('as planned, by time spent, by deadline (ties keep the plan)', () => {
    const card = (id, spentMinutes, deadline) => ({ id, type: 'T', name: `C${id}`, spentMinutes, deliverable: { status: { name: 'IN_PROGRESS' }, deadline, links: {} } });
    const rows = [card(1, 0, '2027-01-05'), card(2, 90, null), card(3, 30, '2027-01-02'), card(4, 90, '2027-01-09')];
    const ids = (sort) => groupBoard(rows, { cardType: 'T', sort }).lanes[0].columns.IN_PROGRESS.map((r) => r.id);
    expect(ids('tree')).toEqual([1, 2, 3, 4]);
    expect(ids('spent')).toEqual([2, 4, 3, 1]);
    expect(ids('deadline')).toEqual([3, 1, 4, 2]);
  });
});
