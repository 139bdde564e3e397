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

export { RIGHTS, yesNo } from '../../lib/rights.js';
