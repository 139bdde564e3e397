import { useEffect, useRef, useState } from 'react';
import { findMentionable } from './api.js';

/** The people matching `query` (null: none asked), read from `url` after a short pause while typing. */
export default function useMentionOptions(url, query, delayMs = 150) {
  const [options, setOptions] = useState([]);
  const seq = useRef(0);
  useEffect(() => {
    const mine = ++seq.current;
    if (!url || query === null) return undefined;
    const t = setTimeout(() => {
      findMentionable(url, query)
        .then((list) => { if (mine === seq.current) setOptions(list); })
        .catch(() => { if (mine === seq.current) setOptions([]); });
    }, delayMs);
    return () => clearTimeout(t);
  }, [url, query, delayMs]);
  return query === null ? [] : options;
}
