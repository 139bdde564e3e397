/**
 * A server-described form (spec §3 Dynamic form definition, §5, §7, §8).
 * GET the form url (or take `form`), render every element, check the required rules, submit as
 * FormData with `_method`, show a 422's errors on the matching fields, hand the item back.
 */
import { useEffect, useMemo, useState } from 'react';
import api, { errorMessage, fieldErrors } from '../lib/apiClient.js';
import Loading from './Loading.jsx';

export const REQUIRED_MESSAGES = {
  date: 'Date is required',
  email: 'Email is required',
  file: 'File is required',
};
export const DEFAULT_REQUIRED = 'Input is required';
export const SUPPORTED_TYPES = ['compound', 'hidden', 'text', 'date', 'email', 'file', 'select', 'textarea'];

export function requiredMessage(type) {
  return REQUIRED_MESSAGES[type] || DEFAULT_REQUIRED;
}

/** The leaf elements of a form (compound elements open into their children). */
export function flattenElements(elements) {
  const out = [];
  (elements || []).forEach((el) => {
    if (el.type === 'compound') out.push(...flattenElements(el.elements));
    else out.push(el);
  });
  return out;
}

function initialValue(el) {
  if (el.type === 'select') {
    const sel = (el.options || []).find((o) => o.selected);
    if (sel) return String(sel.value);
    return el.value === null || el.value === undefined ? '' : String(el.value);
  }
  if (el.type === 'file') return null;
  if (el.type === 'date' && el.value) return String(el.value).slice(0, 10);
  return el.value === null || el.value === undefined ? '' : String(el.value);
}

/** Reads a form answer: {method, action, elements}, or {forms: ['<json>']} as reference forms are. */
export function normaliseForm(data) {
  if (!data) return null;
  if (data.elements) return data;
  if (data.form && data.form.elements) return data.form;
  if (Array.isArray(data.forms) && data.forms.length) {
    const f = data.forms[0];
    return typeof f === 'string' ? JSON.parse(f) : f;
  }
  return data;
}

/** Required-rule errors for the current values: {name: message}. */
export function validateForm(elements, values) {
  const errors = {};
  flattenElements(elements).forEach((el) => {
    if (!el.required || el.disabled || el.type === 'hidden' || !SUPPORTED_TYPES.includes(el.type)) return;
    const v = values[el.name];
    const empty = el.type === 'file' ? !v : v === null || v === undefined || String(v).trim() === '';
    if (empty) errors[el.name] = requiredMessage(el.type);
  });
  return errors;
}

/** FormData of every element plus `_method`. */
export function buildFormData(form, values) {
  const fd = new FormData();
  flattenElements(form.elements).forEach((el) => {
    if (!SUPPORTED_TYPES.includes(el.type)) return;
    const v = values[el.name];
    if (el.type === 'file') {
      if (v) fd.append(el.name, v);
      return;
    }
    fd.append(el.name, v === null || v === undefined ? '' : v);
  });
  fd.append('_method', (form.method || 'POST').toUpperCase());
  return fd;
}

let seq = 0;

export default function DynamicForm({ url, form: givenForm, onSuccess, onCancel, submitLabel = 'Save',
  cancelLabel = 'Cancel', testId }) {
  const [form, setForm] = useState(givenForm ? normaliseForm(givenForm) : null);
  const [loadError, setLoadError] = useState(null);
  const [values, setValues] = useState({});
  const [errors, setErrors] = useState({});
  const [message, setMessage] = useState(null);
  const [busy, setBusy] = useState(false);
  const uid = useMemo(() => `df${++seq}`, []);

  useEffect(() => {
    if (givenForm) {
      setForm(normaliseForm(givenForm));
      return undefined;
    }
    if (!url) return undefined;
    let live = true;
    setForm(null);
    setLoadError(null);
    api.get(url)
      .then((res) => { if (live) setForm(normaliseForm(res.data)); })
      .catch((err) => { if (live) setLoadError(errorMessage(err)); });
    return () => { live = false; };
  }, [url, givenForm]);

  useEffect(() => {
    if (!form) return;
    const v = {};
    flattenElements(form.elements).forEach((el) => { v[el.name] = initialValue(el); });
    setValues(v);
    setErrors({});
    setMessage(null);
  }, [form]);

  if (loadError) return <div className="form__error" role="alert" data-testid="form-load-error">Error: {loadError}</div>;
  if (!form) return <Loading inline />;

  const set = (name, value) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    if (errors[name]) setErrors((prev) => { const n = { ...prev }; delete n[name]; return n; });
  };

  const submit = async (e) => {
    e.preventDefault();
    const errs = validateForm(form.elements, values);
    setErrors(errs);
    setMessage(null);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      const res = await api.post(form.action, buildFormData(form, values));
      setBusy(false);
      if (onSuccess) onSuccess(res.data && (res.data.item !== undefined ? res.data.item : res.data), res.data);
    } catch (err) {
      setBusy(false);
      const status = err.response && err.response.status;
      const fe = fieldErrors(err);
      if ((status === 422 || status === 400) && Object.keys(fe).length) {
        const visible = new Set(flattenElements(form.elements).filter((el) => el.type !== 'hidden').map((el) => el.name));
        const onFields = {};
        const other = [];
        Object.entries(fe).forEach(([k, msgs]) => {
          const text = (Array.isArray(msgs) ? msgs : [msgs]).join(' ');
          if (visible.has(k)) onFields[k] = text;
          else other.push(text);
        });
        setErrors(onFields);
        // The per-field errors replace the general message (spec §8); errors of hidden fields stay visible.
        setMessage(other.length ? other.join(' ') : null);
      } else {
        setMessage(errorMessage(err));
      }
    }
  };

  const renderElement = (el) => {
    const id = `${uid}-${el.name}`;
    const err = errors[el.name];
    const common = { id, name: el.name, disabled: el.disabled || busy, 'aria-invalid': err ? 'true' : undefined };
    if (el.type === 'hidden') {
      return <input key={el.name} type="hidden" name={el.name} value={values[el.name] ?? ''} readOnly />;
    }
    if (el.type === 'compound') {
      return (
        <fieldset key={el.name} className="fieldset">
          {el.label && <legend>{el.label}</legend>}
          {(el.elements || []).map(renderElement)}
        </fieldset>
      );
    }
    let control;
    switch (el.type) {
      case 'text':
      case 'email':
      case 'date':
        control = (
          <input {...common} type={el.type} placeholder={el.placeholder || undefined}
            value={values[el.name] ?? ''} onChange={(e) => set(el.name, e.target.value)} />
        );
        break;
      case 'textarea':
        control = (
          <textarea {...common} rows={4} placeholder={el.placeholder || undefined}
            value={values[el.name] ?? ''} onChange={(e) => set(el.name, e.target.value)} />
        );
        break;
      case 'select':
        control = (
          <select {...common} value={values[el.name] ?? ''} onChange={(e) => set(el.name, e.target.value)}>
            <option value="" disabled>{el.placeholder || `Select ${el.label || ''}`.trim()}</option>
            {(el.options || []).map((o) => (
              <option key={String(o.value)} value={String(o.value)}>{o.label}</option>
            ))}
          </select>
        );
        break;
      case 'file':
        control = (
          <input {...common} type="file" onChange={(e) => set(el.name, e.target.files && e.target.files[0] ? e.target.files[0] : null)} />
        );
        break;
      default:
        return (
          <div key={el.name} className="field field--todo" data-testid="todo-element">
            <label>{el.label}</label>
            <div className="todo">To do: the element type &lsquo;{el.type}&rsquo; is not supported yet.</div>
          </div>
        );
    }
    return (
      <div key={el.name} className={err ? 'field field--error' : 'field'}>
        <label htmlFor={id}>
          {el.label}
          {el.required && <span className="field__req" aria-hidden="true"> *</span>}
        </label>
        {control}
        {el.help && <div className="field__help">{el.help}</div>}
        {err && <div className="field__error">{err}</div>}
      </div>
    );
  };

  return (
    <form className="form dynamic-form" onSubmit={submit} noValidate data-testid={testId || 'dynamic-form'}>
      <div className="dynamic-form__body">{form.elements.map(renderElement)}</div>
      {message && <div className="form__error" role="alert">{message}</div>}
      <div className="form__actions">
        {onCancel && <button type="button" className="btn" onClick={onCancel} disabled={busy}>{cancelLabel}</button>}
        <button type="submit" className="btn btn--primary" disabled={busy}>{busy ? 'Saving...' : submitLabel}</button>
      </div>
    </form>
  );
}
