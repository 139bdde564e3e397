import { useEffect, useRef } from 'react';
import useFocusTrap from '../hooks/useFocusTrap.js';
import { t } from '../lib/i18n.js';

/**
 * A dialog over the page, named by its title; Escape (on the topmost dialog only) or the backdrop closes it. It
 * keeps the keyboard inside and gives focus back to what opened it (hooks/useFocusTrap).
 */
export default function Modal({ title, onClose, children, footer, wide = false }) {
  const ref = useRef(null);
  const dialog = useRef(null);
  useFocusTrap(dialog);
  useEffect(() => {
    const key = (e) => {
      if (e.key !== 'Escape' || !onClose) return;
      const all = document.querySelectorAll('.modal');
      if (all[all.length - 1] === ref.current) onClose();
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [onClose]);
  return (
    <div className="modal" role="presentation" ref={ref} onMouseDown={(e) => { if (e.target === e.currentTarget && onClose) onClose(); }}>
      <div className={wide ? 'modal__dialog modal__dialog--wide' : 'modal__dialog'} role="dialog" aria-modal="true" aria-label={title}
        ref={dialog} tabIndex={-1}>
        <div className="modal__head">
          <h2 className="modal__title">{title}</h2>
          {onClose && <button type="button" className="modal__close" aria-label={t('common.close')} onClick={onClose}>×</button>}
        </div>
        <div className="modal__body">{children}</div>
        {footer && <div className="modal__foot">{footer}</div>}
      </div>
    </div>
  );
}
