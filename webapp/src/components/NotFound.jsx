import { Link, useLocation } from 'react-router-dom';
import { t } from '../lib/i18n.js';

/** The 999 view for unknown signed-in paths (spec §2). */
export function NotFound999() {
  return (
    <div className="notfound" data-testid="not-found">
      <div className="notfound__code">999</div>
      <h1>{t('components.pageNotFound')}</h1>
      <p className="muted">{t('components.pageNotFoundText')}</p>
      <Link className="btn btn--primary" to="/">{t('components.backToPortals')}</Link>
    </div>
  );
}

/** A generic unmatched nested route: 'No match for' plus the path. */
export function NoMatch() {
  const { pathname } = useLocation();
  return (
    <div className="nomatch" data-testid="no-match">
      <h3>{t('components.noMatchFor', { path: <code key="path">{pathname}</code> })}</h3>
    </div>
  );
}
