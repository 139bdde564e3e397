import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { sameRange, visibleRows } from './virtual.js';

// The height assumed before the scroll box is measured (and in jsdom, which lays nothing out).
const FALLBACK_VIEWPORT = 600;

/**
 * Whether the page is being printed: every row must be on paper, not only those in view. Set before the browser
 * lays the page out for print (flushSync: its 'beforeprint' waits for no later render).
 */
function usePrinting() {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const on = () => flushSync(() => setPrinting(true));
    const off = () => setPrinting(false);
    window.addEventListener('beforeprint', on);
    window.addEventListener('afterprint', off);
    return () => {
      window.removeEventListener('beforeprint', on);
      window.removeEventListener('afterprint', off);
    };
  }, []);
  return printing;
}

/**
 * The rows of a scroll box to render: `ref` and `onScroll` go on the box, `range` ({start, end}) says which of
 * `count` rows of `rowHeight` pixels are in view (plus the overscan); all of them while the page prints. A scroll
 * within the same rows, or a resize that changes nothing, renders nothing.
 */
export default function useVirtualRows(count, rowHeight) {
  const printing = usePrinting();
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
  return { ref, range: printing ? { start: 0, end: count } : range, onScroll: measure };
}
