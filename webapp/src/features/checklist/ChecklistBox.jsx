import { useState } from 'react';
import { checklistField, isDone, toggleChecklist, toggleLink } from './checklist.js';

/** A task's checkbox (spec §2 Checklist): a spinner while changing; read-only without a link. */
export default function ChecklistBox({ module, onChanged }) {
  const field = checklistField(module);
  const [busy, setBusy] = useState(false);
  const [override, setOverride] = useState(null);
  if (!field) return null;
  const done = override ? override.done : isDone(field);
  const link = toggleLink(override ? override.field : field);
  const click = async () => {
    if (busy || !link) return;
    setBusy(true);
    try {
      const item = await toggleChecklist(override ? override.field : field);
      const next = item && item.attribute === 'checklist_status' ? item : null;
      setOverride({ field: next || field, done: next ? isDone(next) : !done });
      if (onChanged) onChanged();
    } catch (e) {
      /* checklist failures are silent (spec §8) */
    } finally {
      setBusy(false);
    }
  };
  if (busy) return <span className="checkbox checkbox--busy" aria-label="Saving" data-testid="checklist-spinner" />;
  return (
    <input type="checkbox" className="checkbox" checked={done} disabled={!link} onChange={click}
      aria-label={done ? 'Completed' : 'Not completed'} data-testid="checklist" />
  );
}
