import { tableServer } from '../../hooks/usePagedList.js';
import FilesTable from './FilesTable.jsx';
import ReferencesTable from './ReferencesTable.jsx';
import useVault from './useVault.js';
import VaultShell from './VaultShell.jsx';

/** The whole vault of a module on one page: files, then references (the portal settings' files page). */
export default function VaultPanel({ module, title = 'File vault' }) {
  const state = useVault(module.id, { module });
  const props = { vault: state.vault, put: state.put, drop: state.drop, reload: state.reload };
  return (
    <VaultShell state={state} title={title} testId="vault-panel">
      <h3 className="vault__section">Files</h3>
      <FilesTable {...props} server={tableServer(state)} exportName={['files', module.name]} />
      <h3 className="vault__section">References</h3>
      <ReferencesTable {...props} exportName={['references', module.name]} />
    </VaultShell>
  );
}
