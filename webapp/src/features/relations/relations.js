/** How a relation reads from the module listed: 'Follows Task 2 (+2 working days)'. */

/** The words with a capital ('follows' -> 'Follows'). */
export const sentence = (words) => (words ? words[0].toUpperCase() + words.slice(1) : '');

/** '+2 working days', '−1 working day' (a lead), '' for none. */
export function lagText(lag) {
  if (!lag) return '';
  const n = Math.abs(lag);
  return `${lag > 0 ? '+' : '−'}${n} working ${n === 1 ? 'day' : 'days'}`;
}
