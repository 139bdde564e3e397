import { useEffect, useRef, useState } from 'react';
import { t } from '../../lib/i18n.js';
import { quickAdd } from './api.js';
import { columnLabel } from './labels.js';

/**
 * A column's '+': a one-line name; Enter makes the card through the add form (`addLink`) and, in a status column,
 * gives it that status; Escape closes. The server's refusal shows under the input (role=alert) and the name stays
 * to be corrected; `onAdded()` after a card was made (the page reads the rows again).
 */
export default function QuickAdd({ status, addLink, onAdded }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const input = useRef(null);
  const button = useRef(null);
  const label = columnLabel(status);
  useEffect(() => { if (open && input.current) input.current.focus(); }, [open]);
  const close = () => {
    setOpen(false);
    setName('');
    setError(null);
    if (button.current) button.current.focus();
  };
  const submit = async () => {
    const text = name.trim();
    if (!text || busy) return;
    setBusy(true);
    setError(null);
    try {
      await quickAdd(addLink, text, status || null);
      setName('');
      if (onAdded) onAdded();
    } catch (err) {
      if (err && err.created) {
        setName(''); // the card exists: typing the name again would make a second one
        if (onAdded) onAdded();
      }
      const message = (err && err.message) || t('board.addFailed');
      setError(err && err.created ? t('board.statusNotSet', { message }) : message);
    }
    setBusy(false);
  };
  const onKeyDown = (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      submit();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  };
  return (
    <div className="board__add">
      <button type="button" ref={button} className="board__add-btn" aria-expanded={open} aria-label={t('board.addTo', { status: label })}
        title={t('board.addTo', { status: label })} onClick={() => (open ? close() : setOpen(true))} data-testid="board-add">
        <span aria-hidden="true">+</span>
      </button>
      {open && (
        <div className="board__add-form">
          <input ref={input} type="text" className="board__add-input" value={name} onChange={(e) => setName(e.target.value)}
            onKeyDown={onKeyDown} aria-label={t('board.newCardName', { status: label })} placeholder={t('board.newCardPlaceholder')}
            readOnly={busy} aria-busy={busy || undefined} aria-invalid={error ? true : undefined} data-testid="board-add-input" />
          {error && <p className="board__add-error" role="alert" data-testid="board-add-error">{error}</p>}
        </div>
      )}
    </div>
  );
}
