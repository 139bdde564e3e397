import ReferencesTable from './ReferencesTable.jsx';
import useVault from './useVault.js';
import VaultShell from './VaultShell.jsx';

export { ReferenceUrl } from './ReferencesTable.jsx';

/** The references tab of a module. */
export default function ReferencesPanel({ module, title }) {
  // Every reference comes with any page of files: ask for the smallest one.
  const state = useVault(module.id, { perPage: 1, module });
  return (
    <VaultShell state={state} title={title} testId="references-panel" showError={false}>
      <ReferencesTable vault={state.vault} put={state.put} drop={state.drop} reload={state.reload}
        exportName={['references', module.name]} />
    </VaultShell>
  );
}
