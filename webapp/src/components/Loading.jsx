import { t } from '../lib/i18n.js';

/** Full-screen indicator while data loads (spec §2): 'Loading...'. */
export default function Loading({ inline = false }) {
  return (
    <div className={inline ? 'loading loading--inline' : 'loading'} role="status" aria-live="polite">
      <div className="loading__spinner" aria-hidden="true" />
      <div className="loading__text">{t('common.loading')}</div>
    </div>
  );
}
