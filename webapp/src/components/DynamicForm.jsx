/**
 * A server-described form (spec §3 Dynamic form definition, §5, §7, §8): the elements of `form` (or of the form
 * at `url`), the required rules, the submit and a 422's errors on the matching fields (hooks/useServerForm);
 * `onSuccess(item, answer)` follows a saved submit; with `again` the form then starts empty at once (Create another)
 * and its first field takes the focus. `footer` sits beside the buttons; `onDirty(bool)` hears whether something
 * typed is not saved yet.
 */
import { useEffect, useId, useRef } from 'react';
import useServerForm from '../hooks/useServerForm.js';
import { t } from '../lib/i18n.js';
import FormElement from './FormElements.jsx';
import Loading from './Loading.jsx';

export default function DynamicForm({ url, form: givenForm, load, onSuccess, onCancel, submitLabel = t('common.save'),
  cancelLabel = t('common.cancel'), testId, onDirty, again = false, footer = null }) {
  const saves = useRef(0);
  const focused = useRef(0);
  const formRef = useRef(null);
  const form = useServerForm({ url, form: givenForm, load, again, onSuccess: (...args) => { saves.current += 1; if (onSuccess) onSuccess(...args); } });
  const uid = `df${useId().replace(/:/g, '')}`;
  const { dirty } = form;
  useEffect(() => { if (onDirty) onDirty(dirty); }, [dirty, onDirty]);
  const { status } = form;
  useEffect(() => { // after a save with `again`, the next item is typed at once
    if (again && saves.current !== focused.current && status === 'open' && formRef.current) {
      focused.current = saves.current;
      const first = formRef.current.querySelector('input:not([type=hidden]), textarea, select');
      if (first) first.focus();
    }
  }, [again, status]);

  if (form.status === 'failed') return <div className="form__error" role="alert" data-testid="form-load-error">{t('common.errorSays', { message: form.loadError })}</div>;
  if (form.status === 'loading') return <Loading inline />;
  return (
    <form ref={formRef} className="form dynamic-form" onSubmit={form.submit} noValidate data-testid={testId || 'dynamic-form'} aria-busy={form.busy}>
      <div className="dynamic-form__body">
        {form.form.elements.map((el) => <FormElement key={el.name} el={el} form={form} uid={uid} />)}
      </div>
      {form.message && <div className="form__error" role="alert" data-testid="form-error">{form.message}</div>}
      <div className="form__actions">
        {footer}
        {onCancel && <button type="button" className="btn" onClick={onCancel} disabled={form.busy}>{cancelLabel}</button>}
        <button type="submit" className="btn btn--primary" disabled={form.busy}>{form.busy ? t('common.saving') : submitLabel}</button>
      </div>
    </form>
  );
}
