import { useEffect, useRef } from 'react';
import useLatest from '../../hooks/useLatest.js';

const THRESHOLD = 5;
const TOUCH_SLOP = 10; // a finger that moves this far before the press is long enough is scrolling
const PRESS_MS = 250;

/** The day of the calendar cell at a point of the viewport, or null. */
export function dayAt(x, y) {
  const el = typeof document.elementFromPoint === 'function' ? document.elementFromPoint(x, y) : null;
  const cell = el && el.closest ? el.closest('[data-testid="calendar-day"]') : null;
  return cell ? cell.getAttribute('data-date') : null;
}

// The click that ends a drag would follow the link the drag began on: swallow that one click.
function swallowNextClick() {
  const stop = (e) => { e.preventDefault(); e.stopPropagation(); };
  window.addEventListener('click', stop, { capture: true, once: true });
  setTimeout(() => window.removeEventListener('click', stop, { capture: true }), 0);
}

/**
 * Dragging an entry to another day with pointer events (not HTML5 drag and drop: headless Chromium's mouse drives
 * these, and a touch screen too). A mouse drag starts once the pointer has moved THRESHOLD px, so a click still
 * follows the entry's link; a touch drag after a press of PRESS_MS, so a swipe still scrolls the page. The day
 * under the pointer is the one whose cell (data-testid="calendar-day") holds it. `on`: {start(entry),
 * over(day|null, entry), drop(entry, day|null), cancel()}. `rootRef`: the calendar, where a touch drag stops the page
 * from scrolling.
 */
export default function usePointerDrag(rootRef, on) {
  const latest = useLatest(on);
  const live = useRef(null); // {entry, id, x0, y0, touch, active, day, timer, stop}

  const end = () => {
    const l = live.current;
    live.current = null;
    if (l) {
      clearTimeout(l.timer);
      l.stop();
    }
    return l;
  };

  // A touch drag must keep the page still: only a listener there before the touch starts can stop the scrolling.
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return undefined;
    const still = (e) => { if (live.current && live.current.active && e.cancelable) e.preventDefault(); };
    root.addEventListener('touchmove', still, { passive: false });
    return () => root.removeEventListener('touchmove', still, { passive: false });
  }, [rootRef]);
  useEffect(() => () => {
    const l = live.current;
    live.current = null;
    if (l) { clearTimeout(l.timer); l.stop(); }
  }, []);

  const activate = (l) => {
    l.active = true;
    latest.current.start(l.entry);
  };

  const listen = (l) => {
    const move = (e) => {
      if (e.pointerId !== l.id || live.current !== l) return;
      const dist = Math.hypot(e.clientX - l.x0, e.clientY - l.y0);
      if (!l.active && l.touch && dist > TOUCH_SLOP) end();
      else if (!l.active && !l.touch && dist >= THRESHOLD) activate(l);
      if (!l.active) return;
      const day = dayAt(e.clientX, e.clientY);
      if (day !== l.day) {
        l.day = day;
        latest.current.over(day, l.entry);
      }
    };
    const up = (e) => {
      if (e.pointerId !== l.id || live.current !== l) return;
      end();
      if (!l.active) return;
      swallowNextClick();
      latest.current.drop(l.entry, dayAt(e.clientX, e.clientY) || l.day);
    };
    const cancel = (e) => {
      if (e.type === 'keydown' && e.key !== 'Escape') return;
      if (e.pointerId !== undefined && e.pointerId !== l.id) return;
      end();
      if (l.active) latest.current.cancel();
    };
    // A long press on a link opens the browser's menu: not while it lifts an entry.
    const menu = (e) => { if (live.current === l) e.preventDefault(); };
    const pairs = [['pointermove', move], ['pointerup', up], ['pointercancel', cancel], ['keydown', cancel], ['contextmenu', menu]];
    pairs.forEach(([type, fn]) => window.addEventListener(type, fn));
    l.stop = () => pairs.forEach(([type, fn]) => window.removeEventListener(type, fn));
  };

  /** The onPointerDown of a movable entry's chip. */
  return (entry) => (e) => {
    if (!entry.movable || (e.pointerType === 'mouse' && e.button !== 0) || live.current) return;
    // The move button does not scroll the page (touch-action: none): a finger drags it at once, as a mouse does.
    const onHandle = !!(e.target && e.target.closest && e.target.closest('.cal-chip__move'));
    const touch = e.pointerType === 'touch' && !onHandle;
    const l = { entry, id: e.pointerId, x0: e.clientX, y0: e.clientY, touch, active: false, day: null };
    live.current = l;
    listen(l);
    if (l.touch) l.timer = setTimeout(() => { if (live.current === l) activate(l); }, PRESS_MS);
  };
}
