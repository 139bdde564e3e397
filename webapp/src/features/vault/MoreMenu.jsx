import { useCallback, useEffect, useRef, useState } from 'react';
import useClickOutside from '../../hooks/useClickOutside.js';
import useMenuKeys from '../../hooks/useMenuKeys.js';
import { Icon } from '../../components/Icons.jsx';
import { t } from '../../lib/i18n.js';

/** Where the list goes: under the button, or above it when it would leave the window (fixed coordinates). */
function placeBy(button, count) {
  const r = button.getBoundingClientRect();
  const right = Math.max(8, window.innerWidth - r.right);
  const height = count * 36 + 12;
  return r.bottom + 4 + height > window.innerHeight && r.top - 4 - height > 0
    ? { bottom: window.innerHeight - r.top + 4, right } : { top: r.bottom + 4, right };
}

/**
 * The 'more' row action: a small menu of further actions ({label, onClick, testId}). The list is placed
 * with fixed coordinates (following the button when the page scrolls) so that a scrolling table does not clip it.
 */
export default function MoreMenu({ items, label = t('vault.more'), testId = 'more' }) {
  const [pos, setPos] = useState(null);
  const ref = useRef(null);
  const button = useRef(null);
  const list = useRef(null);
  const open = pos !== null;
  const count = items.length;
  const close = useCallback(() => setPos(null), []);
  useClickOutside(ref, open, close);
  useMenuKeys(list, button, open, close);
  useEffect(() => {
    if (!open) return undefined;
    const follow = () => { if (button.current) setPos(placeBy(button.current, count)); };
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [open, count]);
  if (!items.length) return null;
  const toggle = () => setPos(open ? null : placeBy(button.current, count));
  return (
    <span className="more-menu" ref={ref}>
      <button type="button" className="icon-btn" aria-haspopup="menu" aria-expanded={open} ref={button}
        title={label} aria-label={label} onClick={toggle} data-testid={testId}>
        <Icon name="more" />
      </button>
      {open && (
        <span className="more-menu__list" role="menu" aria-label={label} style={pos} ref={list}>
          {items.map((it) => (
            <button key={it.label} type="button" role="menuitem" className="more-menu__item" data-testid={it.testId}
              onClick={() => { setPos(null); it.onClick(); }}>
              {it.label}
            </button>
          ))}
        </span>
      )}
    </span>
  );
}
