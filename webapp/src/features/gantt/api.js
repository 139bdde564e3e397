/** The Gantt's calls: a date of a deliverable, through the server-described form its row's link gives. */
import { fetchForm, initialValues, submitForm } from '../../lib/serverForm.js';

/**
 * Set one date (`field`: 'startDate' or 'deadline'; `value`: 'YYYY-MM-DD') through the edit link of a row's
 * deliverable: GET the form, keep what it holds (its hidden _token and _version), set the date, POST it to the
 * form's action with _method. Resolves with the deliverable as the server now has it.
 */
export async function saveDate(link, field, value) {
  const form = await fetchForm(link.url);
  const answer = await submitForm(form, { ...initialValues(form.elements), [field]: value });
  return answer && answer.item;
}
