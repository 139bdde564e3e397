import { useMemo, useState } from 'react';
import {
  fetchForm, flattenElements, initialValues, normaliseForm, submitErrors, submitForm, validateForm,
} from '../lib/serverForm.js';
import useFetch from './useFetch.js';

const fresh = (form) => ({ form, phase: 'open', values: form ? initialValues(form.elements) : {}, errors: {}, message: null });

/** Whether any value a person can change differs from what the form started with. */
export function isDirty(form, values) {
  if (!form) return false;
  const start = initialValues(form.elements);
  return flattenElements(form.elements).some((el) => el.type !== 'hidden' && !el.disabled
    && String(values[el.name] ?? '') !== String(start[el.name] ?? ''));
}

/**
 * The state machine of a server-described form (`load(url)` reads it: fetchForm unless a feature adapts it) (spec §3, §4 Dialogs, §5, §8): 'loading' (GET the form url, or take `form`),
 * 'failed' (it could not be read: loadError), 'open' (values being edited, required rules checked on submit),
 * 'submitting' (POST with _method), 'success' (onSuccess(item, answer)) and 'error' (a 422's errors on their
 * fields, anything else as a message: a 409 'changed by someone else' keeps every value typed). A new form
 * (loaded again, or given) starts again from its values; with `again` a saved form starts again at once (Create
 * another). `dirty`: something was typed and not saved yet.
 */
export default function useServerForm({ url, form: given, load = fetchForm, onSuccess, again = false }) {
  const givenForm = useMemo(() => (given ? normaliseForm(given) : null), [given]);
  const loaded = useFetch(givenForm || !url ? null : load, [url]);
  const form = givenForm || loaded.data;
  const [edit, setEdit] = useState(() => fresh(form));
  const current = edit.form === form ? edit : fresh(form);
  const change = (fn) => setEdit((prev) => fn(prev.form === form ? prev : fresh(form)));

  const set = (name, value) => change((s) => {
    if (!s.errors[name]) return { ...s, values: { ...s.values, [name]: value } };
    const errors = { ...s.errors };
    delete errors[name];
    return { ...s, values: { ...s.values, [name]: value }, errors };
  });

  const submit = async (e) => {
    e.preventDefault();
    const errors = validateForm(form.elements, current.values);
    const invalid = Object.keys(errors).length > 0;
    change((s) => ({ ...s, errors, message: null, phase: invalid ? 'open' : 'submitting' }));
    if (invalid) return;
    try {
      const data = await submitForm(form, current.values);
      // `again` ('Create another'): the same form opens empty at once, no second read of it.
      change((s) => (again ? fresh(form) : { ...s, phase: 'success' }));
      if (onSuccess) onSuccess(data && (data.item !== undefined ? data.item : data), data);
    } catch (err) {
      const { fields, message } = submitErrors(form, err);
      change((s) => ({ ...s, phase: 'error', errors: fields, message }));
    }
  };

  let status = current.phase;
  if (!form) status = loaded.status === 'failed' ? 'failed' : 'loading';
  return {
    status, form, values: current.values, errors: current.errors, message: current.message, loadError: loaded.error,
    busy: status === 'submitting', dirty: status !== 'success' && isDirty(form, current.values), set, submit,
  };
}
