import Modal from '../../components/Modal.jsx';
import { t } from '../../lib/i18n.js';
import RelationsSection from './RelationsSection.jsx';

/**
 * A relation clicked on the Gantt (issue 42, point 7): read from its successor's side, with its edit (kind, lag)
 * and removal, as the successor's Relations panel offers them (`row`: the successor's tree row, its `relations`
 * link). `onChanged` follows an edit or a removal.
 */
export default function RelationDialog({ relationId, row, urlOf, onChanged, onClose }) {
  return (
    <Modal title={t('relations.relation')} onClose={onClose}>
      <RelationsSection module={row} only={relationId} urlOf={urlOf} onChanged={() => { onChanged(); onClose(); }} />
    </Modal>
  );
}
