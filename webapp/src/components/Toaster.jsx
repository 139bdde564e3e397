import { useEffect, useState } from 'react';
import { dismiss, subscribe } from '../lib/toast.js';
import { t } from '../lib/i18n.js';

/**
 * Where toasts appear: bottom right (bottom centre on a phone), over the page but never trapping focus. Two live
 * regions, so that a screen reader hears successes politely and errors at once.
 */
export default function Toaster() {
  const [items, setItems] = useState([]);
  useEffect(() => subscribe(setItems), []);
  const region = (kind, role) => (
    <div className="toaster__region" role={role} aria-live={kind === 'error' ? 'assertive' : 'polite'}>
      {items.filter((item) => item.kind === kind).map((item) => (
        <div key={item.id} className={`toast toast--${item.kind}`} data-testid="toast">
          <span className="toast__icon" aria-hidden="true">{item.kind === 'error' ? '!' : '✓'}</span>
          <span className="toast__text">{item.text}</span>
          <button type="button" className="toast__close" aria-label={t('components.dismiss')} onClick={() => dismiss(item.id)}>×</button>
        </div>
      ))}
    </div>
  );
  return (
    <div className="toaster" data-testid="toaster">
      {region('success', 'status')}
      {region('error', 'alert')}
    </div>
  );
}
