import { useState } from 'react';
import { useModuleLive } from '../../hooks/useLive.js';

// What the module page reads from its own answer (module/view, revalidated by its ETag): the module, its
// deliverable and custom fields, its children's rows (list and Gantt), members. The tabs read the rest themselves.
const OWN_TABS = /^(comment|article|file|reference|metric|report|template|webhook|invitation)\./;

/**
 * The module page kept current by its live stream: a change of the module or of a child (status, dates, a new or
 * deleted child) reads the page again; a deletion of this very module turns it to 'Deleted'.
 * `state`: the page's useFetch of module/view. -> {gone, live}
 */
export default function useModuleUpdates(state) {
  const { data: module, reload } = state;
  const [gone, setGone] = useState(null);
  const shown = state.status === 'succeeded' || state.status === 'reloading' ? module : null;
  const live = useModuleLive(shown, (m) => {
    if (m.deleted && shown && m.module === shown.id) setGone(shown.id);
    else if (m.kind === 'open' || (m.kind === 'error' && m.status === 404) || !OWN_TABS.test(m.kind)) reload();
  });
  return { gone: !!(shown && gone === shown.id), live };
}
