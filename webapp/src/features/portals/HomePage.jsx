import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import BrandLogo from '../../components/BrandLogo.jsx';
import Loading from '../../components/Loading.jsx';
import HomeTabs from '../../components/HomeTabs.jsx';
import { portalHref } from '../../lib/format.js';
import { t } from '../../lib/i18n.js';

const PLATFORM_NAMES = { '4rineu': '4RinEU', peb: 'PEB', calibr: 'Calibr' };

/** Home: the user's portals as cards (spec §2), the first of the home page's tabs. */
export default function HomePage() {
  const { status, list, error } = useSelector((s) => s.portals);
  const user = useSelector((s) => s.user.item);
  if (status === 'idle' || status === 'loading') return <Loading />;
  return (
    <div className="page">
      <div className="page__head">
        <div>
          <h1 className="page__title">{t('portals.myPortals')}</h1>
          {user && <p className="muted">{t('portals.welcomeBack', { name: user.name })}</p>}
        </div>
      </div>
      <HomeTabs />
      <div className="tabs__panel tabs__panel--cards">
        {error && <div className="form__error" role="alert">{error}</div>}
        {status === 'succeeded' && list.length === 0 && (
          <div className="empty" data-testid="not-assigned">{t('portals.notAssigned')}</div>
        )}
        <div className="cards">
          {list.map((m) => (
            <Link key={m.id} to={portalHref(m)} className="card card--portal" data-testid="portal-card">
              <BrandLogo brand={m.brand} platform={m.platform} size={64} alt="" />
              <div className="card__body">
                <div className="card__kicker">{PLATFORM_NAMES[m.platform] || m.platform} · {m.typeLabel}</div>
                <div className="card__title">{m.name}</div>
                {m.description && <div className="card__text">{m.description}</div>}
              </div>
            </Link>
          ))}
        </div>
      </div>
    </div>
  );
}
