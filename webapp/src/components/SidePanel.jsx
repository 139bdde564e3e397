import { useEffect, useRef } from 'react';
import useFocusTrap from '../hooks/useFocusTrap.js';
import { t } from '../lib/i18n.js';

/**
 * A non-modal panel at the right edge, beside the page it edits (Edit Project): named by its title, it takes the
 * focus when it opens and gives it back when it closes, but the page stays in view and usable. Escape inside it
 * (unless a dialog above it took the key) or × closes it. Same props as Modal, so FormDialog can use either.
 */
export default function SidePanel({ title, onClose, children }) {
  const ref = useRef(null);
  useFocusTrap(ref, false);
  useEffect(() => {
    const el = ref.current;
    const key = (e) => {
      if (e.key === 'Escape' && onClose && !e.defaultPrevented && !document.querySelector('.modal')) {
        e.stopPropagation();
        onClose();
      }
    };
    el.addEventListener('keydown', key);
    return () => el.removeEventListener('keydown', key);
  }, [onClose]);
  return (
    <aside className="sidepanel" role="dialog" aria-modal="false" aria-label={title} ref={ref} tabIndex={-1} data-testid="side-panel">
      <div className="modal__head">
        <h2 className="modal__title">{title}</h2>
        {onClose && <button type="button" className="modal__close" aria-label={t('common.close')} onClick={onClose}>×</button>}
      </div>
      <div className="sidepanel__body">{children}</div>
    </aside>
  );
}
