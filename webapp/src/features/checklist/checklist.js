import api from '../../lib/apiClient.js';

/** The checklist_status field of a module, or null. */
export function checklistField(module) {
  return (module.customFields || []).find((f) => f.attribute === 'checklist_status') || null;
}

export function isDone(field) {
  const v = field && field.values && field.values[0];
  return !!(v && v.values && v.values.stringval === 'completed');
}

/** The link that gives the toggle form: add when the field has no value, else the first value's edit. */
export function toggleLink(field) {
  if (!field) return null;
  if (field.values && field.values.length) return (field.values[0].links || {}).edit || null;
  return (field.links || {}).add_checklist_status_value || null;
}

/** The option after a toggle: flipped between the first two options. */
export function flippedOption(field, options) {
  const opts = options && options.length >= 2 ? options : field.options || [];
  const current = field.values && field.values[0] && field.values[0].values ? field.values[0].values.stringval : null;
  return String(current) === String(opts[1].value) ? String(opts[0].value) : String(opts[1].value);
}

/** GET the form, POST the flipped option with _method and _token; returns the custom field item. */
export async function toggleChecklist(field) {
  const link = toggleLink(field);
  const form = (await api.get(link.url)).data;
  const els = form.elements || [];
  const optionEl = els.find((e) => e.name === 'option') || els.find((e) => e.type === 'select');
  const tokenEl = els.find((e) => e.name === '_token');
  const fd = new FormData();
  fd.append('_method', (form.method || 'POST').toUpperCase());
  fd.append(optionEl ? optionEl.name : 'option', flippedOption(field, optionEl && optionEl.options));
  if (tokenEl) fd.append('_token', tokenEl.value);
  const res = await api.post(form.action, fd);
  return res.data.item;
}
