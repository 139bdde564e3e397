/**
 * Server-described forms (spec §3 Dynamic form definition, §5, §7, §8): GET a form url for
 * {method, action, elements}, check the required rules, submit FormData with `_method` to the action, read a
 * 422's errors per element. Pure helpers plus the two calls; components/DynamicForm renders them.
 */
import api from './apiClient.js';
import { errorMessage, fieldErrors, statusOf } from './errors.js';
import { t } from './i18n.js';
import { tellSchedule } from './schedule.js';

export const SUPPORTED_TYPES = ['compound', 'hidden', 'text', 'date', 'email', 'file', 'select', 'checkbox', 'textarea'];

/** What an empty required element of `type` says. */
export function requiredMessage(type) {
  switch (type) {
    case 'date': return t('common.dateRequired');
    case 'email': return t('common.emailRequired');
    case 'file': return t('common.fileRequired');
    default: return t('common.inputRequired');
  }
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

const text = (value) => (value === null || value === undefined ? '' : String(value));

/** The value an element starts with: the selected option of a select, no file, the day of a date. */
export function initialValue(el) {
  if (el.type === 'select') {
    const sel = (el.options || []).find((o) => o.selected);
    return sel ? String(sel.value) : text(el.value);
  }
  if (el.type === 'file') return null;
  if (el.type === 'date' && el.value) return String(el.value).slice(0, 10);
  return text(el.value);
}

/** {name: initial value} of every leaf element. */
export function initialValues(elements) {
  const v = {};
  flattenElements(elements).forEach((el) => { v[el.name] = initialValue(el); });
  return v;
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

/**
 * What a failed submit shows: {fields: {name: text}, message}. A 400/422 puts its errors on the visible fields
 * and replaces the general message (spec §8); errors of hidden fields stay visible as the message.
 */
export function submitErrors(form, err) {
  const status = statusOf(err);
  const fe = fieldErrors(err);
  if (!((status === 422 || status === 400) && Object.keys(fe).length)) return { fields: {}, message: errorMessage(err) };
  const visible = new Set(flattenElements(form.elements).filter((el) => el.type !== 'hidden').map((el) => el.name));
  const fields = {};
  const other = [];
  Object.entries(fe).forEach(([k, msgs]) => {
    const joined = (Array.isArray(msgs) ? msgs : [msgs]).join(' ');
    if (visible.has(k)) fields[k] = joined;
    else other.push(joined);
  });
  return { fields, message: other.length ? other.join(' ') : null };
}

/** GET a form url: the form, normalised. */
export function fetchForm(url) {
  return api.get(url).then((res) => normaliseForm(res.data));
}

/** POST the values to the form's action: the whole answer ({item} usually; what it moved along the plan is told). */
export function submitForm(form, values) {
  return api.post(form.action, buildFormData(form, values)).then((res) => {
    tellSchedule(res.data);
    return res.data;
  });
}
