import { useEffect, useRef } from 'react';

/**
 * A ref holding the latest `value`, for handlers that must stay the same across renders (table cells memoised
 * once, so that a menu open in a row survives a reload) yet act with the current state.
 */
export default function useLatest(value) {
  const ref = useRef(value);
  useEffect(() => { ref.current = value; });
  return ref;
}
