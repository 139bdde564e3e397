import Modal from './Modal.jsx';

/** Delete confirmation (spec §8): 'PLEASE CAREFUL WHEN DELETING ENTRIES.' plus a second warning. */
export const DELETE_WARNING = 'PLEASE CAREFUL WHEN DELETING ENTRIES.';
export const DELETE_QUESTION = 'ARE YOU SURE YOU WANT TO DELETE THIS.';
export const DEV_WARNING = 'SOME ITEMS ARE NEEDED FOR DEV.';

/**
 * `action` (hooks/useConfirmAction) gives busy, error, confirm and cancel; without it pass busy, error,
 * onConfirm and onCancel.
 */
export default function ConfirmDialog({ title = 'Delete', question = DELETE_QUESTION, detail, confirmLabel = 'Delete', action, ...props }) {
  const { busy, error, onConfirm, onCancel } = action
    ? { busy: action.busy, error: action.error, onConfirm: action.confirm, onCancel: action.cancel } : props;
  return (
    <Modal title={title} onClose={busy ? undefined : onCancel}
      footer={(
        <>
          <button type="button" className="btn" onClick={onCancel} disabled={busy}>Cancel</button>
          <button type="button" className="btn btn--danger" onClick={onConfirm} disabled={busy}>
            {busy ? 'Deleting...' : confirmLabel}
          </button>
        </>
      )}>
      <div className="confirm">
        <p className="confirm__warning">{DELETE_WARNING}</p>
        <p className="confirm__question">{question}</p>
        {detail && <p className="confirm__detail">{detail}</p>}
        {error && <div className="form__error" role="alert">{error}</div>}
      </div>
    </Modal>
  );
}
