import { errorMessage, statusOf } from './errors.js';
import { fetchForm, initialValues, submitErrors, submitForm } from './serverForm.js';

/**
 * Save one value in place (issue 40): read the server-described form at `url`, change `name` to `value`, submit it
 * as it is. The server stays the only judge of the value and of the right to change it: a refusal comes back as an
 * Error with its `status` and the field's own message first (a 422 on that field), else the server's message.
 */
function refusal(text, err) {
  const e = new Error(text);
  e.status = statusOf(err);
  return e;
}

export async function saveField(url, name, value, version) {
  let form;
  try {
    form = await fetchForm(url); // a form refused already (locked: 423, gone: 404) says why
  } catch (err) {
    throw refusal(errorMessage(err), err);
  }
  const values = { ...initialValues(form.elements), [name]: value };
  // The version the page showed, not the form's fresh one: a change made meanwhile by someone else is a 409.
  if (version !== undefined && version !== null && '_version' in values) values._version = String(version);
  try {
    return await submitForm(form, values);
  } catch (err) {
    const { fields, message } = submitErrors(form, err);
    throw refusal(fields[name] || message || Object.values(fields)[0] || errorMessage(err), err);
  }
}

/** The options of one select of the form at `url` ({value, label}), e.g. the people who may own a deliverable. */
export async function optionsOf(url, name) {
  const form = await fetchForm(url);
  const el = form.elements.find((x) => x.name === name);
  return el ? el.options || [] : [];
}
