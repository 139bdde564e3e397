import { referenceCount } from './vault.js';

/** The vault's title with its count badge: the LINK, DOCUMENT and FILE references (spec §2). */
/** `files`: how many files the vault holds (the meta.total of its paged files). */
export default function VaultHeader({ vault, files = 0, title = 'File vault', children }) {
  const count = referenceCount(vault && vault.references);
  const refs = vault && vault.references ? vault.references.length : 0;
  return (
    <div className="vault-head" data-testid="vault-head">
      <h2 className="section-title vault-head__title">
        {title}
        <span className="vault-count" data-testid="vault-count" title="Links, documents and files in this vault"
          aria-label={`${count} links, documents and files`}>
          {count}
        </span>
      </h2>
      <span className="muted vault-head__meta">
        {files} {files === 1 ? 'file' : 'files'} · {refs} {refs === 1 ? 'reference' : 'references'}
      </span>
      <div className="vault-head__actions">{children}</div>
    </div>
  );
}
