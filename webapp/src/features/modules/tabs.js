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

/** The tab a child of this type lives under: the parent's tab for its type, else the row's own `tab`. */
export function tabOfChild(module, child) {
  const ct = (module.childTypes || []).find((c) => c.type === child.type);
  if (ct) return ct.tab || tabPath(ct.labelPlural);
  return child.tab || tabPath(child.labelPlural || `${child.typeLabel}s`);
}

/** Whether a module (module/view's item) or a list row is ticked as done. */
export { isCompleted } from '../../lib/checklist.js';
