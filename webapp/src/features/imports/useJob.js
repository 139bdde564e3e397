import { useEffect, useRef, useState } from 'react';
import useLatest from '../../hooks/useLatest.js';
import { errorMessage } from '../../lib/errors.js';
import { loadJob } from './api.js';
import { isActive } from './labels.js';

export const POLL_MS = 1000;
const TRIES = 5; // reads that fail in a row before the page says so (a restart of the API is not a failed job)

/**
 * A job kept current: read again every second (its `self` link) while it is queued or running, never after the
 * component is gone. `onSettled(job)` once it ends (done, failed, cancelled) after being seen running here.
 * Returns {job, setJob (an answer of cancel), error (reading it failed again and again)}.
 */
export default function useJob(initial, onSettled) {
  const [job, setJob] = useState(initial);
  const [error, setError] = useState(null);
  const failures = useRef(0);
  const watched = useRef(isActive(initial));
  const settled = useLatest(onSettled);

  useEffect(() => {
    if (!isActive(job)) {
      if (watched.current && settled.current) settled.current(job);
      watched.current = false;
      return undefined;
    }
    watched.current = true;
    if (!job.links || !job.links.self) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      loadJob(job).then((next) => {
        if (!live) return;
        failures.current = 0;
        setError(null);
        setJob(next);
      }).catch((err) => {
        if (!live) return;
        failures.current += 1;
        if (failures.current >= TRIES) setError(errorMessage(err));
        else setJob((j) => ({ ...j })); // read again after the next second
      });
    }, POLL_MS);
    return () => { live = false; clearTimeout(timer); };
  }, [job, settled]);

  return { job, setJob, error };
}
