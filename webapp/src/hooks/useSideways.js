import { useEffect, useRef, useState } from 'react';

const NONE = { sideways: false, before: false, after: false };

/** Whether the box scrolls sideways (it is narrower than what it holds), and whether some of that is out of sight
 *  before (at the left of) or after what it shows. */
export function edges(box) {
  const room = box.scrollWidth - box.clientWidth;
  if (room <= 1) return NONE;
  return { sideways: true, before: box.scrollLeft > 1, after: box.scrollLeft < room - 1 };
}

const same = (a, b) => a.sideways === b.sideways && a.before === b.before && a.after === b.after;

/**
 * [ref, edges(box)] of the box at `ref`, watched as the box and what it holds change size, when `watch` changes
 * (what it holds is other: a strip's tabs) and, with `scrolled`, as it scrolls (a DataTable only asks whether it
 * scrolls at all: a scroll does not draw its rows again).
 */
export default function useSideways({ scrolled = false, watch = null } = {}) {
  const ref = useRef(null);
  const [state, setState] = useState(NONE);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return undefined;
    const check = () => setState((old) => {
      const next = edges(box);
      return same(old, next) ? old : next;
    });
    const observer = new ResizeObserver(check);
    observer.observe(box);
    [...box.children].forEach((child) => observer.observe(child));
    if (scrolled) box.addEventListener('scroll', check, { passive: true });
    check();
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', check);
    };
  }, [scrolled, watch]);
  return [ref, state];
}
