/**
 * A module's checklist state (spec §2 Checklist) out of either shape the API sends: a full module (module/view's
 * item: its checklist_status custom field with values and links) or a list row (its compact `checklist`).
 * -> {completed, value, options: [{value, label}], toggle: the link whose form flips it, or null} | null
 */
export function checklistOf(module) {
  if (!module) return null;
  if (module.checklist) {
    const c = module.checklist;
    return {
      completed: !!c.completed,
      value: c.value === undefined ? null : c.value,
      options: c.options || [],
      toggle: (c.links && c.links.toggle) || null,
    };
  }
  const field = (module.customFields || []).find((f) => f.attribute === 'checklist_status');
  if (!field) return null;
  const first = field.values && field.values[0];
  const value = first && first.values ? first.values.stringval : null;
  // The toggle edits the first value, or adds one when there is none yet.
  const toggle = first ? (first.links || {}).edit : (field.links || {}).add_checklist_status_value;
  return { completed: value === 'completed', value: value === undefined ? null : value, options: field.options || [], toggle: toggle || null };
}

/** Whether a module or a row is ticked as done (a task row also says so in `completed`). */
export function isCompleted(module) {
  if (!module) return false;
  if (module.completed === true) return true;
  const state = checklistOf(module);
  return !!(state && state.completed);
}
