import { tableServer } from '../../hooks/usePagedList.js';
import { t } from '../../lib/i18n.js';
import FilesTable from './FilesTable.jsx';
import ReferencesTable from './ReferencesTable.jsx';
import useVault from './useVault.js';
import VaultShell from './VaultShell.jsx';

/** The whole vault of a module on one page: files, then references (the portal settings' files page). */
export default function VaultPanel({ module, title = t('vault.fileVault') }) {
  const state = useVault(module.id, { module });
  const props = { vault: state.vault, put: state.put, drop: state.drop, reload: state.reload };
  return (
    <VaultShell state={state} title={title} testId="vault-panel">
      <h3 className="vault__section">{t('vault.files')}</h3>
      <FilesTable {...props} refresh={state.refresh} server={tableServer(state)} exportName={['files', module.name]} />
      <h3 className="vault__section">{t('vault.references')}</h3>
      <ReferencesTable {...props} exportName={['references', module.name]} />
    </VaultShell>
  );
}
