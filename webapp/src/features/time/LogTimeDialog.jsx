import FormDialog from '../../components/FormDialog.jsx';
import { t } from '../../lib/i18n.js';
import { timeChanged } from './api.js';
import { formatDuration } from './duration.js';

/** 'Logged 1:30 on WP1' for a saved entry ({minutes, moduleName}); the dialog's own text when the answer lacks them. */
export function loggedText(entry, fallbackName = '') {
  if (!entry || !Number.isFinite(Number(entry.minutes))) return null;
  return t('time.loggedOn', { duration: formatDuration(entry.minutes), name: entry.moduleName || fallbackName });
}

/**
 * Log time on a module: the server's add form (`link`: the module's `add_time`: day, duration, activity, note, and
 * for portal admins the person) in a FormDialog with 'Create another'. A save says 'Logged 1:30 on WP1', tells the
 * Time tab to read its list again (timeChanged) and calls `onLogged(entry)`.
 */
export default function LogTimeDialog({ link, moduleName = '', onClose, onLogged }) {
  return (
    <FormDialog title={t('time.logTimeTitle')} url={link.url} testId="log-time-form" another submitLabel={t('time.log')}
      successText={(item) => loggedText(item, moduleName)} onClose={onClose}
      onSuccess={(item) => { timeChanged(item); if (onLogged) onLogged(item); }} />
  );
}

/** Edit one entry: the server's edit form (the entry's `edit` link); a save tells the Time tab and `onSaved(entry)`. */
export function EditTimeDialog({ entry, onClose, onSaved }) {
  return (
    <FormDialog title={t('time.editTimeTitle')} url={entry.links.edit.url} testId="edit-time-form" onClose={onClose}
      onSuccess={(item) => { timeChanged(item); if (onSaved) onSaved(item); }} />
  );
}
