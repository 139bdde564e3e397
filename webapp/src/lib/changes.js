/**
 * The module tree changed (a module created, cloned, renamed, moved or deleted): whatever shows the tree beside the
 * page (the portal's side menu and page, the Work tree) reads it again, without a reload and without the feature
 * that made the change knowing who shows it.
 */
const listeners = new Set();

/** Listen; returns the function that stops listening (an effect's cleanup). */
export function onTreeChanged(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** `change`: what changed, when a listener may care ({lost: id}: the reader may no longer view that module). */
export function treeChanged(change) {
  listeners.forEach((fn) => fn(change));
}
