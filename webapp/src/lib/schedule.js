/**
 * What a change of dates or relations moved along the plan (issue 42): the server's `schedule` beside the item
 * of a deliverable's or a relation's answer ({moved, flagged}), told once in a toast wherever the form was sent.
 */
import { t } from './i18n.js';
import { toast } from './toast.js';

/** How many items that follow moved, and which manual ones the change now breaks; null when nothing. */
export function movedText(schedule) {
  if (!schedule) return null;
  const parts = [];
  const n = (schedule.moved || []).length;
  if (n) parts.push(t('components.movedToo', { count: n }));
  (schedule.flagged || []).forEach((f) => parts.push(f.message));
  return parts.length ? parts.join('. ') : null;
}

/** Toast what an answer's `schedule` says (an error toast when it breaks a relation). */
export function tellSchedule(answer) {
  const schedule = answer && answer.schedule;
  const said = movedText(schedule);
  if (said) toast(said, schedule.flagged && schedule.flagged.length ? 'error' : 'success');
}
