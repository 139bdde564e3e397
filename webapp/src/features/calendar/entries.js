/**
 * What the calendar shows of an item (pure; issue 44): each date of its deliverable is an entry on that day: the
 * start date, the deadline (a milestone's, as the milestone itself) and the completion date. An entry moves by
 * saving its date field through the deliverable's edit link.
 */
import { addDays, parseDay } from './grid.js';

export const KINDS = ['milestone', 'deadline', 'start', 'completion']; // the order within a day
/** The deliverable's form field each kind of entry saves. */
export const FIELD_OF = { start: 'startDate', deadline: 'deadline', milestone: 'deadline', completion: 'completionDate' };

const dayOf = (value) => {
  const m = parseDay(value);
  return m ? m.format('YYYY-MM-DD') : null;
};

/** The edit link's URL an entry of `row` saves through, or null (the entry cannot move). */
export function editUrl(row) {
  const links = (row && row.deliverable && row.deliverable.links) || {};
  return (links.edit && links.edit.url) || null;
}

/**
 * The entries of a row: [{key, row, kind, date, field, movable}]. A milestone is a point in time: its start date
 * shows only when it differs from its deadline.
 */
export function entriesOf(row) {
  const d = row && row.deliverable;
  if (!d) return [];
  const movable = !!editUrl(row);
  const start = dayOf(d.startDate);
  const deadline = dayOf(d.deadline);
  const out = [];
  const add = (kind, date) => {
    if (date) out.push({ key: `${row.id}-${kind}`, row, kind, date, field: FIELD_OF[kind], movable });
  };
  if (!(d.milestone && start === deadline)) add('start', start);
  add(d.milestone ? 'milestone' : 'deadline', deadline);
  add('completion', dayOf(d.completionDate));
  return out;
}

const byKindThenName = (a, b) => KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind)
  || String(a.row.name || '').localeCompare(String(b.row.name || '')) || String(a.key).localeCompare(String(b.key));

/**
 * Every entry of `rows` on the days shown: Map day -> entries (ordered: milestones, deadlines, starts,
 * completions, then by name), each at `dateOf(entry)` (where a move being saved shows it), else its own date.
 */
export function placeEntries(rows, days, dateOf = (e) => e.date) {
  const byDay = new Map(days.map((day) => [day, []]));
  for (const row of rows || []) {
    for (const entry of entriesOf(row)) {
      const date = dateOf(entry);
      if (byDay.has(date)) byDay.get(date).push({ ...entry, date, was: entry.date });
    }
  }
  for (const list of byDay.values()) list.sort(byKindThenName);
  return byDay;
}

/** How far a key moves a lifted entry: ←/→ a day, ↑/↓ a week; null for any other key. */
export const KEY_STEPS = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/** The day a key moves `day` to (null: the key does not move). */
export function movedDate(day, key) {
  const step = KEY_STEPS[key];
  return step === undefined ? null : addDays(day, step);
}
