import { useCallback, useEffect, useRef, useState } from 'react';
import api, { errorMessage } from './apiClient.js';

/**
 * GET a url and follow its life: {status: 'loading'|'succeeded'|'failed', data, error, httpStatus, reload, setData}.
 * `pick` reads the envelope (r => r.item by default). A reload keeps the old data on screen.
 */
export default function useFetch(url, pick = (d) => d.item) {
  const [state, setState] = useState({ status: url ? 'loading' : 'idle', data: null, error: null, httpStatus: null });
  const pickRef = useRef(pick);
  pickRef.current = pick;
  const seq = useRef(0);

  const load = useCallback(() => {
    if (!url) return;
    const mine = ++seq.current;
    setState((s) => ({ ...s, status: s.data ? 'reloading' : 'loading', error: null }));
    api.get(url)
      .then((res) => {
        if (mine === seq.current) setState({ status: 'succeeded', data: pickRef.current(res.data), error: null, httpStatus: res.status });
      })
      .catch((err) => {
        if (mine === seq.current) {
          setState({ status: 'failed', data: null, error: errorMessage(err), httpStatus: err.response ? err.response.status : null });
        }
      });
  }, [url]);

  useEffect(() => {
    setState({ status: url ? 'loading' : 'idle', data: null, error: null, httpStatus: null });
    load();
  }, [load, url]);

  const setData = useCallback((data) => setState((s) => ({ ...s, data })), []);
  return { ...state, reload: load, setData };
}

export const pickList = (d) => d.list || [];
