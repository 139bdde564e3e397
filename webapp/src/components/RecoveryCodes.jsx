import './RecoveryCodes.css';
import { t } from '../lib/i18n.js';

/** Two-factor recovery codes, shown once: each works once when the authenticator is lost. */
export default function RecoveryCodes({ codes }) {
  return (
    <div className="recovery-codes">
      <p>{t('components.recoveryCodesText')}</p>
      <ul className="recovery-codes__list" data-testid="recovery-codes">
        {codes.map((c) => <li key={c}><code>{c}</code></li>)}
      </ul>
    </div>
  );
}
