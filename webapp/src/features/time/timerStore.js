/**
 * The reader's running timer, shared by the top bar's TimerControl and the module page's Start timer: a
 * module-level store (not Redux: nothing else reads it back). `undefined` until read, `null` when none runs.
 * `timerChanged()` (the 'timer-changed' event) asks the top bar to read it from the server again.
 */
import { useSyncExternalStore } from 'react';

let current;
const watchers = new Set();
const readers = new Set();

export const getRunningTimer = () => current;

/** Put the timer the server answered (its item, or null) in the store. */
export function setRunningTimer(item) {
  current = item || null;
  watchers.forEach((fn) => fn());
}

function watch(fn) {
  watchers.add(fn);
  return () => watchers.delete(fn);
}

/** The running timer as a React value (undefined: not read yet; null: none). */
export function useRunningTimer() {
  return useSyncExternalStore(watch, getRunningTimer);
}

/** Listen for 'timer-changed' (read the timer again); returns the function that stops listening. */
export function onTimerChanged(fn) {
  readers.add(fn);
  return () => readers.delete(fn);
}

/** The timer changed somewhere the store did not see (another page, another tab): read it again. */
export function timerChanged() {
  readers.forEach((fn) => fn());
}

/** For tests: forget the timer. */
export function resetTimerStore() {
  current = undefined;
  watchers.forEach((fn) => fn());
}
