import { t } from '../lib/i18n.js';

/** A clear 'coming' notice for a tab whose feature lands with a later piece of work. */
export default function Placeholder({ title, children }) {
  return (
    <div className="coming" data-testid="coming">
      <div className="coming__icon" aria-hidden="true">◔</div>
      <div>
        <div className="coming__title">{t('components.comingTitle', { title })}</div>
        <div className="coming__text">{children || t('components.comingText')}</div>
      </div>
    </div>
  );
}
