import { describe, expect, test } from 'vitest';
import { cloneFormUrl, templatesUrl } from './api.js';
import { dependencyFields, includedSummary, moduleUrlFor, parseDependencyForms } from './clone.js';

const form = (id, include, extra = {}) => JSON.stringify({
  method: 'PUT', action: '/api/clone-config/manage/5/9', title: `Task ${id}`, entityType: 'module', entityId: id,
  included: include, depth: 2,
  elements: [
    { name: 'include', type: 'hidden', value: include ? '1' : '0' },
    { name: 'entityId', type: 'hidden', value: id },
    { name: 'entityType', type: 'hidden', value: 'module' },
    { name: 'id', type: 'hidden', value: 9 },
    { name: '_token', type: 'hidden', value: 'tok' },
  ],
  ...extra,
});

describe('clone helpers', () => {
  test('urls', () => {
    expect(cloneFormUrl(5)).toBe('/api/clone/module/5');
    expect(cloneFormUrl(5, 9)).toBe('/api/clone/module/5?template=9');
    expect(templatesUrl(5)).toBe('/api/clone-config/list/5');
    expect(templatesUrl(5, true)).toBe('/api/clone-config/list/5?scope=subtree');
  });

  test('manage forms come as JSON strings and read their entity and state', () => {
    const forms = parseDependencyForms({ forms: [form(11, true), form(12, false)] });
    expect(forms.map((f) => [f.entityType, f.entityId, f.included, f.title])).toEqual([
      ['module', 11, true, 'Task 11'], ['module', 12, false, 'Task 12']]);
    expect(includedSummary(forms)).toBe('Included 1 of 2');
    // without the convenience keys, the elements tell
    const bare = parseDependencyForms({ forms: [{ ...JSON.parse(form(13, false)), included: undefined, entityId: undefined }] });
    expect(bare[0].included).toBe(false);
    expect(bare[0].entityId).toBe(13);
  });

  test('a dependency posts every element with include flipped and _method', () => {
    const [f] = parseDependencyForms({ forms: [form(11, true)] });
    expect(dependencyFields(f, false)).toEqual({
      include: '0', entityId: '11', entityType: 'module', id: '9', _token: 'tok', _method: 'PUT' });
    expect(dependencyFields(f, true).include).toBe('1');
  });

  test('the copy opens where the app shows it', () => {
    expect(moduleUrlFor('/portal/3/projects/7/clone', { id: 20, level: 2, type: '4rineu_project' })).toBe('/portal/3/projects/20');
    expect(moduleUrlFor('/peb/4/module/8/clone', { id: 21, level: 3, type: '4rineu_task' })).toBe('/peb/4/module/21');
    expect(moduleUrlFor('/portal/3/settings', { id: 22, level: 1, type: '4rineu_portal' })).toBe('/portal/22');
  });
});
