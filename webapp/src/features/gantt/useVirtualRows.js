import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { sameRange, visibleRows } from './virtual.js';

// The height assumed before the scroll box is measured (and in jsdom, which lays nothing out).
const FALLBACK_VIEWPORT = 600;

/**
 * The rows of a scroll box to render: `ref` and `onScroll` go on the box, `range` ({start, end}) says which of
 * `count` rows of `rowHeight` pixels are in view (plus the overscan). A scroll within the same rows, or a
 * resize that changes nothing, renders nothing.
 */
export default function useVirtualRows(count, rowHeight) {
  const ref = useRef(null);
  const [range, setRange] = useState(() => visibleRows({ scrollTop: 0, viewport: FALLBACK_VIEWPORT, rowHeight, count }));
  const measure = useCallback(() => {
    const el = ref.current;
    const next = visibleRows({
      scrollTop: el ? el.scrollTop : 0,
      viewport: el && el.clientHeight ? el.clientHeight : FALLBACK_VIEWPORT,
      rowHeight,
      count,
    });
    setRange((r) => (sameRange(r, next) ? r : next));
  }, [count, rowHeight]);
  useLayoutEffect(() => {
    measure();
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => measure());
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);
  return { ref, range, onScroll: measure };
}
