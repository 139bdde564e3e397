/** Small pieces the import forms share: a file field, the dry-run and import buttons, a refusal. */
import { useId } from 'react';
import { t } from '../../lib/i18n.js';

/** A labelled file input; `round` changes to empty it. */
export function FileField({ label, accept, onChange, disabled, help, testId, round = 0 }) {
  const id = useId();
  return (
    <div className="field import-file">
      <label htmlFor={id}>{label}</label>
      <input key={round} id={id} type="file" accept={accept} disabled={disabled} data-testid={testId}
        aria-describedby={help ? `${id}-help` : undefined}
        onChange={(e) => onChange(e.target.files && e.target.files[0] ? e.target.files[0] : null)} />
      {help && <div className="field__help" id={`${id}-help`}>{help}</div>}
    </div>
  );
}

/** 'Dry run' (nothing written: what would be created, or the errors) and 'Import'; `onRun(dryRun)`. */
export function RunButtons({ onRun, disabled, busy }) {
  return (
    <div className="import-actions">
      <button type="button" className="btn btn--small" onClick={() => onRun(true)} disabled={disabled || busy} data-testid="import-dry-run">
        {t('imports.dryRun')}
      </button>
      <button type="button" className="btn btn--small btn--primary" onClick={() => onRun(false)} disabled={disabled || busy}
        data-testid="import-run">
        {busy ? t('imports.starting') : t('imports.run')}
      </button>
    </div>
  );
}

/** A refusal of the server (422 and the like): its message, and each field's (when not shown at a field). */
export function Refusal({ message, fields = {}, testId = 'import-refusal' }) {
  if (!message) return null;
  const lines = Object.entries(fields).flatMap(([, v]) => [].concat(v));
  return (
    <div className="form__error" role="alert" data-testid={testId}>
      <p className="import-wrap import-refusal__message">{message}</p>
      {lines.length > 0 && <ul className="import-refusal__lines">{lines.map((line) => <li key={line}>{line}</li>)}</ul>}
    </div>
  );
}

/**
 * A table's box, scrolling sideways on a phone rather than squeezing it: focusable, so that the keyboard can scroll
 * it (axe scrollable-region-focusable; its selects may all be disabled while a job runs), named by `label`.
 */
export function Scroll({ label, children, testId }) {
  // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
  return <div className="import-scroll" tabIndex={0} role="region" aria-label={label} data-testid={testId}>{children}</div>;
}
