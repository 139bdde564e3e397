/** Small dialogs of the vault (spec §4, §8): ERROR after a failed lock, the locked popup, a lock mark. */
import MessageDialog from '../../components/MessageDialog.jsx';
import { t } from '../../lib/i18n.js';

/** ERROR with the error message of a failed lock, unlock or download; Ok closes. (A success is a toast.) */
export function ResultDialog({ result, onClose }) {
  if (!result) return null;
  return (
    <MessageDialog title={t('vault.error')} message={result.message} onClose={onClose} okTestId="result-ok">
      <div className="vault-result vault-result--error" data-testid="result-error">
        <span className="vault-result__icon" aria-hidden="true">!</span>
        <p>{result.message}</p>
      </div>
    </MessageDialog>
  );
}

/** 'File is locked' or 'Reference is locked', shown instead of an edit or delete. */
export function LockedPopup({ message, onClose }) {
  return (
    <MessageDialog title={t('vault.locked')} message={message} onClose={onClose}>
      <div className="vault-result vault-result--locked" data-testid="locked-popup">
        <LockIcon />
        <p>{message}</p>
      </div>
    </MessageDialog>
  );
}

export function LockIcon({ size = 14 }) {
  return (
    <svg className="lock-icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z" />
    </svg>
  );
}

/**
 * The lock mark of a locked item, with its tooltip ('File is locked'): a button, so that a keyboard reaches it
 * and shows the tip on focus as a pointer does on hover.
 */
export function LockMark({ text, testId = 'lock-mark' }) {
  return (
    <button type="button" className="lock-mark" aria-label={text} data-testid={testId}>
      <LockIcon />
      <span className="lock-mark__tip" role="tooltip">{text}</span>
    </button>
  );
}
