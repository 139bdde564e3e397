import { describe, expect, test } from 'vitest';
import { buildFormData } from '../../lib/serverForm.js';
import { memberBadge, memberEditForm, yesNo } from './members.js';

describe('member badges (spec §6)', () => {
  test.each([
    [{ admin: true, inherited: false, allowView: true, allowEdit: true }, 'Super Admin'],
    [{ admin: true, inherited: true, allowView: true, allowEdit: true }, 'Admin'],
    [{ admin: false, allowView: true, allowEdit: true }, 'Editor'],
    [{ admin: false, inherited: true, allowView: true, allowEdit: true, allowDelete: true }, 'Editor'],
    [{ admin: false, allowView: true, allowEdit: false, allowCreate: true }, 'Viewer'],
    [{ admin: false, allowView: false }, ''],
  ])('%o -> %s', (m, badge) => expect(memberBadge(m)).toBe(badge));

  test('YES/NO', () => {
    expect(yesNo(true)).toBe('YES');
    expect(yesNo(false)).toBe('NO');
  });
});

describe('member edit form', () => {
  const el = (name, type, value, options = []) => ({ name, label: name, type, value, required: false, disabled: false, help: '', placeholder: '', options });
  const yn = (v) => [{ value: '1', label: 'Yes', selected: v === '1' }, { value: '0', label: 'No', selected: v === '0' }];
  const FORM = {
    method: 'PUT',
    action: '/api/membership/edit/5/9',
    elements: [el('role', 'text', 'Observer'), el('admin', 'select', '0', yn('0')), el('allowCreate', 'select', '0', yn('0')),
      el('allowView', 'select', '0', yn('0')), el('allowEdit', 'select', '1', yn('1')), el('allowDelete', 'select', '0', yn('0')),
      el('_token', 'hidden', 'tok')],
  };

  test('always sends allowView on and role User, keeps the other flags and the token', () => {
    const form = memberEditForm(FORM);
    expect(form.elements.find((e) => e.name === 'role')).toMatchObject({ type: 'hidden', value: 'User' });
    expect(form.elements.find((e) => e.name === 'allowView')).toMatchObject({ type: 'hidden', value: '1' });
    expect(form.elements.find((e) => e.name === 'allowEdit').type).toBe('select');
    const values = Object.fromEntries(form.elements.map((e) => [e.name, e.type === 'select' ? e.options.find((o) => o.selected).value : e.value]));
    const fd = buildFormData(form, values);
    expect(fd.get('role')).toBe('User');
    expect(fd.get('allowView')).toBe('1');
    expect(fd.get('allowEdit')).toBe('1');
    expect(fd.get('_token')).toBe('tok');
    expect(fd.get('_method')).toBe('PUT');
    expect(FORM.elements[0].value).toBe('Observer'); // the server's form is left alone
  });
});
