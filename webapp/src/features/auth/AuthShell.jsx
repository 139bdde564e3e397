import { Link } from 'react-router-dom';
import LanguagePicker from '../../components/LanguagePicker.jsx';
import { getBrand } from '../../lib/config.js';
import { pickedSignedOut, t } from '../../lib/i18n.js';

/** The signed-out frame: login image on one side, the form card on the other, optional funding footer. */
export default function AuthShell({ title, children, wide = false }) {
  const brand = getBrand();
  return (
    <div className="auth">
      <div className="auth__art" style={{ backgroundImage: `url(${brand.loginImage})` }} aria-hidden="true">
        <div className="auth__art-caption">
          <div className="auth__art-name">{brand.name}</div>
          <div className="auth__art-tagline">{brand.key === 'calibr' ? t('auth.taglineCalibr') : t('auth.taglineConsortium')}</div>
        </div>
      </div>
      <main className="auth__panel" id="main">
        <div className={wide ? 'auth__card auth__card--wide' : 'auth__card'}>
          <Link to="/" className="auth__logo-link">
            <img className="auth__logo" src={brand.logo} alt={brand.name} data-testid="brand-logo" />
          </Link>
          <div className="auth__brand-title" data-testid="brand-title">{brand.title}</div>
          {title && <h1 className="auth__title">{title}</h1>}
          {children}
          <LanguagePicker className="auth__language" onPicked={pickedSignedOut} />
        </div>
        {brand.fundingFooter && (
          <footer className="auth__footer" data-testid="funding-footer">
            <img src="/brands/eu-flag.svg" alt={t('auth.euFlag')} className="auth__flag" />
            <p>{t('auth.fundingText')}</p>
            <nav>
              <Link to="/disclaimer">{t('auth.disclaimer')}</Link>
              <span aria-hidden="true"> · </span>
              <Link to="/about">{t('auth.about')}</Link>
            </nav>
          </footer>
        )}
      </main>
    </div>
  );
}
