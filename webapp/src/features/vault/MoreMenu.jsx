import { useEffect, useRef, useState } from 'react';
import { Icon } from './icons.jsx';

/**
 * The 'more' row action: a small menu of further actions ({label, onClick, testId}). The list is placed
 * with fixed coordinates (following the button when the page scrolls) so that a scrolling table does not clip it.
 */
export default function MoreMenu({ items, label = 'More', testId = 'more' }) {
  const [pos, setPos] = useState(null);
  const ref = useRef(null);
  const button = useRef(null);
  const open = pos !== null;
  const place = () => {
    const r = button.current.getBoundingClientRect();
    const right = Math.max(8, window.innerWidth - r.right);
    const height = items.length * 36 + 12;
    // Open upwards when the list would leave the window.
    return r.bottom + 4 + height > window.innerHeight && r.top - 4 - height > 0
      ? { bottom: window.innerHeight - r.top + 4, right } : { top: r.bottom + 4, right };
  };
  useEffect(() => {
    if (!open) return undefined;
    const away = (e) => { if (ref.current && !ref.current.contains(e.target)) setPos(null); };
    const key = (e) => { if (e.key === 'Escape') setPos(null); };
    const follow = () => { if (button.current) setPos(place()); };
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', key);
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', key);
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  if (!items.length) return null;
  const toggle = () => setPos(open ? null : place());
  return (
    <span className="more-menu" ref={ref}>
      <button type="button" className="icon-btn" aria-haspopup="menu" aria-expanded={open} ref={button}
        title={label} aria-label={label} onClick={toggle} data-testid={testId}>
        <Icon name="more" />
      </button>
      {open && (
        <span className="more-menu__list" role="menu" style={pos}>
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
