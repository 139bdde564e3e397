/**
 * A feed entry as a sentence a person reads (issue 15): who did what to which item, with human labels and only
 * the fields that changed, each value formatted as the screens show it ('Marco changed the status of Tender
 * documents from In progress to Blocked'). An entry the sentences do not know reads as its recorded description.
 *
 * The API gives each entry {createdBy, operation, category, description, module: {id, name}, itemName, subject,
 * changes: [{field, label, kind, before, after}], extra}. Each sentence is one message of the catalog (issue 43:
 * word order is the language's), formatted into a list of parts: strings, {who: text} for the person and
 * {name: text} for an item's name (both shown in bold). Labels, names and values come from the server as they are.
 */
import { formatDate } from '../../lib/dates.js';
import { formatNumber, intlLocale, t } from '../../lib/i18n.js';

const name = (text) => ({ name: String(text ?? '') });

/** A formatted message (a string, or parts with nested parts where a value was itself a message) as flat parts. */
const flat = (message) => [message].flat(Infinity);

/** A status by its label; an empty or unknown one (left by unticking a box that had none before) as 'no status'. */
function statusLabel(value) {
  switch (value && typeof value === 'object' ? value.name : value) {
    case 'NOT_STARTED': return t('common.statusNotStarted');
    case 'IN_PROGRESS': return t('common.statusInProgress');
    case 'BLOCKED': return t('common.statusBlocked');
    case 'COMPLETED': return t('common.statusCompleted');
    case 'VERIFIED_COMPLETE': return t('common.statusVerifiedComplete');
    default: return t('common.noStatus');
  }
}

/** Whether a value reads as 'none' (a status left empty reads as 'no status'). */
const isNone = (kind, value) => value === null || value === undefined || (value === '' && kind !== 'status');

/** A value as the screens show it: a status by its label, a date as the dates' helper writes it, nothing as 'none'. */
export function shown(kind, value) {
  if (isNone(kind, value)) return t('feed.none');
  if (kind === 'status') return statusLabel(value);
  if (kind === 'date') return formatDate(value) || String(value);
  return String(value);
}

/** 'status', 'status and deadline', 'status, owner and deadline' (in the language's way). */
export function listOf(words) {
  return new Intl.ListFormat(intlLocale(), { style: 'long', type: 'conjunction' }).format(words.map(String));
}

/** 'deadline from A to B' of one change; for a value set where there was none, 'deadline to B'. */
function change(c) {
  const after = shown(c.kind, c.after);
  if (isNone(c.kind, c.before)) return t('feed.changeTo', { field: c.label, after });
  return t('feed.changeFromTo', { field: c.label, before: shown(c.kind, c.before), after });
}

/** 'changed the {field} of X from A to B' of one change (`field`: the change's label unless told). */
function changedOne(who, c, item, field = c.label) {
  const after = shown(c.kind, c.after);
  if (isNone(c.kind, c.before)) return t('feed.changedTo', { who, field, item, after });
  return t('feed.changedFromTo', { who, field, item, before: shown(c.kind, c.before), after });
}

/**
 * A status change the checklist box made (the box and the status are one meaning of done, issue 40):
 * 'ticked X as done (status from In Progress to Completed)', 'unticked X (status from Completed to In Progress)'.
 */
function tickSentence(who, e, item) {
  const status = (e.changes || []).find((c) => c.field === 'status');
  if (!status) return e.extra.ticked ? t('feed.ticked', { who, item }) : t('feed.unticked', { who, item });
  const after = shown('status', status.after);
  const how = isNone('status', status.before) ? t('feed.statusTo', { after })
    : t('feed.statusFromTo', { before: shown('status', status.before), after });
  return e.extra.ticked ? t('feed.tickedWith', { who, item, change: how }) : t('feed.untickedWith', { who, item, change: how });
}

/** 'changed the status of X from A to B' / 'changed the status and deadline of X (status from ..., deadline ...)' */
function changedFields(who, e, item) {
  const changes = e.changes || [];
  if (!changes.length) return t('feed.edited', { who, item });
  if (changes.length === 1) return changedOne(who, changes[0], item);
  return t('feed.changedMany', { who, item, fields: listOf(changes.map((c) => c.label)), changes: changes.map(change).join('; ') });
}

/** 'set the status of X to Not Started (deadline 31st Mar 2027)': a deliverable's first values. */
function deliverableSet(who, e, item) {
  const set = (e.changes || []).filter((c) => c.field !== 'status' && c.after);
  const first = (e.changes || []).find((c) => c.field === 'status');
  const status = shown('status', first ? first.after : 'NOT_STARTED');
  if (!set.length) return t('feed.statusSet', { who, item, status });
  const values = set.map((c) => t('feed.fieldValue', { field: c.label, value: shown(c.kind, c.after) })).join(', ');
  return t('feed.statusSetWith', { who, item, status, values });
}

/** The words of an item of a category: 'the article Guide' ('the article' when it has no name). */
const ITEM_WORDS = {
  article: (item) => (item ? t('feed.theArticleNamed', { item }) : t('feed.theArticle')),
  file: (item) => (item ? t('feed.theFileNamed', { item }) : t('feed.theFile')),
  reference: (item) => (item ? t('feed.theReferenceNamed', { item }) : t('feed.theReference')),
  template: (item) => (item ? t('feed.theTemplateNamed', { item }) : t('feed.theTemplate')),
  custom_field: (item) => (item ? t('feed.theFieldNamed', { item }) : t('feed.theField')),
  metric: (item) => (item ? t('feed.theMetricNamed', { item }) : t('feed.theMetric')),
  webhook: (item) => (item ? t('feed.aWebhookNamed', { item }) : t('feed.aWebhook')),
};

function moduleSentence(who, e) {
  const item = name(e.itemName || (e.module && e.module.name));
  const extra = e.extra || {};
  switch (e.operation) {
    case 'add': return t('feed.created', { who, item });
    case 'edit':
      if ((e.changes || []).length === 1 && e.changes[0].field === 'name') {
        return t('feed.renamed', { who, before: name(e.changes[0].before), after: name(e.changes[0].after) });
      }
      return changedFields(who, e, item);
    case 'delete':
      return extra.descendants ? t('feed.deletedWithBelow', { who, item, count: Number(extra.descendants) }) : t('feed.deleted', { who, item });
    case 'move': return extra.position ? t('feed.movedTo', { who, item, position: formatNumber(extra.position) }) : t('feed.moved', { who, item });
    case 'clone': return extra.as ? t('feed.clonedAs', { who, item, copy: name(extra.as) }) : t('feed.cloned', { who, item });
    case 'lock': return t('feed.locked', { who, item });
    case 'unlock': return t('feed.unlocked', { who, item });
    default: return null;
  }
}

/** An item of a module (article, file, reference, template, field, metric, webhook): added to it, edited in it... */
function itemSentence(who, e, where) {
  const what = ITEM_WORDS[e.category](e.itemName ? name(e.itemName) : null);
  const values = { who, what, where };
  if (e.category === 'file' && e.operation === 'add') return t('feed.fileUploaded', { who, item: name(e.itemName), where });
  if (e.category === 'file' && e.extra && e.extra.version) return t('feed.fileVersionUploaded', { who, item: name(e.itemName), where });
  if (e.category === 'metric' && e.operation === 'delete') return t('feed.metricRemoved', values);
  switch (e.operation) {
    case 'add': return t('feed.itemAdded', values);
    case 'edit': return (e.changes || []).length ? changedFields(who, e, name(e.itemName)) : t('feed.itemEdited', values);
    case 'delete': return t('feed.itemDeleted', values);
    case 'lock': return t('feed.itemLocked', values);
    case 'unlock': return t('feed.itemUnlocked', values);
    case 'redeliver': return t('feed.itemRedelivered', values);
    default: return null;
  }
}

/** A custom value of a module: set, changed or cleared (`field`: the field's label). */
function valueSentence(who, e, item) {
  const field = e.subject || '';
  const [first] = e.changes || [];
  if (e.operation === 'delete') return t('feed.valueCleared', { who, field, item });
  if (e.operation === 'add') return t('feed.valueSet', { who, field, item, value: shown('text', first && first.after) });
  return first ? changedOne(who, first, item, field) : t('feed.valueChanged', { who, field, item });
}

function commentSentence(who, e, where) {
  switch (e.operation) {
    case 'add': return e.extra && e.extra.reply ? t('feed.replied', { who, where }) : t('feed.commented', { who, where });
    case 'edit': return t('feed.commentEdited', { who, where });
    case 'delete': return t('feed.commentDeleted', { who, where });
    default: return null;
  }
}

function membershipSentence(who, e, where) {
  const person = name(e.subject || '');
  if (e.extra && e.extra.joined) return t('feed.joined', { who, where });
  switch (e.operation) {
    case 'add': return t('feed.memberAdded', { who, person, where });
    case 'edit': return t('feed.rightsChanged', { who, person, where });
    case 'delete': return t('feed.memberRemoved', { who, person, where });
    default: return null;
  }
}

function invitationSentence(who, e, where) {
  const email = e.subject || '';
  switch (e.operation) {
    case 'add': return t('feed.invited', { who, email, where });
    case 'edit': return t('feed.invitationResent', { who, email, where });
    case 'delete': return t('feed.invitationWithdrawn', { who, email, where });
    default: return null;
  }
}

/** The sentence of an entry of a kind known here (a message, maybe of parts); null otherwise. */
function sentenceOf(who, e) {
  const where = name(e.module ? e.module.name : '');
  switch (e.category) {
    case 'module': return moduleSentence(who, e);
    case 'deliverable':
      if (e.extra && typeof e.extra.ticked === 'boolean') return tickSentence(who, e, where);
      return e.operation === 'add' ? deliverableSet(who, e, where) : changedFields(who, e, where);
    case 'custom_value': return valueSentence(who, e, where);
    case 'comment': return commentSentence(who, e, where);
    case 'membership': return membershipSentence(who, e, where);
    case 'invitation': return invitationSentence(who, e, where);
    case 'brand': return t('feed.logoChanged', { who, where });
    case 'report': return t('feed.panelsArranged', { who, where });
    default: return ITEM_WORDS[e.category] ? itemSentence(who, e, where) : null;
  }
}

/**
 * The sentence of an entry as parts, the person's name ({who}) among them; an entry of a kind not known here
 * reads as the person and its recorded description.
 */
export function sentenceParts(e) {
  const who = { who: e.createdBy || t('feed.someone') };
  const sentence = sentenceOf(who, e);
  return flat(sentence === null ? t('feed.recorded', { who, description: e.description || '' }) : sentence);
}

/** The sentence as plain text (tests, tooltips): 'Marco Rossi changed the status of X from A to B'. */
export function sentenceText(e) {
  return sentenceParts(e).map((p) => (typeof p === 'string' ? p : p.who ?? p.name)).join('');
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
