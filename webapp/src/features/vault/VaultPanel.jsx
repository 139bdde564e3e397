import Loading from '../../components/Loading.jsx';
import { FilesTable } from './FilesPanel.jsx';
import { ReferencesTable } from './ReferencesPanel.jsx';
import VaultHeader from './VaultHeader.jsx';
import useVault from './useVault.js';
import './vault.css';

/** The whole vault of a module on one page: files, then references (the portal settings' files page). */
export default function VaultPanel({ module, title = 'File vault' }) {
  const { vault, status, error, put, drop, reload } = useVault(module.id);
  if (status === 'loading' || status === 'idle') return <Loading inline />;
  if (status === 'failed') return <div className="form__error" role="alert">{error}</div>;
  return (
    <div className="vault" data-testid="vault-panel">
      <VaultHeader vault={vault} title={title} />
      <h3 className="vault__section">Files</h3>
      <FilesTable vault={vault} put={put} drop={drop} reload={reload} />
      <h3 className="vault__section">References</h3>
      <ReferencesTable vault={vault} put={put} drop={drop} reload={reload} />
    </div>
  );
}
