import { useEffect, useState } from 'react';
import { focusOnMount } from './focus.js';
import { errorMessage } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';

/**
 * A choice shown as a button (`display`, or `emptyText`); a click reads the choices (`loadOptions()`: the server
 * form's own options, so the server decides who may be picked) into a select, and picking one saves it
 * (`onSave(value, its label)`); leaving it or Escape puts back. Without `onSave` it is plain text.
 */
export default function InPlaceSelect({ label, value, display, loadOptions, onSave, error, busy = false, emptyText, testId, addLabel }) {
  const [options, setOptions] = useState(null); // null: closed; [] while loading
  const [loadError, setLoadError] = useState(null);
  useEffect(() => {
    if (options === null || options.length) return undefined;
    let live = true;
    loadOptions().then((opts) => { if (live) setOptions(opts.length ? opts : null); })
      .catch((err) => { if (live) { setLoadError(errorMessage(err)); setOptions(null); } });
    return () => { live = false; };
  }, [options, loadOptions]);
  if (!onSave) return <span>{display || <span className="muted">{t('components.notApplicable')}</span>}</span>;
  if (options && options.length) {
    const has = options.some((o) => String(o.value) === String(value ?? ''));
    return (
      <select className="in-place__input" aria-label={label} ref={focusOnMount} defaultValue={has ? String(value ?? '') : ''} data-testid={testId && `${testId}-select`}
        onChange={(e) => { setOptions(null); onSave(e.target.value, e.target.selectedOptions[0] ? e.target.selectedOptions[0].text : ''); }}
        onBlur={() => setOptions(null)}
        onKeyDown={(e) => { if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); setOptions(null); } }}>
        {!has && <option value="">—</option>}
        {options.map((o) => <option key={String(o.value)} value={String(o.value)}>{o.label}</option>)}
      </select>
    );
  }
  const shownError = error || loadError;
  return (
    <span className="in-place">
      <button type="button" className={display ? 'linkish' : 'btn btn--ghost btn--tiny'} aria-busy={busy || (options !== null)}
        aria-label={display ? t('components.labelValue', { label, value: display }) : addLabel || t('components.addNamed', { action: emptyText, label })} onClick={() => { setLoadError(null); setOptions([]); }}>
        {display || emptyText}
      </button>
      {shownError && <span className="in-place__error" role="alert" data-testid="in-place-error">{shownError}</span>}
    </span>
  );
}
