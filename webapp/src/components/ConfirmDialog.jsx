import { t } from '../lib/i18n.js';
import Modal from './Modal.jsx';

/**
 * Delete confirmation (spec §8): 'PLEASE CAREFUL WHEN DELETING ENTRIES.' plus a second warning; `question` (the
 * caller's, in the reader's language) replaces 'ARE YOU SURE YOU WANT TO DELETE THIS.'.
 */
/**
 * `action` (hooks/useConfirmAction) gives busy, error, confirm and cancel; without it pass busy, error,
 * onConfirm and onCancel.
 */
export default function ConfirmDialog({ title = t('common.delete'), question = t('components.deleteQuestion'), detail, confirmLabel = t('common.delete'), action, ...props }) {
  const { busy, error, onConfirm, onCancel } = action
    ? { busy: action.busy, error: action.error, onConfirm: action.confirm, onCancel: action.cancel } : props;
  return (
    <Modal title={title} onClose={busy ? undefined : onCancel}
      footer={(
        <>
          <button type="button" className="btn" onClick={onCancel} disabled={busy}>{t('common.cancel')}</button>
          <button type="button" className="btn btn--danger" onClick={onConfirm} disabled={busy}>
            {busy ? t('components.deleting') : confirmLabel}
          </button>
        </>
      )}>
      <div className="confirm">
        <p className="confirm__warning">{t('components.deleteWarning')}</p>
        <p className="confirm__question">{question}</p>
        {detail && <p className="confirm__detail">{detail}</p>}
        {error && <div className="form__error" role="alert">{error}</div>}
      </div>
    </Modal>
  );
}
