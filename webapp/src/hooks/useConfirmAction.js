import { useCallback, useState } from 'react';
import { errorMessage } from '../lib/errors.js';

/**
 * A confirmed action (a delete, a removal) and the state of its dialog: ask(target) opens it, confirm() runs
 * `run(target)` (busy meanwhile); success closes it, a failure keeps it open with `failText` (a text, or a
 * function of the error; the server's message by default). Spread into ConfirmDialog as `action`.
 */
export default function useConfirmAction(run, failText = errorMessage) {
  const [state, setState] = useState(null); // {target, busy, error}
  const ask = useCallback((target = true) => setState({ target, busy: false, error: null }), []);
  const cancel = useCallback(() => setState(null), []);
  const confirm = async () => {
    const { target } = state;
    setState({ target, busy: true, error: null });
    try {
      await run(target);
      setState(null);
    } catch (err) {
      setState({ target, busy: false, error: typeof failText === 'function' ? failText(err) : failText });
    }
  };
  return {
    target: state ? state.target : null, busy: !!(state && state.busy), error: state ? state.error : null, ask, cancel, confirm,
  };
}
