import { t } from '../lib/i18n.js';
import Modal from './Modal.jsx';

/** A message with its title (SUCCESS, ERROR, ...) and Ok, which closes it; nothing while `message` is empty. */
export default function MessageDialog({ title, message, onClose, testId, okTestId, children }) {
  if (!message) return null;
  return (
    <Modal title={title} onClose={onClose}
      footer={<button type="button" className="btn btn--primary" onClick={onClose} data-testid={okTestId}>{t('common.ok')}</button>}>
      {children || <p data-testid={testId}>{message}</p>}
    </Modal>
  );
}
