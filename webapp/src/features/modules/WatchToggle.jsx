import { useState } from 'react';
import { errorMessage } from '../../lib/errors.js';
import { formatNumber, t } from '../../lib/i18n.js';
import { followWatchLink } from './api.js';

/**
 * Watch / Unwatch (whichever link the module offers) with the number of watchers: watching a module covers
 * what is below it unless a child is unwatched. The answer of the call is shown at once.
 */
export default function WatchToggle({ module }) {
  const [mine, setMine] = useState(null); // the last answer for this module: {id, watch}
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const watch = mine && mine.id === module.id ? mine.watch : { ...(module.watch || {}), links: module.links || {} };
  const link = watch.links.unwatch || watch.links.watch;
  if (!link) return null;
  const watching = !!watch.links.unwatch;
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      setMine({ id: module.id, watch: await followWatchLink(link) });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const count = watch.count || 0;
  let title = t('modules.watchTitle');
  if (watching) title = watch.inherited ? t('modules.watchingInheritedTitle') : t('modules.watchingTitle');
  return (
    <span className="watch">
      <button type="button" className={watching ? 'btn btn--small watch__btn watch__btn--on' : 'btn btn--small watch__btn'}
        aria-pressed={watching} disabled={busy} onClick={toggle} title={title} data-testid="watch-toggle">
        {watching ? t('modules.unwatch') : t('modules.watch')}
        <span className="watch__count" data-testid="watch-count" aria-label={t('modules.watchers', { count })}>{formatNumber(count)}</span>
      </button>
      {error && <span className="field__error" role="alert">{error}</span>}
    </span>
  );
}
