import StatusMenu from '../../components/inPlace/StatusMenu.jsx';
import StatusBadge from '../../components/StatusBadge.jsx';
import useInPlace from '../../hooks/useInPlace.js';
import { t } from '../../lib/i18n.js';
import { saveField } from '../../lib/inPlace.js';

/**
 * A module's status edited in place (issue 40): the badge opens the five statuses, a pick shows at once and is
 * saved through the deliverable's own edit form with only the status changed. Without a deliverable: 'Add Status'
 * (its form, `onAdd`) when one may be added, else the grey badge.
 */
export default function ModuleStatus({ module, onChanged, onAdd }) {
  const d = module.deliverable;
  const link = d && d.links && d.links.edit;
  const value = d && d.status ? d.status.name : null;
  const edit = useInPlace(value, (next) => saveField(link.url, 'status', next, d.version), { onSaved: (answer) => onChanged(answer && answer.item), onStale: () => onChanged() });
  if (!d) {
    if (!(module.links && module.links.add_deliverable && onAdd)) return <StatusBadge status={null} />;
    return (
      <button type="button" className="btn btn--ghost btn--small" onClick={onAdd} data-testid="add-status">{t('modules.addStatus')}</button>
    );
  }
  return <StatusMenu value={edit.shown} onPick={link ? edit.save : undefined} error={edit.error} busy={edit.busy} />;
}
