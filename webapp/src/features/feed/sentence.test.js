import { describe, expect, test } from 'vitest';
import { bursts, itemHref, listOf, sentenceText, shown } from './sentence.js';

const e = (category, operation, more = {}) => ({
  id: 1, createdBy: 'Marco Rossi', createdById: 3, category, operation, description: 'recorded text',
  module: { id: 9, name: 'Tender documents' }, created: '2026-11-25T10:00:00+00:00', ...more,
});
const change = (field, label, kind, before, after) => ({ field, label, kind, before, after });

describe('feed sentences: every operation of every category', () => {
  test.each([
    [e('deliverable', 'edit', { changes: [change('status', 'status', 'status', 'IN_PROGRESS', 'BLOCKED')] }),
      'Marco Rossi changed the status of Tender documents from In Progress to Blocked'],
    [e('deliverable', 'edit', { changes: [change('status', 'status', 'status', 'IN_PROGRESS', 'COMPLETED'),
      change('deadline', 'deadline', 'date', '2026-03-01', '2026-03-15')] }),
    'Marco Rossi changed the status and deadline of Tender documents (status from In Progress to Completed; deadline from 1st Mar 2026 to 15th Mar 2026)'],
    [e('deliverable', 'edit', { changes: [change('ownerId', 'owner', 'user', null, 'Elena Novak')] }),
      'Marco Rossi changed the owner of Tender documents to Elena Novak'],
    [e('deliverable', 'add', { changes: [change('status', 'status', 'status', null, 'NOT_STARTED'), change('deadline', 'deadline', 'date', null, '2027-03-31')] }),
      'Marco Rossi set the status of Tender documents to Not Started (deadline 31st Mar 2027)'],
    // A status change the checklist box made says so (issue 40: the box and the status are one meaning of done).
    [e('deliverable', 'edit', { extra: { ticked: true }, changes: [change('status', 'status', 'status', 'IN_PROGRESS', 'COMPLETED')] }),
      'Marco Rossi ticked Tender documents as done (status from In Progress to Completed)'],
    [e('deliverable', 'edit', { extra: { ticked: false }, changes: [change('status', 'status', 'status', 'COMPLETED', 'BLOCKED')] }),
      'Marco Rossi unticked Tender documents (status from Completed to Blocked)'],
    [e('deliverable', 'add', { extra: { ticked: true }, changes: [change('status', 'status', 'status', null, 'COMPLETED')] }),
      'Marco Rossi ticked Tender documents as done (status to Completed)'],
    [e('deliverable', 'edit', { extra: { ticked: false }, changes: [change('status', 'status', 'status', 'COMPLETED', '')] }),
      'Marco Rossi unticked Tender documents (status from Completed to no status)'],
    [e('module', 'add', { itemName: 'Tender documents' }), 'Marco Rossi created Tender documents'],
    [e('module', 'edit', { changes: [change('name', 'name', 'text', 'Tender', 'Tender documents')] }), 'Marco Rossi renamed Tender to Tender documents'],
    [e('module', 'edit', { changes: [change('description', 'description', 'text', 'a', 'b')] }),
      'Marco Rossi changed the description of Tender documents from a to b'],
    [e('module', 'delete', { itemName: 'Old phase', extra: { descendants: 4 } }), 'Marco Rossi deleted Old phase and the 4 modules below it'],
    [e('module', 'move', { itemName: 'Survey', extra: { position: 2 } }), 'Marco Rossi moved Survey to position 2'],
    [e('module', 'clone', { itemName: 'Lisbon', extra: { as: 'Lisbon v2' } }), 'Marco Rossi cloned Lisbon as Lisbon v2'],
    [e('module', 'lock'), 'Marco Rossi locked Tender documents'],
    [e('module', 'unlock'), 'Marco Rossi unlocked Tender documents'],
    [e('article', 'add', { itemName: 'Guide' }), 'Marco Rossi added the article Guide to Tender documents'],
    [e('article', 'edit', { itemName: 'Guide' }), 'Marco Rossi edited the article Guide in Tender documents'],
    [e('article', 'delete', { itemName: 'Guide' }), 'Marco Rossi deleted the article Guide in Tender documents'],
    [e('file', 'add', { itemName: 'plan.pdf' }), 'Marco Rossi uploaded plan.pdf to Tender documents'],
    [e('file', 'edit', { itemName: 'plan.pdf', extra: { version: true } }), 'Marco Rossi uploaded a new version of plan.pdf in Tender documents'],
    [e('file', 'edit', { itemName: 'Plan', changes: [change('title', 'title', 'text', 'plan', 'Plan')] }), 'Marco Rossi changed the title of Plan from plan to Plan'],
    [e('file', 'delete', { itemName: 'plan.pdf' }), 'Marco Rossi deleted the file plan.pdf in Tender documents'],
    [e('file', 'lock', { itemName: 'plan.pdf' }), 'Marco Rossi locked the file plan.pdf in Tender documents'],
    [e('file', 'unlock', { itemName: 'plan.pdf' }), 'Marco Rossi unlocked the file plan.pdf in Tender documents'],
    [e('reference', 'add', { itemName: 'EPBD' }), 'Marco Rossi added the reference EPBD to Tender documents'],
    [e('reference', 'lock', { itemName: 'EPBD' }), 'Marco Rossi locked the reference EPBD in Tender documents'],
    [e('comment', 'add'), 'Marco Rossi commented on Tender documents'],
    [e('comment', 'add', { extra: { reply: true } }), 'Marco Rossi replied on Tender documents'],
    [e('comment', 'edit'), 'Marco Rossi edited a comment on Tender documents'],
    [e('comment', 'delete'), 'Marco Rossi deleted a comment on Tender documents'],
    [e('custom_value', 'add', { subject: 'Budget', changes: [change('value', 'Budget', 'text', null, '€100,000')] }), 'Marco Rossi set the Budget of Tender documents to €100,000'],
    [e('custom_value', 'edit', { subject: 'Budget', changes: [change('value', 'Budget', 'text', '€1', '€2')] }), 'Marco Rossi changed the Budget of Tender documents from €1 to €2'],
    [e('custom_value', 'delete', { subject: 'Budget' }), 'Marco Rossi cleared the Budget of Tender documents'],
    [e('membership', 'add', { subject: 'Elena Novak' }), 'Marco Rossi added Elena Novak to Tender documents'],
    [e('membership', 'edit', { subject: 'Elena Novak' }), 'Marco Rossi changed the rights of Elena Novak on Tender documents'],
    [e('membership', 'delete', { subject: 'Elena Novak' }), 'Marco Rossi removed Elena Novak from Tender documents'],
    [e('membership', 'add', { extra: { joined: true } }), 'Marco Rossi joined Tender documents by invitation'],
    [e('invitation', 'add', { subject: 'a@b.eu' }), 'Marco Rossi invited a@b.eu to Tender documents'],
    [e('invitation', 'edit', { subject: 'a@b.eu' }), 'Marco Rossi sent the invitation of a@b.eu to Tender documents again'],
    [e('invitation', 'delete', { subject: 'a@b.eu' }), 'Marco Rossi withdrew the invitation of a@b.eu to Tender documents'],
    [e('custom_field', 'add', { itemName: 'Risk' }), 'Marco Rossi added the field Risk to Tender documents'],
    [e('metric', 'add', { itemName: 'Budgets' }), 'Marco Rossi added the metric Budgets to Tender documents'],
    [e('metric', 'delete', { itemName: 'Budgets' }), 'Marco Rossi removed the metric Budgets from the report of Tender documents'],
    [e('report', 'edit'), 'Marco Rossi arranged the report panels of Tender documents'],
    [e('template', 'add', { itemName: 'Case' }), 'Marco Rossi added the template Case to Tender documents'],
    [e('brand', 'edit'), 'Marco Rossi changed the logo of Tender documents'],
    [e('webhook', 'add'), 'Marco Rossi added a webhook to Tender documents'],
    [e('unknown', 'add'), 'Marco Rossi recorded text'],
  ])('%#: %s', (entry, text) => expect(sentenceText(entry)).toBe(text));
});

describe('feed helpers', () => {
  test('values as the screens show them', () => {
    expect(shown('status', 'VERIFIED_COMPLETE')).toBe('Verified Complete');
    expect(shown('date', '2026-11-02')).toBe('2nd Nov 2026');
    expect(shown('text', '')).toBe('none');
    expect(shown('status', '')).toBe('no status');
    expect(shown('status', null)).toBe('none');
    expect(listOf(['status', 'owner', 'deadline'])).toBe('status, owner and deadline');
  });

  test('bursts: the same person editing the same item within minutes', () => {
    const at = (min, more) => e('deliverable', 'edit', { created: `2026-11-25T10:${String(min).padStart(2, '0')}:00+00:00`, itemId: 5, ...more });
    const list = [at(30, { id: 4 }), at(28, { id: 3 }), at(25, { id: 2, createdById: 8 }), at(1, { id: 1, createdById: 8 })];
    expect(bursts(list).map((b) => b.entries.map((x) => x.id))).toEqual([[4, 3], [2], [1]]);
  });

  test('each entry links to where its item lives', () => {
    expect(itemHref(e('article', 'add', { itemId: 7 }), '/portal/4')).toBe('/portal/4/module/9/knowledge/reader/7');
    expect(itemHref(e('file', 'add', { itemId: 7 }), '/portal/4')).toBe('/portal/4/module/9/files');
    expect(itemHref(e('article', 'delete', { itemId: 7 }), '/portal/4')).toBe('/portal/4/module/9');
    expect(itemHref(e('module', 'move', { itemId: 12 }), '/portal/4')).toBe('/portal/4/module/12');
    expect(itemHref(e('deliverable', 'edit'), '/portal/4')).toBe('/portal/4/module/9');
  });
});
