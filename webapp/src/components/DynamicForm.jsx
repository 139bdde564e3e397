/**
 * A server-described form (spec §3 Dynamic form definition, §5, §7, §8): the elements of `form` (or of the form
 * at `url`), the required rules, the submit and a 422's errors on the matching fields (hooks/useServerForm);
 * `onSuccess(item, answer)` follows a saved submit. With `successText` a saved form shows that text (spec §4
 * Dialogs: 'Data Transfer Successful') and a Close button instead of its fields; `onDirty(bool)` hears whether
 * something typed is not saved yet.
 */
import { useEffect, useId } from 'react';
import useServerForm from '../hooks/useServerForm.js';
import FormElement from './FormElements.jsx';
import Loading from './Loading.jsx';

function Saved({ text, onClose }) {
  return (
    <div className="form__saved" data-testid="form-success">
      <p className="form__success" role="status">{text}</p>
      {onClose && <div className="form__actions"><button type="button" className="btn btn--primary" onClick={onClose}>Close</button></div>}
    </div>
  );
}

export default function DynamicForm({ url, form: givenForm, load, onSuccess, onCancel, submitLabel = 'Save',
  cancelLabel = 'Cancel', testId, successText, onDirty }) {
  const form = useServerForm({ url, form: givenForm, load, onSuccess });
  const uid = `df${useId().replace(/:/g, '')}`;
  const { dirty } = form;
  useEffect(() => { if (onDirty) onDirty(dirty); }, [dirty, onDirty]);

  if (form.status === 'failed') return <div className="form__error" role="alert" data-testid="form-load-error">Error: {form.loadError}</div>;
  if (form.status === 'loading') return <Loading inline />;
  if (form.status === 'success' && successText) return <Saved text={successText} onClose={onCancel} />;
  return (
    <form className="form dynamic-form" onSubmit={form.submit} noValidate data-testid={testId || 'dynamic-form'} aria-busy={form.busy}>
      <div className="dynamic-form__body">
        {form.form.elements.map((el) => <FormElement key={el.name} el={el} form={form} uid={uid} />)}
      </div>
      {form.message && <div className="form__error" role="alert" data-testid="form-error">{form.message}</div>}
      <div className="form__actions">
        {onCancel && <button type="button" className="btn" onClick={onCancel} disabled={form.busy}>{cancelLabel}</button>}
        <button type="submit" className="btn btn--primary" disabled={form.busy}>{form.busy ? 'Saving...' : submitLabel}</button>
      </div>
    </form>
  );
}
