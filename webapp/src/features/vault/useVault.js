import { useCallback } from 'react';
import useFetch from '../../lib/useFetch.js';
import { vaultUrl } from './vaultApi.js';

/** The vault of a module, with helpers to replace, add or drop a file or reference in place. */
export default function useVault(moduleId) {
  const state = useFetch(moduleId ? vaultUrl(moduleId) : null);
  const { data, setData } = state;
  const patch = useCallback((key, fn) => {
    if (!data) return;
    setData({ ...data, [key]: fn(data[key] || []) });
  }, [data, setData]);
  const put = useCallback((key, item) => patch(key, (list) => (list.some((x) => x.id === item.id)
    ? list.map((x) => (x.id === item.id ? { ...x, ...item } : x)) : [...list, item])), [patch]);
  const drop = useCallback((key, id) => patch(key, (list) => list.filter((x) => x.id !== id)), [patch]);
  return { ...state, vault: data, put, drop };
}
