import { describe, expect, test } from 'vitest';
import { edges } from './useSideways.js';

// jsdom lays nothing out: the box says how wide it is, what it holds and where it is scrolled.
const box = (clientWidth, scrollWidth, scrollLeft = 0) => ({ clientWidth, scrollWidth, scrollLeft });

describe('edges', () => {
  test('a box as wide as what it holds does not scroll', () => {
    expect(edges(box(300, 300))).toEqual({ sideways: false, before: false, after: false });
    expect(edges(box(300, 301))).toEqual({ sideways: false, before: false, after: false }); // a rounding pixel
  });
  test('at its start more is after, at its end more is before, between both', () => {
    expect(edges(box(300, 600))).toEqual({ sideways: true, before: false, after: true });
    expect(edges(box(300, 600, 300))).toEqual({ sideways: true, before: true, after: false });
    expect(edges(box(300, 600, 299.5))).toEqual({ sideways: true, before: true, after: false }); // a fraction short
    expect(edges(box(300, 600, 120))).toEqual({ sideways: true, before: true, after: true });
  });
});
