import { useState } from 'react';
import { t } from '../lib/i18n.js';

/** What a 409 says, in English (tests compare with it; the control shows it in the reader's language). */
export const STALE_TEXT = 'This item was changed by someone else. It now shows their change.';

/**
 * The optimistic edit of one shown value (issue 40): `save(next)` shows `next` at once (`shown`), runs `write(next)`
 * (a server form submit) and keeps showing it until the value given from outside (`value`, read again after the
 * save) catches up; a refusal rolls back to `value` and keeps the server's message in `error` (on the control).
 * A 409 (someone else changed it) calls `onStale` so the page reads the item again.
 */
export default function useInPlace(value, write, { onSaved, onStale } = {}) {
  const [pending, setPending] = useState(undefined);
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const [was, setWas] = useState(value);
  if (was !== value) { // the value read again: what was pending is now the server's
    setWas(value);
    setPending(undefined);
  }

  const save = async (next) => {
    if (next === value) return;
    setPending(next);
    setError(null);
    setBusy(true);
    try {
      const answer = await write(next);
      if (onSaved) onSaved(answer, next);
    } catch (err) {
      setPending(undefined);
      setError(err.status === 409 ? t('components.staleItem') : err.message);
      if (err.status === 409 && onStale) onStale();
    } finally {
      setBusy(false);
    }
  };
  return { shown: pending === undefined ? value : pending, save, error, busy, clearError: () => setError(null) };
}
