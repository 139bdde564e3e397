/**
 * The virtual window of a long list of rows of one height (pure): which rows a scroll box shows at a scroll
 * offset, plus `overscan` rows on each side so a short scroll never shows a gap. The rows around them are not
 * rendered; the body keeps the full height (`count * rowHeight`) so the scroll bar stays true.
 */
export const OVERSCAN = 8;

/** {start, end}: the rows [start, end) to render for `scrollTop` and a visible height of `viewport` pixels. */
export function visibleRows({ scrollTop, viewport, rowHeight, count, overscan = OVERSCAN }) {
  if (!count || rowHeight <= 0) return { start: 0, end: 0 };
  const top = Math.max(0, scrollTop);
  const first = Math.min(count - 1, Math.floor(top / rowHeight));
  const last = Math.ceil((top + Math.max(0, viewport)) / rowHeight);
  return { start: Math.max(0, first - overscan), end: Math.min(count, Math.max(last, first + 1) + overscan) };
}

/** Whether two ranges are the same (a scroll within the same rows renders nothing). */
export function sameRange(a, b) {
  return a.start === b.start && a.end === b.end;
}
