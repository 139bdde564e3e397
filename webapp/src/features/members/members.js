/** Members: the badge rules and the member edit form of spec §6. */

/**
 * 'Super Admin' for an admin on this module (a direct membership with admin), 'Admin' for an admin
 * inherited from an ancestor, 'Editor' when view and edit are allowed, 'Viewer' when only view is.
 */
export function memberBadge(m) {
  if (!m) return '';
  if (m.admin) return m.inherited ? 'Admin' : 'Super Admin';
  if (m.allowView && m.allowEdit) return 'Editor';
  if (m.allowView) return 'Viewer';
  return '';
}

export const yesNo = (v) => (v ? 'YES' : 'NO');

/** The rights a popover lists, in order. */
export const RIGHTS = [['CREATE', 'allowCreate'], ['VIEW', 'allowView'], ['EDIT', 'allowEdit'], ['DELETE', 'allowDelete']];

/**
 * The member edit form as this screen sends it: allowView always on and the role always 'User'
 * (spec §6), so those two become hidden elements with those values; the rest is the server's form.
 */
export function memberEditForm(form) {
  if (!form || !Array.isArray(form.elements)) return form;
  const fix = { role: 'User', allowView: '1' };
  return {
    ...form,
    elements: form.elements.map((el) => {
      const key = Object.keys(fix).find((k) => el.name === k || el.name.endsWith(`[${k}]`));
      if (!key) return el;
      return { ...el, type: 'hidden', value: fix[key], options: [], required: false };
    }),
  };
}
