import { useEffect, useRef } from 'react';
import useFetch from '../../hooks/useFetch.js';
import { loadSubtree } from '../../features/modules/api.js';

/**
 * The subtree of `module` through its tree link (`type`: of that type, with their parents), read again each
 * time the page reloads the module (a child added, ticked, moved, or a live update): useFetch's state.
 */
export default function useSubtree(module, type) {
  const link = module.links && module.links.tree;
  const state = useFetch(link ? loadSubtree : null, [link && link.url, type], { keep: true });
  const { reload } = state;
  const seen = useRef(module);
  useEffect(() => {
    const was = seen.current;
    seen.current = module;
    if (was !== module && was.id === module.id) reload(); // another module: its new link reads it already
  }, [module, reload]);
  return state;
}
