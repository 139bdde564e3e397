import { useState } from 'react';
import FormDialog from '../../components/FormDialog.jsx';
import useMediaQuery from '../../hooks/useMediaQuery.js';
import { formatHours } from '../../lib/format.js';
import { t } from '../../lib/i18n.js';
import DeliverableStrip from './DeliverableStrip.jsx';
import ModuleStatus from './ModuleStatus.jsx';

// Beside the content only where both fit: below 1,280 px, beside the side menu, the content kept ~340 px (tables fell to cards).
export const WIDE = '(min-width: 1280px)';

/**
 * A module's properties (issue 40): status, owner, the four dates and what the page adds below (`children`: the
 * custom fields), each edited in place. Beside the content on a wide screen, open; under the name on a narrow one,
 * collapsed but for the status (two taps to change it anywhere), so that the tabs and their content come first on a
 * phone. `onChanged(deliverable?)` follows a save, with the saved deliverable when the server answered one.
 * `compact`: collapsed as on a phone whatever the width (in the side peek, and on the page beside it).
 */
/** Time spent on the module's subtree against its effort plan (issue 45), where either is there. */
function Spent({ spent }) {
  if (!spent || (!spent.minutes && spent.plannedHours == null)) return null;
  const hours = formatHours(spent.hours);
  return (
    <div className="strip__cell" data-testid="props-spent">
      <div className="strip__label">{t('modules.timeSpent')}</div>
      <div className="strip__value">
        {spent.plannedHours == null ? t('modules.spentHours', { hours })
          : t('modules.spentOfPlanned', { hours, planned: formatHours(spent.plannedHours) })}
      </div>
    </div>
  );
}

export default function PropertiesPanel({ module, onChanged, compact = false, children }) {
  const wide = useMediaQuery(WIDE) && !compact;
  const [open, setOpen] = useState(wide);
  const [adding, setAdding] = useState(false);
  const [wasWide, setWasWide] = useState(wide);
  if (wasWide !== wide) { // crossing the width opens or collapses them as that width wants
    setWasWide(wide);
    setOpen(wide);
  }
  const changed = (deliverable) => { if (onChanged) onChanged(deliverable); };
  const addLink = module.links && module.links.add_deliverable;
  return (
    // named by its module: a child open beside or over the page shows its own (landmarks are told apart by name)
    <aside className="props" aria-label={t('modules.propertiesOf', { name: module.name })} data-testid="properties">
      <div className="strip__cell props__status" data-testid="props-status">
        <div className="strip__label">{t('common.status')}</div>
        <div className="strip__value"><ModuleStatus module={module} onChanged={changed} onAdd={() => setAdding(true)} /></div>
      </div>
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="props__summary" data-testid="props-toggle">{t('modules.properties')}</summary>
        <div className="props__body">
          <DeliverableStrip module={module} onChanged={changed} />
          <Spent spent={module.spent} />
          {children}
        </div>
      </details>
      {adding && addLink && <FormDialog title={t('modules.addStatus')} url={addLink.url} onClose={() => setAdding(false)} onSuccess={() => changed()} />}
    </aside>
  );
}
