import { describe, expect, test } from 'vitest';
import { memberBadge, yesNo } from './members.js';

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
