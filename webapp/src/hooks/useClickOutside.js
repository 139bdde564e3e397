import { useEffect } from 'react';

/**
 * While `open`, a mouse press outside the element of `ref`, or Escape, calls `onClose` (menus, popovers); a press
 * on an element matching `ignore` (the toggle that lives elsewhere, which toggles by itself) does not.
 * Pass a stable `onClose` (useCallback) to keep the listeners from being replaced at every render.
 */
export default function useClickOutside(ref, open, onClose, ignore = null) {
  useEffect(() => {
    if (!open) return undefined;
    const away = (e) => {
      if (ignore && e.target.closest && e.target.closest(ignore)) return;
      if (ref.current && !ref.current.contains(e.target)) onClose();
    };
    const key = (e) => { if (e.key === 'Escape') onClose(); };
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', key);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', key);
    };
  }, [ref, open, onClose, ignore]);
}
