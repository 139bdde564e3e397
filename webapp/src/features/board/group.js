/**
 * The Kanban board's pure logic (issue 44, point 1): which column and lane each card sits in, a column's
 * work-in-progress limit, where the arrow keys take a lifted card, whether a card is overdue.
 */

/** The columns in order; '' is 'No status' (a card without a deliverable, or whose deliverable has no status). */
export const COLUMNS = ['', 'NOT_STARTED', 'IN_PROGRESS', 'BLOCKED', 'COMPLETED', 'VERIFIED_COMPLETE'];
/** The columns a card may be dropped in: the server's status form has no empty status. */
export const TARGETS = COLUMNS.slice(1);
export const DONE = new Set(['COMPLETED', 'VERIFIED_COMPLETE']);

/** The status the server has for the row ('' when none or unknown). */
export function serverStatus(row) {
  const name = row.deliverable && row.deliverable.status && row.deliverable.status.name;
  return name && COLUMNS.includes(name) ? name : '';
}

/**
 * The status shown: a move made here (`moves[id]`: {to, was}) wins while the rows still say `was`; once the
 * re-read rows say something else, they are the truth again.
 */
export function shownStatus(row, moves) {
  const m = moves && moves[row.id];
  const status = serverStatus(row);
  return m && m.was === status ? m.to : status;
}

/** Whether the card may change status: its deliverable offers the edit form (the server decides, not us). */
export function movable(row) {
  return !!(row.deliverable && row.deliverable.links && row.deliverable.links.edit);
}

/** A lanes choice as the select and a saved view keep it ('none', 'owner', 'parent', 'field:<id>'). */
export function parseLanes(value) {
  const text = String(value || 'none');
  if (text === 'owner' || text === 'parent') return { mode: text, fieldId: null };
  const m = text.match(/^field:(.+)$/);
  return m ? { mode: 'field', fieldId: m[1] } : { mode: 'none', fieldId: null };
}

const optionName = (o) => (o && typeof o === 'object' ? String(o.label ?? o.value ?? '') : String(o));

/**
 * A card's lane: {key, name, rank}; `name` null for the lane of cards without one (No owner, top level, No
 * value), which the component names. Lanes sort by rank, then name.
 */
function laneOf(row, mode, ctx) {
  if (mode === 'owner') {
    const d = row.deliverable;
    const has = d && d.ownerId !== null && d.ownerId !== undefined;
    return has ? { key: `owner:${d.ownerId}`, name: d.ownerName || String(d.ownerId), rank: 0 } : { key: 'owner:', name: null, rank: 1 };
  }
  if (mode === 'parent') {
    const parent = ctx.byId.get(row.parentId);
    // A card right under the page's module: its parent is not a row, so it has no name here.
    return parent ? { key: `parent:${parent.id}`, name: parent.name, rank: ctx.order.get(parent.id) } : { key: 'parent:', name: null, rank: -1 };
  }
  if (mode === 'field') {
    const value = ctx.values[String(row.id)];
    if (value === null || value === undefined || value === '') return { key: 'field:', name: null, rank: Infinity };
    const text = optionName(value);
    const i = ctx.options.indexOf(text);
    // A value is the option's value; its label, where the field gives one, is what people read.
    const label = ctx.labels[text];
    return { key: `field:${text}`, name: label === undefined || label === null || label === '' ? text : String(label), rank: i < 0 ? ctx.options.length : i };
  }
  return { key: 'all', name: null, rank: 0 };
}

const byRankThenName = (a, b) => (a.rank - b.rank) || String(a.name || '').localeCompare(String(b.name || ''));

/**
 * Rows into lanes × columns. `options`: {cardType, lanes (a lanes choice), field ({options, labels?}) and values
 * ({moduleId: value}) for picklist lanes, filter (words of the name), moves (see shownStatus), sort (SORTS)}.
 * -> {lanes: [{key, name, rank, count, columns: {status: [row]}}], totals: {status: n}, shown: {status: n}, cards: n}.
 * `totals` counts every card of a column (the work in progress), `shown` those the filter keeps.
 */
/** How cards are ordered in a column: as in the plan (the rows' order), most time spent first, nearest deadline first. */
export const SORTS = ['tree', 'spent', 'deadline'];
const SORTERS = {
  spent: (a, b) => (b.spentMinutes || 0) - (a.spentMinutes || 0),
  deadline: (a, b) => String((a.deliverable && a.deliverable.deadline) || '9999').localeCompare(String((b.deliverable && b.deliverable.deadline) || '9999')),
};

export function groupBoard(rows, { cardType, lanes = 'none', field = null, values = null, filter = '', moves = null, sort = 'tree' } = {}) {
  const { mode } = parseLanes(lanes);
  const effective = mode === 'field' && !values ? 'none' : mode;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const order = new Map(rows.map((r, i) => [r.id, i]));
  const ctx = { byId, order, values: values || {}, options: ((field && field.options) || []).map(optionName), labels: (field && field.labels) || {} };
  const q = String(filter || '').trim().toLowerCase();
  const totals = Object.fromEntries(COLUMNS.map((c) => [c, 0]));
  const shown = { ...totals };
  const found = new Map();
  let cards = 0;
  for (const row of rows) {
    if (row.type !== cardType) continue;
    const status = shownStatus(row, moves);
    totals[status] += 1;
    if (q && !String(row.name || '').toLowerCase().includes(q)) continue;
    shown[status] += 1;
    cards += 1;
    const lane = laneOf(row, effective, ctx);
    if (!found.has(lane.key)) found.set(lane.key, { ...lane, count: 0, columns: Object.fromEntries(COLUMNS.map((c) => [c, []])) });
    const entry = found.get(lane.key);
    entry.count += 1;
    entry.columns[status].push(row);
  }
  const list = [...found.values()].sort(byRankThenName);
  // (a stable sort: equals keep the plan's order)
  if (SORTERS[sort]) list.forEach((lane) => Object.values(lane.columns).forEach((cards_) => cards_.sort(SORTERS[sort])));
  // Without lanes the columns are always there, empty or not: a card may be dropped in any.
  if (effective === 'none' && !list.length) list.push({ key: 'all', name: null, count: 0, columns: Object.fromEntries(COLUMNS.map((c) => [c, []])) });
  return { lanes: list, totals, shown, cards, mode: effective };
}

/** A column's work-in-progress limit: {limit: null} when none is set, else {limit, over: count > limit}. */
export function limitState(count, limit) {
  const n = limit === null || limit === undefined || limit === '' ? NaN : Number(limit);
  if (!Number.isFinite(n) || n < 0) return { limit: null, over: false };
  return { limit: n, over: count > n };
}

/**
 * Where a key takes a lifted card from the column `current` (Left, Right, Home, End among the statuses; never
 * into 'No status'); any other key leaves it there.
 */
export function moveTarget(current, key) {
  const i = TARGETS.indexOf(current);
  const last = TARGETS.length - 1;
  switch (key) {
    case 'ArrowRight': return TARGETS[Math.min(i + 1, last)];
    case 'ArrowLeft': return i < 0 ? current : TARGETS[Math.max(i - 1, 0)];
    case 'Home': return TARGETS[0];
    case 'End': return TARGETS[last];
    default: return current;
  }
}

/** Today as 'YYYY-MM-DD' in local time (what a deadline is compared with). */
export function isoToday(now = new Date()) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A deadline before today on a card not done (its status, or its completion date). */
export function isOverdue(deliverable, status, today) {
  const d = deliverable;
  if (!d || !d.deadline || d.completionDate || DONE.has(status)) return false;
  return String(d.deadline).slice(0, 10) < today;
}
