import { useCallback, useState } from 'react';
import { errorMessage, fieldErrors } from '../../lib/errors.js';
import { isActive } from './labels.js';

/**
 * Starting a job from a form: `start(call)` runs the call (a POST answering the queued job), busy meanwhile; a
 * refusal keeps its message and per-field errors. `running` holds from the start until the job's view says it
 * ended (`settled()`), so that a second run waits for the first. `onStarted(job)` once the server took it.
 */
export default function useStart(onStarted) {
  const [state, setState] = useState({ job: null, busy: false, running: false, error: null, fields: {} });
  const start = useCallback(async (call) => {
    setState({ job: null, busy: true, running: false, error: null, fields: {} }); // the last job's report goes
    try {
      const job = await call();
      setState({ job, busy: false, running: isActive(job), error: null, fields: {} });
      if (onStarted) onStarted(job);
    } catch (err) {
      setState((s) => ({ ...s, busy: false, error: errorMessage(err), fields: fieldErrors(err) }));
    }
  }, [onStarted]);
  const settled = useCallback(() => setState((s) => ({ ...s, running: false })), []);
  const reset = useCallback(() => setState({ job: null, busy: false, running: false, error: null, fields: {} }), []);
  return { ...state, start, settled, reset };
}
