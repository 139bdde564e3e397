import { useCallback, useRef, useState } from 'react';
import useClickOutside from '../../hooks/useClickOutside.js';
import useMenuKeys from '../../hooks/useMenuKeys.js';
import { STATUS_COLOURS, statusStyle } from '../../lib/format.js';
import { t } from '../../lib/i18n.js';
import StatusBadge from '../StatusBadge.jsx';

/**
 * The status badge as a menu button (issue 40): one click opens the five statuses in their colours, a second sets
 * one. `value` is the status name shown (optimistically by the caller), `onPick(name)` saves; without `onPick` it is
 * the plain badge. `error` (the server's refusal) shows under it.
 */
export default function StatusMenu({ value, onPick, error, busy = false, label = t('common.status') }) {
  const [open, setOpen] = useState(false);
  const ref = useRef(null);
  const button = useRef(null);
  const list = useRef(null);
  const close = useCallback(() => setOpen(false), []);
  useClickOutside(ref, open, close);
  useMenuKeys(list, button, open, close);
  const st = statusStyle(value);
  if (!onPick) return <StatusBadge status={value ? { name: value, label: st.label } : null} />;
  const pick = (name) => {
    setOpen(false);
    if (button.current) button.current.focus();
    onPick(name);
  };
  return (
    <span className="in-place status-menu" ref={ref}>
      <button type="button" ref={button} className="status-badge status-badge--menu" style={{ background: st.colour }}
        aria-haspopup="menu" aria-expanded={open} aria-label={t('components.labelValue', { label, value: st.label })} aria-busy={busy}
        data-status={value || 'none'} data-testid="status-badge" onClick={() => setOpen((o) => !o)}>
        {st.label} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <span className="status-menu__list" role="menu" aria-label={label} ref={list} data-testid="status-menu">
          {Object.entries(STATUS_COLOURS).map(([name, s]) => (
            <button key={name} type="button" role="menuitemradio" aria-checked={name === value} className="status-menu__item"
              data-status={name} onClick={() => pick(name)}>
              <span className="status-menu__dot" style={{ background: s.colour }} aria-hidden="true" />
              {s.label}
            </button>
          ))}
        </span>
      )}
      {error && <span className="in-place__error" role="alert" data-testid="in-place-error">{error}</span>}
    </span>
  );
}
