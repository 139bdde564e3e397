import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `ms` (the search asks the server when typing pauses). */
export default function useDebounced(value, ms) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
