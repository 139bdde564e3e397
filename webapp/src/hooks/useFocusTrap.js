import { useEffect } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), '
  + 'textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

export const focusablesIn = (el) => [...el.querySelectorAll(FOCUSABLE)].filter((x) => x.offsetParent !== null || x === document.activeElement);

/**
 * A dialog keeps the keyboard inside: focus moves into it when it opens (its first field, else the dialog), Tab
 * and Shift+Tab wrap around its controls, and when it closes focus goes back to what had it before (the button
 * that opened it). A dialog inside another handles Tab first (the outer one sees it already handled). A non-modal
 * panel (`trap` false) only takes the focus in and gives it back: Tab may leave it for the page it sits beside.
 */
export default function useFocusTrap(ref, trap = true) {
  useEffect(() => {
    const before = document.activeElement;
    const el = ref.current;
    if (!el) return undefined;
    const field = () => focusablesIn(el).find((x) => !x.classList.contains('modal__close'));
    if (!el.contains(document.activeElement)) (field() || el).focus({ preventScroll: true });
    // A form that is still loading: its first field takes the focus when it arrives (unless the person moved on).
    const arrival = new MutationObserver(() => {
      const f = document.activeElement === el && field();
      if (f) { f.focus({ preventScroll: true }); arrival.disconnect(); }
    });
    if (document.activeElement === el) arrival.observe(el, { childList: true, subtree: true });
    const onKeyDown = (e) => {
      if (!trap || e.key !== 'Tab' || e.defaultPrevented) return;
      const all = focusablesIn(el);
      if (!all.length) return;
      const first = all[0];
      const last = all[all.length - 1];
      if (e.shiftKey && (document.activeElement === first || !el.contains(document.activeElement))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    el.addEventListener('keydown', onKeyDown);
    return () => {
      arrival.disconnect();
      el.removeEventListener('keydown', onKeyDown);
      if (before && before.focus && document.contains(before)) before.focus({ preventScroll: true });
    };
  }, [ref, trap]);
}
