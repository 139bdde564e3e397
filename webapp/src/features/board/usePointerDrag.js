import { useEffect } from 'react';
import useLatest from '../../hooks/useLatest.js';

/** A mouse or pen lifts a card once it moves this far (less is a click: the link is followed). */
export const START_PX = 5;
/** A finger lifts a card after resting this long; moving sooner is a scroll of the columns. */
export const PRESS_MS = 250;
const TOUCH_SLOP = 10;
/** Near an edge of the scroll box, a drag scrolls it by this much per move. */
const EDGE_PX = 40;
const EDGE_STEP = 14;

const CARD = '[data-testid="board-card"]';
const COLUMN = '[data-testid="board-column"]';

/** The board column under a point (the dragged card lets the pointer through: pointer-events none). */
function columnAt(root, x, y) {
  const el = typeof document.elementFromPoint === 'function' ? document.elementFromPoint(x, y) : null;
  const col = el && el.closest ? el.closest(COLUMN) : null;
  return col && root.contains(col) ? col : null;
}

/** Eat the click a drag ends with, so the card's link is not followed. */
function swallowNextClick() {
  const stop = (e) => { e.preventDefault(); e.stopPropagation(); };
  window.addEventListener('click', stop, { capture: true, once: true });
  setTimeout(() => window.removeEventListener('click', stop, { capture: true }), 0);
}

/** Scroll the box when the pointer nears its left or right edge. */
function edgeScroll(box, x) {
  if (!box) return;
  const r = box.getBoundingClientRect();
  if (x < r.left + EDGE_PX) box.scrollLeft -= EDGE_STEP;
  else if (x > r.right - EDGE_PX) box.scrollLeft += EDGE_STEP;
}

/**
 * One press on the board, from pointerdown to its end: it lifts the card (a mouse past START_PX, a finger after
 * PRESS_MS at rest), moves it with the pointer (a transform) and marks the column under it; `finish(drop)` puts
 * the card back in place and answers the status dropped on (null: no drop).
 */
class Press {
  constructor(root, box, el, e) {
    Object.assign(this, { root, box, el, id: el.dataset.id, x0: e.clientX, y0: e.clientY, touch: e.pointerType === 'touch' });
    Object.assign(this, { sx0: box ? box.scrollLeft : 0, sy0: box ? box.scrollTop : 0, lifted: false, over: null, timer: null });
    if (this.touch) this.timer = setTimeout(() => { this.lift(); this.follow(this.x0, this.y0); }, PRESS_MS);
  }

  lift() {
    this.lifted = true;
    this.el.classList.add('board-card--dragging');
    this.root.classList.add('board--dragging');
  }

  mark(col) {
    const next = col && col.dataset.status ? col : null; // 'No status' takes no card
    if (this.over === next) return;
    if (this.over) this.over.classList.remove('is-over');
    this.over = next;
    if (next) next.classList.add('is-over');
  }

  follow(x, y) {
    const b = this.box;
    edgeScroll(b, x);
    // The card sits in the scrolled content: what the box scrolled meanwhile is added back.
    const dx = x - this.x0 + (b ? b.scrollLeft - this.sx0 : 0);
    const dy = y - this.y0 + (b ? b.scrollTop - this.sy0 : 0);
    this.el.style.transform = `translate(${dx}px, ${dy}px)`;
    this.mark(columnAt(this.root, x, y));
  }

  /** A pointer move: false when the press is over (a finger that scrolls instead). */
  moved(e) {
    if (!this.lifted) {
      const far = Math.hypot(e.clientX - this.x0, e.clientY - this.y0);
      if (this.touch) return far <= TOUCH_SLOP;
      if (far <= START_PX) return true;
      this.lift();
    }
    this.follow(e.clientX, e.clientY);
    return true;
  }

  finish(drop) {
    clearTimeout(this.timer);
    if (!this.lifted) return null;
    const target = drop && this.over ? this.over.dataset.status : null;
    this.mark(null);
    this.el.classList.remove('board-card--dragging');
    this.el.style.transform = '';
    this.root.classList.remove('board--dragging');
    swallowNextClick();
    return target;
  }
}

/** The listeners of one board: a press starts on a movable card, window listeners follow it to its end. */
function listen(root, scrollRef, latest) {
  let press = null;
  const stop = () => {
    window.removeEventListener('pointermove', onMove);
    window.removeEventListener('pointerup', onUp);
    window.removeEventListener('pointercancel', onCancel);
    window.removeEventListener('keydown', onKey, true);
  };
  const end = (drop, e) => {
    stop();
    const p = press;
    press = null;
    if (drop && p.lifted && e) p.mark(columnAt(root, e.clientX, e.clientY));
    const target = p.finish(drop);
    if (target) latest.current.onDrop(p.id, target);
  };
  function onMove(e) { if (press && !press.moved(e)) end(false); }
  function onUp(e) { if (press) end(true, e); }
  function onCancel() { if (press) end(false); }
  function onKey(e) {
    if (e.key !== 'Escape' || !press || !press.lifted) return;
    e.preventDefault();
    e.stopPropagation();
    end(false);
  }
  const onDown = (e) => {
    if (press || (e.button !== undefined && e.button !== 0)) return;
    const el = e.target.closest ? e.target.closest(CARD) : null;
    if (!el || !root.contains(el) || el.dataset.movable !== 'true' || !latest.current.canLift(el.dataset.id)) return;
    press = new Press(root, scrollRef.current, el, e);
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    window.addEventListener('keydown', onKey, true);
  };
  // A lifted card keeps the finger: the page must not scroll under it (a non-passive listener, bound up front so
  // the browser knows before the touch starts), nor open the long-press menu, nor drag the link natively.
  const onTouchMove = (e) => { if (press && press.lifted && e.cancelable) e.preventDefault(); };
  const onContextMenu = (e) => { if (press && press.touch) e.preventDefault(); };
  const onDragStart = (e) => { if (e.target.closest && e.target.closest(CARD)) e.preventDefault(); };
  const bound = [['pointerdown', onDown], ['touchmove', onTouchMove, { passive: false }], ['contextmenu', onContextMenu], ['dragstart', onDragStart]];
  bound.forEach(([type, fn, opts]) => root.addEventListener(type, fn, opts));
  return () => {
    if (press) end(false);
    bound.forEach(([type, fn]) => root.removeEventListener(type, fn));
  };
}

/**
 * Pointer dragging of the board's cards (mouse, pen, touch; pointer events, not HTML5 drag and drop). One set of
 * listeners on the board (`rootRef`), none per card. During a drag only the DOM changes: the card follows the
 * pointer by a transform and the column under it is marked, so a move costs no React render. `onDrop(id,
 * status)` gets the column dropped on (a cancel, Escape or a drop outside a status column puts the card back);
 * `canLift(id)` may refuse a press. `scrollRef`: the scroll box (auto-scrolled near its edges).
 */
export default function usePointerDrag(rootRef, scrollRef, { onDrop, canLift }) {
  const latest = useLatest({ onDrop, canLift });
  useEffect(() => (rootRef.current ? listen(rootRef.current, scrollRef, latest) : undefined), [rootRef, scrollRef, latest]);
}
