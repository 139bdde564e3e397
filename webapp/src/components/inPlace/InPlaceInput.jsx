import { useState } from 'react';
import { t } from '../../lib/i18n.js';
import { focusOnMount } from './focus.js';

/**
 * A value shown as a button (or `emptyText` when there is none); a click turns it into an input of `type` (a date,
 * or text: numbers too, so that the server, not the browser, judges what was typed) that saves with Enter or on
 * leaving it, and Escape puts back. `onSave(text)`; without it the value is plain text. `addLabel` names the empty
 * button ('Add Budget'), else 'Add Date (Deadline)'.
 */
export default function InPlaceInput({ label, value, display, onSave, error, busy = false, emptyText = t('components.addDate'), testId,
  type = 'date', inputMode, addLabel }) {
  const [editing, setEditing] = useState(false);
  if (!onSave) return <span>{display || <span className="muted">{t('components.notApplicable')}</span>}</span>;
  if (editing) {
    const done = (e) => {
      setEditing(false);
      onSave(e.target.value || '');
    };
    return (
      <input type={type} inputMode={inputMode} className="in-place__input" aria-label={label} defaultValue={value || ''} ref={focusOnMount} data-testid={testId && `${testId}-input`}
        onBlur={done}
        onKeyDown={(e) => {
          if (e.key === 'Enter') { e.preventDefault(); e.target.blur(); }
          if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); setEditing(false); }
        }} />
    );
  }
  return (
    <span className="in-place">
      <button type="button" className={display ? 'linkish' : 'btn btn--ghost btn--tiny'} aria-busy={busy}
        aria-label={display ? t('components.labelValue', { label, value: display }) : addLabel || t('components.addNamed', { action: emptyText, label })} onClick={() => setEditing(true)}>
        {display || emptyText}
      </button>
      {error && <span className="in-place__error" role="alert" data-testid="in-place-error">{error}</span>}
    </span>
  );
}
