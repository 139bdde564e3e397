import { describe, expect, test } from 'vitest';
import { checklistOf, isCompleted } from './checklist.js';
import { fillLink } from './links.js';

const options = [{ value: 'not_completed', label: 'Not completed' }, { value: 'completed', label: 'Completed' }];
const add = { url: '/api/custom-field/value/add/6/1', operation: 'POST', label: 'Add value' };
const edit = { url: '/api/custom-field/value/edit/6/18', operation: 'POST', label: 'Edit' };

describe('checklistOf: a full module or a list row', () => {
  test('a full module without a value: the field add link', () => {
    const module = { customFields: [
      { attribute: 'energy_class', values: [] },
      { attribute: 'checklist_status', options, values: [], links: { add_checklist_status_value: add } },
    ] };
    expect(checklistOf(module)).toEqual({ completed: false, value: null, options, toggle: add });
    expect(isCompleted(module)).toBe(false);
  });

  test('a full module ticked: the first value and its edit link', () => {
    const module = { customFields: [{ attribute: 'checklist_status', options, values: [{ values: { stringval: 'completed' }, links: { edit } }], links: {} }] };
    expect(checklistOf(module)).toEqual({ completed: true, value: 'completed', options, toggle: edit });
    expect(isCompleted(module)).toBe(true);
  });

  test('a row: its compact checklist, toggle link or none', () => {
    const row = { id: 6, checklist: { fieldId: 1, valueId: 18, value: 'completed', completed: true, options, links: { toggle: edit } } };
    expect(checklistOf(row)).toEqual({ completed: true, value: 'completed', options, toggle: edit });
    const viewer = { id: 6, checklist: { fieldId: 1, valueId: null, value: null, completed: false, options, links: {} } };
    expect(checklistOf(viewer)).toEqual({ completed: false, value: null, options, toggle: null });
    expect(isCompleted(viewer)).toBe(false);
  });

  test('nothing to tick: no checklist field, no row checklist', () => {
    expect(checklistOf({ customFields: [] })).toBeNull();
    expect(checklistOf({ checklist: null })).toBeNull();
    expect(checklistOf(null)).toBeNull();
    expect(isCompleted({ checklist: null })).toBe(false);
  });

  test('a task row also says completed', () => {
    expect(isCompleted({ completed: true, checklist: null })).toBe(true);
  });
});

describe('fillLink', () => {
  test('fills a templated link, braces plain or encoded', () => {
    expect(fillLink({ url: '/api/module/reindex/12/{previous_id}' }, { previous_id: 7 })).toBe('/api/module/reindex/12/7');
    expect(fillLink({ url: '/api/module/reindex/12/%7Bprevious_id%7D' }, { previous_id: 0 })).toBe('/api/module/reindex/12/0');
    expect(fillLink(null, { previous_id: 0 })).toBeNull();
  });
});
