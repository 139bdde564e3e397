import { portalHref } from './format.js';

/**
 * Where a task of the task list opens: as an overlay over its real parent's page (spec §2 Project and task tabs),
 * through the routes the portal's pages use (app/portal/PortalRoutes.jsx `projects/:pid/*`, then the module
 * page's `:tab/:childId/*` overlays, one per level: app/module/ModuleView.jsx):
 *   a task under a project          {home}/projects/{project}/tasks/{task}
 *   a task under a phase            {home}/projects/{project}/phases/{phase}/tasks/{task}
 *   a subtask under a task          {home}/projects/{project}[/phases/{phase}]/tasks/{task}/subtasks/{subtask}
 *   a task right below the portal   {home}/module/{portal}/tasks/{task}
 * The row's `ancestors` (entry module down to the parent, each with the tab it lives under in its parent) and
 * its own `tab` give every step; `rootId` is the module whose page the list is on ({home}'s portal).
 */
export function taskHref(task, rootId, home) {
  const trail = task.ancestors || [];
  const at = trail.findIndex((a) => String(a.id) === String(rootId));
  const tab = task.tab || 'tasks';
  if (at < 0) return `${home}/module/${task.id}`;
  const below = trail.slice(at + 1);
  if (!below.length) return `${home}/module/${rootId}/${tab}/${task.id}`;
  const [first, ...rest] = below;
  return [`${home}/projects/${first.id}`, ...rest.map((a) => `${a.tab}/${a.id}`), `${tab}/${task.id}`].join('/');
}

/** The task's parent (the last of its ancestors): {id, name, type, typeLabel, tab}, or null. */
export function parentOf(task) {
  const trail = task.ancestors || [];
  return trail.length ? trail[trail.length - 1] : null;
}

/**
 * A row of any portal: opened from the highest of its ancestors that is one of the reader's portals (`portalIds`),
 * since one who enters by a project has no page of the portal above it; else from its entry module (none: null).
 */
export function workRowHref(row, portalIds) {
  const trail = row.ancestors || [];
  const mine = trail.find((a) => portalIds.has(String(a.id)));
  const rootId = mine ? mine.id : row.entryId || (trail[0] && trail[0].id);
  if (!rootId) return null;
  return taskHref(row, rootId, portalHref({ id: rootId, platform: row.platform }));
}
