/** The Gantt's calls: a deliverable's dates through the server-described form its row's link gives, and the
 * preview of what a move would move (issue 42). */
import api from '../../lib/apiClient.js';
import { fetchForm, initialValues, submitForm } from '../../lib/serverForm.js';

/**
 * Set dates (`values`: {startDate?, deadline?} as 'YYYY-MM-DD') through an edit link of a row's deliverable: GET
 * the form, keep what it holds (its hidden _token and _version), set the dates, POST it to the form's action with
 * _method. Resolves with the answer: the deliverable as the server now has it (`item`) and what that moved
 * along its relations (`schedule`).
 */
export async function saveDates(link, values) {
  const form = await fetchForm(link.url);
  return (await submitForm(form, { ...initialValues(form.elements), ...values })) || {};
}

/** One date (`field`: 'startDate' or 'deadline'); resolves with the answer as saveDates. */
export const saveDate = (link, field, value) => saveDates(link, { [field]: value });

/** What moving the module to these dates would move and flag ({moved, flagged}); nothing is saved. */
export function previewMove(link, values, signal) {
  return api.post(link.url, values, { signal }).then((r) => r.data);
}

/** A finish-to-start relation from the row whose `add_relation` link this is to the module `otherId`; the answer. */
export async function linkBars(link, otherId) {
  const form = await fetchForm(link.url);
  return submitForm(form, { ...initialValues(form.elements), other: String(otherId), kind: 'FS', lag: '0' });
}
