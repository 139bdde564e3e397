/**
 * Toasts: short messages that never block (spec §4's 'Data Transfer Successful' after a save, 'File is locked'
 * after a lock). Any code may call `toast(text)`; the Toaster mounted once in the app shows them. A module-level
 * store rather than Redux: a toast is not state any screen reads back.
 */
const SHOW_MS = { success: 4000, error: 8000 };
let items = [];
let nextId = 1;
const listeners = new Set();

function emit() { listeners.forEach((fn) => fn(items)); }

export function dismiss(id) {
  const before = items.length;
  items = items.filter((t) => t.id !== id);
  if (items.length !== before) emit();
}

/** Show `text` ('success' or 'error'); the same text shown twice in a row refreshes the first, not stacks. */
export function toast(text, kind = 'success') {
  if (!text) return null;
  items = items.filter((t) => !(t.text === text && t.kind === kind));
  const id = nextId++;
  items = [...items.slice(-3), { id, text, kind }];
  emit();
  setTimeout(() => dismiss(id), SHOW_MS[kind] || SHOW_MS.success);
  return id;
}

export function subscribe(fn) {
  listeners.add(fn);
  fn(items);
  return () => listeners.delete(fn);
}

/** For tests: forget every toast. */
export function clearToasts() { items = []; emit(); }
