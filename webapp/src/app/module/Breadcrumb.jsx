import { Link } from 'react-router-dom';
import { t } from '../../lib/i18n.js';

/**
 * Home, then the module's ancestors by name (the portal a link to its page; `hrefOf(ancestor)` may link the
 * others), then the module (spec §2's project breadcrumb).
 */
export default function Breadcrumb({ module, portalUrl, hrefOf }) {
  const href = (a) => (a.type && a.type.endsWith('_portal') ? portalUrl : hrefOf && hrefOf(a));
  return (
    <nav className="breadcrumb" aria-label={t('app.breadcrumb')} data-testid="breadcrumb">
      <Link to="/">{t('app.home')}</Link>
      {(module.fullPath || []).map((a) => (
        <span key={a.id}>
          <span className="breadcrumb__sep">/</span>
          {href(a) ? <Link to={href(a)}>{a.name}</Link> : <span>{a.name}</span>}
        </span>
      ))}
      <span className="breadcrumb__sep">/</span>
      <span className="breadcrumb__here" aria-current="page">{module.name}</span>
    </nav>
  );
}
