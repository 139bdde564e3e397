import { useEffect } from 'react';

const step = (key, at, n) => ({
  ArrowDown: at < 0 ? 0 : (at + 1) % n, ArrowUp: at <= 0 ? n - 1 : at - 1, Home: 0, End: n - 1,
})[key];

/**
 * The keyboard of a menu button (WAI-ARIA's menu button pattern): while `open`, the menu in `panel` takes the
 * focus on its first item; ↓ ↑ move round its items, Home and End go to the first and the last, Escape closes it
 * and gives the focus back to `button` (the mouse and Escape outside it are useClickOutside's). Its items are
 * not tab stops: Tab (or Shift+Tab) closes it and goes on from the button to the page's next (or previous) stop.
 */
export default function useMenuKeys(panel, button, open, onClose) {
  useEffect(() => {
    const el = panel.current;
    if (!open || !el) return undefined;
    const items = () => [...el.querySelectorAll('[role^=menuitem]')];
    const opened = items();
    opened.forEach((item) => { item.tabIndex = -1; });
    if (opened.length) opened[0].focus();
    const backToButton = () => {
      onClose();
      if (button.current) button.current.focus();
    };
    const onKey = (e) => {
      if (e.key === 'Tab') {
        backToButton(); // at once: Tab's own move then starts from the button
        return;
      }
      const list = items();
      const to = list.length ? step(e.key, list.indexOf(document.activeElement), list.length) : undefined;
      if (to !== undefined) {
        e.preventDefault();
        list[to].focus();
      } else if (e.key === 'Escape') {
        e.stopPropagation();
        backToButton();
      }
    };
    el.addEventListener('keydown', onKey);
    return () => el.removeEventListener('keydown', onKey);
  }, [panel, button, open, onClose]);
}
