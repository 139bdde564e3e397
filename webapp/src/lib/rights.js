/** The four rights of spec §6 as a member popover and the members table show them. */
import { t } from './i18n.js';

export const yesNo = (v) => (v ? t('components.rightYes') : t('components.rightNo'));

/** The rights a popover lists, in order: [code (stable, for test ids), the member's field]. */
export const RIGHTS = [['CREATE', 'allowCreate'], ['VIEW', 'allowView'], ['EDIT', 'allowEdit'], ['DELETE', 'allowDelete']];

/** A right's name as shown ('CREATE'), in the reader's language. */
export function rightLabel(code) {
  switch (code) {
    case 'CREATE': return t('components.rightCreate');
    case 'VIEW': return t('components.rightView');
    case 'EDIT': return t('components.rightEdit');
    default: return t('components.rightDelete');
  }
}
