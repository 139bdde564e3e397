import { moduleTabs } from '../../features/modules/tabs.js';

// The tabs whose sub-paths are not children: the knowledge library routes its articles itself (ModuleTabs).
const NOT_A_CHILD = new Set(['knowledge']);

/**
 * The children open below a page, from the path under it: the pairs of tab and child id, top down (a child's child
 * opened in the side peek is a longer path, the URL keeps the `{tab}/{childId}` scheme), and the path that follows
 * the deepest (its own tab, an article of its library...).
 */
export function openChildren(path) {
  const parts = (path || '').split('/').filter(Boolean);
  const chain = [];
  let i = 0;
  while (i + 1 < parts.length && !NOT_A_CHILD.has(parts[i]) && /^\d+$/.test(parts[i + 1])) {
    chain.push({ tab: parts[i], id: parts[i + 1] });
    i += 2;
  }
  return { chain, rest: parts.slice(i).join('/') };
}

/** The children of `parent` listed under `tab`, in the list's order (ChildList: the parent's order, of that type). */
export function siblingsIn(parent, tab) {
  const def = moduleTabs(parent).find((t) => t.tab === tab);
  const all = parent.children || [];
  return def && def.childType ? all.filter((c) => c.type === def.childType.type) : all;
}

/** The sibling `step` places from `id` (+1 the next, -1 the previous) in `siblings`, or null at either end. */
export function siblingAt(siblings, id, step) {
  const i = siblings.findIndex((c) => String(c.id) === String(id));
  return i < 0 ? null : siblings[i + step] || null;
}

const PORTAL_PATH = /^\/(portal|peb|calibr)\/(\d+)/;

/**
 * Where an ancestor of an open child is shown: the page or panel it is open in (`trail`: id → URL, top down), else
 * its portal's home or its own module page in that portal (`pathname`: the portal on screen); null outside one.
 */
export function ancestorUrl(ancestor, trail, pathname) {
  if (trail && trail[ancestor.id]) return trail[ancestor.id];
  const m = PORTAL_PATH.exec(pathname || '');
  if (!m) return null;
  const home = `/${m[1]}/${m[2]}`;
  return ancestor.type && ancestor.type.endsWith('_portal') ? home : `${home}/module/${ancestor.id}`;
}
