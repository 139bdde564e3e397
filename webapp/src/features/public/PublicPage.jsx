import { Link } from 'react-router-dom';
import { getBrand } from '../../lib/config.js';
import { t } from '../../lib/i18n.js';

/** Frame of the public pages (Disclaimer, About; without `title`, a page that names itself: unsubscribe). */
export default function PublicPage({ title, children }) {
  const brand = getBrand();
  return (
    <div className="public">
      <header className="public__bar">
        <Link to="/" className="public__brand">
          <img src={brand.logo} alt={brand.name} className="public__logo" />
          <span>{brand.title}</span>
        </Link>
        <nav className="public__nav">
          <Link to="/about">{t('auth.about')}</Link>
          <Link to="/disclaimer">{t('auth.disclaimer')}</Link>
          <Link to="/login" className="btn btn--primary btn--small">{t('auth.signIn')}</Link>
        </nav>
      </header>
      <main className="public__main" id="main">
        <article className="public__article">
          {title && <h1>{title}</h1>}
          {children}
        </article>
      </main>
      {brand.fundingFooter && (
        <footer className="public__footer">
          <img src="/brands/eu-flag.svg" alt={t('auth.euFlag')} className="auth__flag" />
          <span>{t('auth.fundingText')}</span>
        </footer>
      )}
    </div>
  );
}
