import PublicPage from './PublicPage.jsx';
import { getBrand } from '../../lib/config.js';
import { t } from '../../lib/i18n.js';

export default function DisclaimerPage() {
  const brand = getBrand();
  return (
    <PublicPage title={t('auth.disclaimer')}>
      <h2>{t('public.fundingTitle')}</h2>
      {brand.fundingFooter ? (
        <p>{t('auth.fundingText')} {t('public.fundingViews')}</p>
      ) : (
        <p>{t('public.operatedBy', { title: brand.title, name: brand.name })}</p>
      )}

      <h2>{t('public.ownershipTitle')}</h2>
      <p>{t('public.ownershipText')}</p>

      <h2>{t('public.nonCommercialTitle')}</h2>
      <p>{t('public.nonCommercialText')}</p>

      <h2>{t('public.noWarrantyTitle')}</h2>
      <p>{t('public.noWarrantyText')}</p>
    </PublicPage>
  );
}
