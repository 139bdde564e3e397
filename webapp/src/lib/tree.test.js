import { describe, expect, test } from 'vitest';
import { indexTree, parentPath, rollupSegments, rollupText, rowUrl, shownRows, sortTree } from './tree.js';

// module 1's subtree: Phase A (2) > Task A1 (3) > Sub (4); Phase B (5) > Task B1 (6)
const rows = [
  { id: 2, parentId: 1, depth: 0, name: 'Phase A', tab: 'phases' },
  { id: 3, parentId: 2, depth: 1, name: 'Task A1', tab: 'tasks' },
  { id: 4, parentId: 3, depth: 2, name: 'Sub', tab: 'subtasks' },
  { id: 5, parentId: 1, depth: 0, name: 'Phase B', tab: 'phases' },
  { id: 6, parentId: 5, depth: 1, name: 'Task B1', tab: 'tasks' },
];
const names = (shown) => shown.map((x) => x.row.name);

describe('the subtree of a module', () => {
  test('indexed: each parent\'s rows', () => {
    const { byId, kids } = indexTree(rows);
    expect(byId.get(3).name).toBe('Task A1');
    expect(kids.get(2)).toEqual([3]);
    expect(kids.has(1)).toBe(false); // the module itself is not a row
    expect(kids.has(6)).toBe(false);
  });

  test('a collapsed row hides its whole subtree, not its siblings', () => {
    expect(names(shownRows(rows, new Set()))).toEqual(['Phase A', 'Task A1', 'Sub', 'Phase B', 'Task B1']);
    expect(names(shownRows(rows, new Set([2])))).toEqual(['Phase A', 'Phase B', 'Task B1']);
    expect(names(shownRows(rows, new Set([3, 5])))).toEqual(['Phase A', 'Task A1', 'Phase B']);
  });

  test('filtered: the matches (any case) with their parent path, folded or not', () => {
    const shown = shownRows(rows, new Set([2]), '  task ');
    expect(names(shown)).toEqual(['Task A1', 'Task B1']);
    expect(shown[0].path).toEqual(['Phase A']);
    expect(shownRows(rows, new Set(), 'sub')[0].path).toEqual(['Phase A', 'Task A1']);
    expect(parentPath(rows[0], indexTree(rows).byId)).toEqual([]);
  });

  test('a row\'s page nests its parents\' pages under the module\'s', () => {
    const { byId } = indexTree(rows);
    expect(rowUrl(rows[2], byId, '/portal/9/projects/1')).toBe('/portal/9/projects/1/phases/2/tasks/3/subtasks/4');
    expect(rowUrl(rows[3], byId, '/m/1')).toBe('/m/1/phases/5');
  });

  test('a roll-up in words and as a bar by status', () => {
    const rollup = { total: 4, done: 1, byStatus: { BLOCKED: 1, COMPLETED: 1, IN_PROGRESS: 1, '': 1 }, flagged: true };
    expect(rollupText(rollup)).toBe('1 of 4 done: 1 Blocked, 1 Completed, 1 In Progress, 1 no status');
    expect(rollupSegments(rollup).map((s) => [s.name, s.width])).toEqual([['COMPLETED', 25], ['IN_PROGRESS', 25], ['BLOCKED', 25], ['', 25]]);
    expect(rollupText({ total: 0, done: 0, byStatus: {} })).toBe('0 of 0 done');
    expect(rollupSegments({ total: 0, done: 0, byStatus: {} })).toEqual([]);
  });
});

describe('sortTree', () => {
  test('orders each level, keeps the tree depth first, and equals in their order', () => {
    const r = (id, parentId, spentMinutes) => ({ id, parentId, name: `R${id}`, spentMinutes });
    const rows = [r(1, 0, 10), r(11, 1, 5), r(12, 1, 50), r(2, 0, 90), r(21, 2, 0), r(3, 0, 10)];
    const bySpent = (a, b) => b.spentMinutes - a.spentMinutes;
    expect(sortTree(rows, bySpent).map((x) => x.id)).toEqual([2, 21, 1, 12, 11, 3]);
  });
});
