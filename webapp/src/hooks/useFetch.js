import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, statusOf } from '../lib/errors.js';

const IDLE = { status: 'idle', data: null, error: null, httpStatus: null };

/**
 * Follow one read: {status: 'idle'|'loading'|'reloading'|'succeeded'|'failed', data, error, httpStatus, reload,
 * setData}. `request(...args)` is a feature's api.js call resolving with the data (null: nothing to read); it runs
 * again when the request or its args (JSON values) change. A reload keeps the old data on screen; with `keep`, so
 * do new args (the next page of a list keeps the table, and its search box, in place) and a failure (the error
 * shows beside the last answer).
 */
export default function useFetch(request, args = [], { keep = false } = {}) {
  const key = request ? JSON.stringify(args) : null;
  // The last answer and the args it answered; what is shown for other args is derived below.
  const [state, setState] = useState({ key: null, reloading: false, ...IDLE });
  const seq = useRef(0);

  const run = useCallback((k) => {
    const mine = ++seq.current;
    request(...JSON.parse(k))
      .then((data) => {
        if (mine === seq.current) setState({ key: k, reloading: false, status: 'succeeded', data, error: null, httpStatus: null });
      })
      .catch((err) => {
        if (mine !== seq.current) return;
        const failure = { key: k, reloading: false, error: errorMessage(err), httpStatus: statusOf(err) };
        setState((s) => (keep && s.data ? { ...s, ...failure, status: 'succeeded' } : { ...failure, status: 'failed', data: null }));
      });
  }, [request, keep]);

  useEffect(() => {
    if (key !== null) run(key);
  }, [run, key]);

  const reload = useCallback(() => {
    if (key === null) return;
    setState((s) => ({ ...s, reloading: true, error: null }));
    run(key);
  }, [run, key]);
  const setData = useCallback((data) => setState((s) => ({ ...s, data })), []);

  let shown;
  if (key === null) shown = IDLE;
  else if (state.key === key) {
    const { status, data, error, httpStatus } = state;
    shown = { status: state.reloading ? (data ? 'reloading' : 'loading') : status, data, error, httpStatus };
  } else if (keep && state.data) shown = { status: 'reloading', data: state.data, error: null, httpStatus: state.httpStatus };
  else shown = { ...IDLE, status: 'loading' };
  return { ...shown, reload, setData };
}
