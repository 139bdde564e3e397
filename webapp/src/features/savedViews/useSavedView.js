import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import useLatest from '../../hooks/useLatest.js';
import { errorMessage } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { getView } from './api.js';

/** The URL parameter that opens a saved view: `?saved={id}` on the screen it belongs to. */
export const SAVED_PARAM = 'saved';

/**
 * The saved view the address names (`?saved={id}`), applied to the screen once it has arrived: `apply(state,
 * kind)` sets the screen's filters, sort, grouping and columns (`kinds`: the kinds of view the screen shows, e.g.
 * the tasks' table and board). A view of another kind, or one the reader may not see (the server's 404), is an
 * error the screen shows; the screen stays as it was.
 */
export default function useSavedView(kinds, apply) { // kinds: 'tasks board' (a string: a stable dependency)
  const [params] = useSearchParams();
  const id = params.get(SAVED_PARAM);
  const [found, setFound] = useState({ id: null, view: null, error: null });
  const applyNow = useLatest(apply);
  const valid = !!id && /^\d+$/.test(id);
  useEffect(() => {
    if (!valid) return undefined;
    let live = true;
    const done = (view, error) => { if (live) setFound({ id, view, error }); };
    getView(id).then((view) => {
      if (!kinds.split(' ').includes(view.kind)) return done(null, t('savedViews.otherKind'));
      applyNow.current(view.state || {}, view.kind);
      return done(view, null);
    }).catch((err) => done(null, errorMessage(err, t('savedViews.notFound'))));
    return () => { live = false; };
  }, [id, valid, kinds, applyNow]);
  if (id && !valid) return { view: null, error: t('savedViews.notFound') };
  return found.id === id ? found : { view: null, error: null };
}
