import moment from 'moment';
import { describe, expect, test } from 'vitest';
import {
  ancestorIds, countDescendants, findArticle, flattenTree, formatArticleDate, safeBackUrl, validateTitle,
} from './content.js';

const tree = [
  { id: 1, title: 'A', children: [{ id: 2, title: 'A.1', children: [{ id: 3, title: 'A.1.a', children: [] }] }, { id: 4, title: 'A.2', children: [] }] },
  { id: 5, title: 'B', children: [] },
];

describe('article tree', () => {
  test('flattens depth first with depth and parent', () => {
    expect(flattenTree(tree).map((r) => [r.article.id, r.depth, r.parentId])).toEqual([
      [1, 0, null], [2, 1, 1], [3, 2, 2], [4, 1, 1], [5, 0, null],
    ]);
  });
  test('finds, counts and climbs', () => {
    expect(findArticle(tree, '3').title).toBe('A.1.a');
    expect(findArticle(tree, 99)).toBeNull();
    expect(countDescendants(tree[0])).toBe(3);
    expect(countDescendants(tree[1])).toBe(0);
    expect(ancestorIds(tree, 3)).toEqual([1, 2]);
    expect(ancestorIds(tree, 5)).toEqual([]);
  });
});

describe('article title (spec §5)', () => {
  test('required, at most 100 characters', () => {
    expect(validateTitle('')).toBe('Title is required');
    expect(validateTitle('   ')).toBe('Title is required');
    expect(validateTitle('x'.repeat(100))).toBeNull();
    expect(validateTitle('x'.repeat(101))).toBe('Max 100 characters');
  });
});

describe('article date (spec §9)', () => {
  test("'Do MMM YYYY @ HH:mm', a date without zone being UTC", () => {
    const local = new Date(Date.UTC(2026, 10, 3, 14, 5));
    expect(formatArticleDate('2026-11-03T14:05:00.123456')).toBe(moment(local).format('Do MMM YYYY @ HH:mm'));
    expect(moment(local).format('Do MMM YYYY @ HH:mm')).toMatch(/^\d+(st|nd|rd|th) Nov 2026 @ \d\d:05$/);
    expect(formatArticleDate('2026-11-03T14:05:00Z')).toBe(formatArticleDate('2026-11-03T14:05:00'));
    expect(formatArticleDate(null)).toBe('');
    expect(formatArticleDate('nonsense')).toBe('');
  });
});

describe('safeBackUrl', () => {
  test('only same-site paths', () => {
    expect(safeBackUrl('/portal/1/projects/2/knowledge')).toBe('/portal/1/projects/2/knowledge');
    expect(safeBackUrl('//evil.example')).toBe('/');
    expect(safeBackUrl('/\\evil.example')).toBe('/');
    expect(safeBackUrl('https://evil.example')).toBe('/');
    expect(safeBackUrl('javascript:alert(1)', '/x')).toBe('/x');
    expect(safeBackUrl(undefined)).toBe('/');
  });
});
