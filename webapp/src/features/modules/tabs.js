import { tabPath } from '../../lib/format.js';
import { t } from '../../lib/i18n.js';

/**
 * The fixed tabs after the child-type tabs (spec §2 Project and task tabs), labelled in the current language; a tab
 * with a `link` shows only where the module's links offer it.
 */
export function fixedTabs() {
  return [
    { tab: 'knowledge', label: t('modules.tabKnowledge') },
    { tab: 'files', label: t('modules.tabFiles') },
    { tab: 'references', label: t('modules.tabReferences') },
    { tab: 'comments', label: t('modules.tabComments') },
    { tab: 'metric', label: t('modules.tabMetric') },
    { tab: 'feed', label: t('modules.tabFeed') },
    { tab: 'gantt-chart', label: t('modules.tabGanttChart') },
    // issue 45: only where the module offers its `time` link (the reader may view the time logged on it)
    { tab: 'time', label: t('time.tab'), link: 'time' },
    // issue 45: a project's person-months, planned against actual, where it offers the report
    { tab: 'effort', label: t('modules.tabEffort'), link: 'effort_report' },
    { tab: 'editors', label: t('modules.tabEditors') },
    { tab: 'clone', label: t('modules.clone') },
  ];
}

/** One tab per child type (path = lowercased plural label, spaces to hyphens), then the fixed tabs its links allow. */
export function moduleTabs(module) {
  const childTabs = (module.childTypes || []).map((ct) => ({
    tab: ct.tab || tabPath(ct.labelPlural || ct.label),
    label: ct.labelPlural || ct.label,
    childType: ct,
  }));
  const links = module.links || {};
  return [...childTabs, ...fixedTabs().filter((d) => !d.link || links[d.link])];
}

/** The tab a child of this type lives under: the parent's tab for its type, else the row's own `tab`. */
export function tabOfChild(module, child) {
  const ct = (module.childTypes || []).find((c) => c.type === child.type);
  if (ct) return ct.tab || tabPath(ct.labelPlural);
  return child.tab || tabPath(child.labelPlural || `${child.typeLabel}s`);
}

/** Whether a module (module/view's item) or a list row is ticked as done. */
export { isCompleted } from '../../lib/checklist.js';
