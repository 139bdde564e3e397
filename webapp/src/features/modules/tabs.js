import { tabPath } from '../../lib/format.js';

/** The fixed tabs after the child-type tabs (spec §2 Project and task tabs). */
export const FIXED_TABS = [
  { tab: 'knowledge', label: 'Knowledge' },
  { tab: 'files', label: 'Files' },
  { tab: 'references', label: 'References' },
  { tab: 'comments', label: 'Comments' },
  { tab: 'metric', label: 'Metric' },
  { tab: 'feed', label: 'Feed' },
  { tab: 'gantt-chart', label: 'Gantt Chart' },
  { tab: 'editors', label: 'Editors' },
  { tab: 'clone', label: 'Clone' },
];

/** One tab per child type (path = lowercased plural label, spaces to hyphens), then the fixed tabs. */
export function moduleTabs(module) {
  const childTabs = (module.childTypes || []).map((ct) => ({
    tab: ct.tab || tabPath(ct.labelPlural || ct.label),
    label: ct.labelPlural || ct.label,
    childType: ct,
  }));
  return [...childTabs, ...FIXED_TABS];
}

/** The tab a child of this type lives under. */
export function tabOfChild(module, child) {
  const ct = (module.childTypes || []).find((c) => c.type === child.type);
  return ct ? ct.tab || tabPath(ct.labelPlural) : tabPath(`${child.typeLabel}s`);
}

/** Whether a module's checklist says it is done (values[0].values.stringval === 'completed'). */
export function isCompleted(module) {
  const f = (module.customFields || []).find((c) => c.attribute === 'checklist_status');
  const v = f && f.values && f.values[0];
  return !!(v && v.values && v.values.stringval === 'completed');
}
