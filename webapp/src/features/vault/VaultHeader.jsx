import { formatNumber, t } from '../../lib/i18n.js';
import { referenceCount } from './vault.js';

/** The vault's title with its count badge: the LINK, DOCUMENT and FILE references (spec §2). */
/** `files`: how many files the vault holds (the meta.total of its paged files). */
export default function VaultHeader({ vault, files = 0, title = t('vault.fileVault'), children }) {
  const count = referenceCount(vault && vault.references);
  const refs = vault && vault.references ? vault.references.length : 0;
  return (
    <div className="vault-head" data-testid="vault-head">
      <h2 className="section-title vault-head__title">
        {title}
        <span className="vault-count" data-testid="vault-count" title={t('vault.countTitle')}
          aria-label={t('vault.countLabel', { count })}>
          {formatNumber(count)}
        </span>
      </h2>
      <span className="muted vault-head__meta">
        {t('vault.summary', { files, references: refs })}
      </span>
      <div className="vault-head__actions">{children}</div>
    </div>
  );
}
