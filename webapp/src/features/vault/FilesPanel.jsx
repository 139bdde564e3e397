import { tableServer } from '../../hooks/usePagedList.js';
import FilesTable from './FilesTable.jsx';
import useVault from './useVault.js';
import VaultShell from './VaultShell.jsx';

export { DELETE_FILE_FAILED } from './FilesTable.jsx';

/** The files tab of a module: a page of files at a time. */
export default function FilesPanel({ module, title }) {
  const state = useVault(module.id, { module });
  return (
    <VaultShell state={state} title={title} testId="files-panel">
      <FilesTable vault={state.vault} put={state.put} drop={state.drop} reload={state.reload} refresh={state.refresh} server={tableServer(state)}
        exportName={['files', module.name]} />
    </VaultShell>
  );
}
