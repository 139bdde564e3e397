import Loading from '../../components/Loading.jsx';
import VaultHeader from './VaultHeader.jsx';
import './vault.css';

/** A vault page of a module: loading, or its failure, or its header (the count badge) over `children`. */
export default function VaultShell({ state, title, testId, showError = true, children }) {
  const { vault, status, error, fileCount } = state;
  if (status === 'loading' || status === 'idle') return <Loading inline />;
  if (status === 'failed') return <div className="form__error" role="alert">{error}</div>;
  return (
    <div className="vault" data-testid={testId}>
      <VaultHeader vault={vault} files={fileCount} title={title} />
      {showError && error && <div className="form__error" role="alert">{error}</div>}
      {children}
    </div>
  );
}
