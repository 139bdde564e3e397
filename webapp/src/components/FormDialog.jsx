import DynamicForm from './DynamicForm.jsx';
import Modal from './Modal.jsx';

/** A server-described form in a dialog. */
export default function FormDialog({ title, url, onClose, onSuccess, submitLabel }) {
  return (
    <Modal title={title} onClose={onClose}>
      <DynamicForm url={url} submitLabel={submitLabel}
        onCancel={onClose}
        onSuccess={(item, data) => { if (onSuccess) onSuccess(item, data); }} />
    </Modal>
  );
}
