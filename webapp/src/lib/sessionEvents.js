/** The signed-in session ending under the app's feet (a call answered 401): the store listens and signs out. */
let onLost = null;

/** Called with the error when a signed-in call answers 401 (session gone). */
export function onSessionLost(fn) {
  onLost = fn;
}

export function sessionLost(err) {
  if (onLost) onLost(err);
}
