import { useState } from 'react';
import { useModuleLive } from '../../hooks/useLive.js';
import { treeChanged } from '../../lib/changes.js';
import { LOST } from '../../lib/live.js';

// What the module page reads from its own answer (module/view, revalidated by its ETag): the module, its
// deliverable and custom fields, its children's rows (list and Gantt), members. The tabs read the rest themselves.
const OWN_TABS = /^(comment|article|file|reference|metric|report|template|webhook|invitation)\./;

/**
 * The module page kept current by its live stream: a change of the module or of a child (status, dates, a new or
 * deleted child) reads the page again; a deletion of this very module turns it to 'Deleted', and the loss of the
 * right to view it (the reader was removed from it or from a module above) to 'No longer shared with you'.
 * `state`: the page's useFetch of module/view. -> {gone, lost, live}
 */
export default function useModuleUpdates(state) {
  const { data: module, reload } = state;
  const [ended, setEnded] = useState(null); // {id, why: 'gone' | 'lost'}
  const shown = state.status === 'succeeded' || state.status === 'reloading' ? module : null;
  const live = useModuleLive(shown, (m) => {
    if (shown && m.module === shown.id && (m.deleted || m.kind === LOST)) {
      setEnded({ id: shown.id, why: m.deleted ? 'gone' : 'lost' });
      if (m.kind === LOST) treeChanged({ lost: shown.id }); // the frame reads its portal and menu again: lost too?
    } else if (m.kind === 'open' || (m.kind === 'error' && m.status === 404) || !OWN_TABS.test(m.kind)) reload();
  });
  const why = shown && ended && ended.id === shown.id ? ended.why : null;
  return { gone: why === 'gone', lost: why === 'lost', live };
}
