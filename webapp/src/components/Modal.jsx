import { useEffect } from 'react';

/** A dialog over the page; Escape or the backdrop closes it. */
export default function Modal({ title, onClose, children, footer, wide = false }) {
  useEffect(() => {
    const key = (e) => { if (e.key === 'Escape' && onClose) onClose(); };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [onClose]);
  return (
    <div className="modal" role="presentation" onMouseDown={(e) => { if (e.target === e.currentTarget && onClose) onClose(); }}>
      <div className={wide ? 'modal__dialog modal__dialog--wide' : 'modal__dialog'} role="dialog" aria-modal="true" aria-label={title}>
        <div className="modal__head">
          <h2 className="modal__title">{title}</h2>
          {onClose && <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>×</button>}
        </div>
        <div className="modal__body">{children}</div>
        {footer && <div className="modal__foot">{footer}</div>}
      </div>
    </div>
  );
}
