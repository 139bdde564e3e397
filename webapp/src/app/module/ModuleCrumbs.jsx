import { Fragment } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { t } from '../../lib/i18n.js';
import { ancestorUrl } from './childPath.js';

/**
 * The parent path of a child open over or beside its list (issue 40): each ancestor's name, a link to where it is
 * shown (`trail`: id → URL of the modules open above it). Its own name is the header's, just below.
 */
export default function ModuleCrumbs({ module, trail }) {
  const { pathname } = useLocation();
  if (!module) return <span className="crumbs" />;
  return (
    <nav className="crumbs" aria-label={t('app.pathTo', { name: module.name })} data-testid="crumbs">
      {(module.fullPath || []).map((a, i) => {
        const url = ancestorUrl(a, trail, pathname);
        return (
          <Fragment key={a.id}>
            {i > 0 && <span className="crumbs__sep" aria-hidden="true">/</span>}
            {url ? <Link to={url} className="crumbs__link">{a.name}</Link> : <span>{a.name}</span>}
          </Fragment>
        );
      })}
    </nav>
  );
}
