/**
 * A feed entry as a sentence a person reads (issue 15): who did what to which item, with human labels and only
 * the fields that changed, each value formatted as the screens show it ('Marco changed the status of Tender
 * documents from In progress to Blocked'). An entry the sentences do not know reads as its recorded description.
 *
 * The API gives each entry {createdBy, operation, category, description, module: {id, name}, itemName, subject,
 * changes: [{field, label, kind, before, after}], extra}. A sentence is a list of parts: strings, and
 * {name: text} for an item's name (shown in bold).
 */
import { formatDate } from '../../lib/dates.js';
import { statusStyle } from '../../lib/format.js';

const name = (text) => ({ name: String(text ?? '') });

/**
 * A value as the screens show it: a status by its label (an empty one, left by unticking a box that had none
 * before, as the badge's 'no status'), a date as 'Do MMM YYYY', nothing as 'none'.
 */
export function shown(kind, value) {
  if (value === null || value === undefined) return 'none';
  if (kind === 'status') return statusStyle(value).label;
  if (value === '') return 'none';
  if (kind === 'date') return formatDate(value) || String(value);
  return String(value);
}

/** 'status', 'status and deadline', 'status, owner and deadline' */
export function listOf(words) {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** ' from A to B' of one change; for a value set where there was none, ' to B'. */
function fromTo(c) {
  const before = shown(c.kind, c.before);
  const after = shown(c.kind, c.after);
  return before === 'none' ? ` to ${after}` : ` from ${before} to ${after}`;
}

/**
 * A status change the checklist box made (the box and the status are one meaning of done, issue 40):
 * 'ticked X as done (status from In Progress to Completed)', 'unticked X (status from Completed to In Progress)'.
 */
function tickSentence(e, where) {
  const status = (e.changes || []).find((c) => c.field === 'status');
  const how = status ? ` (status${fromTo(status)})` : '';
  return e.extra.ticked ? ['ticked ', where, ` as done${how}`] : ['unticked ', where, how];
}

/** 'changed the status of X from A to B' / 'changed the status and deadline of X (status from ..., deadline ...)' */
function changedFields(entry, of) {
  const changes = entry.changes || [];
  if (!changes.length) return ['edited ', of];
  const labels = listOf(changes.map((c) => c.label));
  if (changes.length === 1) return [`changed the ${labels} of `, of, fromTo(changes[0])];
  return [`changed the ${labels} of `, of, ` (${changes.map((c) => `${c.label}${fromTo(c)}`).join('; ')})`];
}

const ITEM_WORDS = {
  article: 'the article', file: 'the file', reference: 'the reference', template: 'the template',
  custom_field: 'the field', metric: 'the metric', webhook: 'a webhook',
};

function moduleSentence(e) {
  const item = name(e.itemName || (e.module && e.module.name));
  switch (e.operation) {
    case 'add': return ['created ', item];
    case 'edit':
      if ((e.changes || []).length === 1 && e.changes[0].field === 'name') return ['renamed ', name(e.changes[0].before), ' to ', name(e.changes[0].after)];
      return changedFields(e, item);
    case 'delete':
      return e.extra && e.extra.descendants ? ['deleted ', item, ` and the ${e.extra.descendants} modules below it`] : ['deleted ', item];
    case 'move': return ['moved ', item, e.extra && e.extra.position ? ` to position ${e.extra.position}` : ''];
    case 'clone': return ['cloned ', item, ...(e.extra && e.extra.as ? [' as ', name(e.extra.as)] : [])];
    case 'lock': return ['locked ', item];
    case 'unlock': return ['unlocked ', item];
    default: return null;
  }
}

function itemSentence(e, where) {
  const what = ITEM_WORDS[e.category];
  const item = e.itemName ? [`${what} `, name(e.itemName)] : [what];
  const verbs = { add: 'added', edit: 'edited', delete: 'deleted', lock: 'locked', unlock: 'unlocked', redeliver: 'redelivered' };
  if (e.category === 'file' && e.operation === 'add') return ['uploaded ', name(e.itemName), ' to ', where];
  if (e.category === 'file' && e.extra && e.extra.version) return ['uploaded a new version of ', name(e.itemName), ' in ', where];
  if (e.category === 'metric' && e.operation === 'delete') return ['removed ', ...item, ' from the report of ', where];
  if (!verbs[e.operation]) return null;
  if (e.operation === 'edit' && (e.changes || []).length) return changedFields(e, name(e.itemName));
  return [`${verbs[e.operation]} `, ...item, e.operation === 'add' ? ' to ' : ' in ', where];
}

/** The parts of the sentence after the person's name; null when the entry is of a kind not known here. */
export function sentenceParts(e) {
  const where = name(e.module ? e.module.name : '');
  const subject = e.subject || '';
  switch (e.category) {
    case 'module': return moduleSentence(e);
    case 'deliverable':
      if (e.extra && typeof e.extra.ticked === 'boolean') return tickSentence(e, where);
      if (e.operation === 'add') {
        const set = (e.changes || []).filter((c) => c.field !== 'status' && c.after);
        const status = (e.changes || []).find((c) => c.field === 'status');
        return ['set the status of ', where, ` to ${shown('status', status ? status.after : 'NOT_STARTED')}`,
          ...(set.length ? [` (${set.map((c) => `${c.label} ${shown(c.kind, c.after)}`).join(', ')})`] : [])];
      }
      return changedFields(e, where);
    case 'custom_value':
      if (e.operation === 'delete') return [`cleared the ${subject} of `, where];
      if (e.operation === 'add') return [`set the ${subject} of `, where, ` to ${shown('text', (e.changes || [])[0] && e.changes[0].after)}`];
      return [`changed the ${subject} of `, where, (e.changes || [])[0] ? fromTo(e.changes[0]) : ''];
    case 'comment':
      return { add: [e.extra && e.extra.reply ? 'replied on ' : 'commented on ', where],
        edit: ['edited a comment on ', where], delete: ['deleted a comment on ', where] }[e.operation] || null;
    case 'membership':
      if (e.extra && e.extra.joined) return ['joined ', where, ' by invitation'];
      return { add: ['added ', name(subject), ' to ', where], edit: ['changed the rights of ', name(subject), ' on ', where],
        delete: ['removed ', name(subject), ' from ', where] }[e.operation] || null;
    case 'invitation':
      return { add: [`invited ${subject} to `, where], edit: [`sent the invitation of ${subject} to `, where, ' again'],
        delete: [`withdrew the invitation of ${subject} to `, where] }[e.operation] || null;
    case 'brand': return ['changed the logo of ', where];
    case 'report': return ['arranged the report panels of ', where];
    default: return ITEM_WORDS[e.category] ? itemSentence(e, where) : null;
  }
}

/** The sentence as plain text (tests, tooltips): 'Marco Rossi changed the status of X from A to B'. */
export function sentenceText(e) {
  const parts = sentenceParts(e);
  if (!parts) return `${e.createdBy || 'Someone'} ${e.description}`;
  return `${e.createdBy || 'Someone'} ${parts.map((p) => (typeof p === 'string' ? p : p.name)).join('')}`;
}

const BURST_MS = 10 * 60 * 1000;

/** What an entry changes: the same person on the same item within minutes makes one burst. */
const target = (e) => `${e.createdById}|${e.category}|${e.itemId ?? (e.module && e.module.id)}`;

/**
 * Entries (newest first) grouped into bursts: consecutive entries by the same person on the same item within ten
 * minutes of each other. -> [{key, entries: [newest, ...]}]
 */
export function bursts(entries) {
  const out = [];
  (entries || []).forEach((e) => {
    const last = out[out.length - 1];
    const prev = last && last.entries[last.entries.length - 1];
    if (prev && target(prev) === target(e) && e.operation === 'edit' && prev.operation === 'edit'
      && Math.abs(new Date(prev.created) - new Date(e.created)) <= BURST_MS) last.entries.push(e);
    else out.push({ key: e.id, entries: [e] });
  });
  return out;
}

const TABS = {
  article: 'knowledge', file: 'files', reference: 'references', comment: 'comments', membership: 'editors',
  invitation: 'editors', metric: 'metric', report: 'metric', custom_field: 'metric',
};

/** Where an entry's item lives, under the layout's `home` ('/portal/4'); a deleted item's module page. */
export function itemHref(e, home) {
  if (!home || !e.module) return null;
  const page = `${home}/module/${e.module.id}`;
  if (e.operation === 'delete') return page;
  if (e.category === 'article' && e.itemId) return `${page}/knowledge/reader/${e.itemId}`;
  if (e.category === 'module' && e.itemId && String(e.itemId) !== String(e.module.id)) return `${home}/module/${e.itemId}`;
  return TABS[e.category] ? `${page}/${TABS[e.category]}` : page;
}
