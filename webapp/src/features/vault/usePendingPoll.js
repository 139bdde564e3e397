import { useEffect } from 'react';
import useLatest from '../../hooks/useLatest.js';

export const POLL_EVERY_MS = 3000;
export const POLL_FOR_MS = 2 * 60 * 1000;

/**
 * While any of `files` has its text being read (textState 'pending'), call `refresh()` (a promise) every 3 s, so
 * that its state and thumbnail show without a reload; stop when none is pending or after 2 minutes (a worker
 * that is down must not keep the tab asking). Another file turning pending starts the 2 minutes again.
 */
export default function usePendingPoll(files, refresh) {
  const pending = (files || []).filter((f) => f.textState === 'pending').map((f) => f.id).join(',');
  const latest = useLatest(refresh);
  useEffect(() => {
    if (!pending) return undefined;
    const until = Date.now() + POLL_FOR_MS;
    let busy = false; // a slow answer: no second read piled on the first
    const timer = setInterval(() => {
      if (Date.now() >= until) {
        clearInterval(timer);
        return;
      }
      if (busy || !latest.current) return;
      busy = true;
      Promise.resolve(latest.current()).finally(() => { busy = false; });
    }, POLL_EVERY_MS);
    return () => clearInterval(timer);
  }, [pending, latest]);
}
