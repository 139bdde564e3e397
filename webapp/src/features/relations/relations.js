/** How a relation reads from the module listed: 'Follows Task 2 (+2 working days)' (the words are the server's). */
import { t } from '../../lib/i18n.js';

/** The words with a capital ('follows' -> 'Follows'). */
export const sentence = (words) => (words ? words[0].toLocaleUpperCase() + words.slice(1) : '');

/** '+2 working days', '−1 working day' (a lead), '' for none. */
export function lagText(lag) {
  if (!lag) return '';
  const count = Math.abs(lag);
  return lag > 0 ? t('relations.lagAfter', { count }) : t('relations.lagBefore', { count });
}
