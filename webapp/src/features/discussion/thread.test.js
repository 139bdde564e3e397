import { describe, expect, test } from 'vitest';
import { buildThread, canPost, countComments, formatCommentDate, REFRESH_MS, REPLY_INDENT_PX } from './thread.js';

describe('buildThread', () => {
  test('nests replies under their parents, oldest first', () => {
    const list = [
      { id: 1, parentId: null }, { id: 2, parentId: 1 }, { id: 3, parentId: null }, { id: 4, parentId: 2 }, { id: 5, parentId: 1 },
    ];
    const t = buildThread(list);
    expect(t.map((n) => n.comment.id)).toEqual([1, 3]);
    expect(t[0].replies.map((n) => n.comment.id)).toEqual([2, 5]);
    expect(t[0].replies[0].replies.map((n) => n.comment.id)).toEqual([4]);
  });
  test('a reply whose parent is missing stays visible at the top; cycles do not loop', () => {
    expect(buildThread([{ id: 9, parentId: 77 }]).map((n) => n.comment.id)).toEqual([9]);
    const t = buildThread([{ id: 1, parentId: 2 }, { id: 2, parentId: 1 }]);
    expect(t.length).toBe(1);
    expect(buildThread([{ id: 1, parentId: 1 }]).length).toBe(1);
    expect(buildThread(null)).toEqual([]);
  });
});

test('constants of spec §9', () => {
  expect(REFRESH_MS).toBe(30000);
  expect(REPLY_INDENT_PX).toBe(32);
});

test('Post Reply needs text', () => {
  expect(canPost('')).toBe(false);
  expect(canPost('  \n ')).toBe(false);
  expect(canPost(' x ')).toBe(true);
});

test('counts live comments and formats dates', () => {
  expect(countComments([{ id: 1 }, { id: 2, deleted: true }])).toBe(1);
  expect(formatCommentDate('2026-01-01T10:00:00Z')).toMatch(/^\d+(st|nd|rd|th) (Jan|Dec) 20(26|25) @ \d\d:\d\d$/);
  expect(formatCommentDate('')).toBe('');
});
