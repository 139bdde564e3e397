import { useState } from 'react';
import { t } from '../../lib/i18n.js';
import { toggleChecklist } from './api.js';
import { checklistOf } from './checklist.js';

/**
 * A task's checkbox (spec §2 Checklist) for a full module or a list row: a spinner while changing;
 * read-only without a toggle link.
 */
export default function ChecklistBox({ module, onChanged }) {
  const [busy, setBusy] = useState(false);
  // What the server answered to our toggle, shown until the parent brings the module again.
  const [answered, setAnswered] = useState({ module, state: null });
  const state = (answered.module === module && answered.state) || checklistOf(module);
  if (!state) return null;
  const click = async () => {
    if (busy || !state.toggle) return;
    setBusy(true);
    try {
      const field = await toggleChecklist(state);
      const next = field && field.attribute === 'checklist_status' ? checklistOf({ customFields: [field] }) : null;
      setAnswered({ module, state: next || { ...state, completed: !state.completed } });
      if (onChanged) onChanged();
    } catch {
      /* checklist failures are silent (spec §8) */
    } finally {
      setBusy(false);
    }
  };
  if (busy) return <span className="checkbox checkbox--busy" aria-label={t('checklist.saving')} data-testid="checklist-spinner" />;
  return (
    <input type="checkbox" className="checkbox" checked={state.completed} disabled={!state.toggle} onChange={click}
      aria-label={state.completed ? t('checklist.completed') : t('checklist.notCompleted')} data-testid="checklist" />
  );
}
