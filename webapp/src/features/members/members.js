/** Members: the badge rules and the member edit form of spec §6. */
import { t } from '../../lib/i18n.js';

/**
 * The badge's kind: 'super' for an admin on this module (a direct membership with admin), 'admin' for an admin
 * inherited from an ancestor, 'editor' when view and edit are allowed, 'viewer' when only view is, else ''.
 */
export function memberBadgeKind(m) {
  if (!m) return '';
  if (m.admin) return m.inherited ? 'admin' : 'super';
  if (m.allowView && m.allowEdit) return 'editor';
  if (m.allowView) return 'viewer';
  return '';
}

/** The badge's text: 'Super Admin', 'Admin', 'Editor', 'Viewer' (in the current language), or ''. */
export function memberBadge(m) {
  switch (memberBadgeKind(m)) {
    case 'super': return t('members.badgeSuperAdmin');
    case 'admin': return t('members.badgeAdmin');
    case 'editor': return t('members.badgeEditor');
    case 'viewer': return t('members.badgeViewer');
    default: return '';
  }
}

export { RIGHTS, yesNo } from '../../lib/rights.js';
