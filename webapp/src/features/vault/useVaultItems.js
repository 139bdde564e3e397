import { useState } from 'react';
import useConfirmAction from '../../hooks/useConfirmAction.js';
import { errorMessage, statusOf } from '../../lib/errors.js';
import { deleteItem, downloadLink, setItemLock } from './api.js';

/**
 * What a vault table does with its items (files or references, `key` in the vault): lock and unlock (SUCCESS
 * or ERROR after), download, delete behind a question (a 423 says the item is locked, any other failure
 * `texts.deleteFailed`), and the locked popup an edit or delete of a locked item shows. `afterDelete` follows
 * a delete (files move the pages; references just change).
 */
export default function useVaultItems({ key, texts, vault, afterDelete }) {
  const { put, drop, reload, onChanged } = vault;
  const [result, setResult] = useState(null);
  const [locked, setLocked] = useState(null);
  const changed = (item) => { if (item) put(key, item); if (onChanged) onChanged(); };

  const toggleLock = async (item, link, lock) => {
    try {
      const res = await setItemLock(link);
      changed(res.data && res.data.item ? { ...item, ...res.data.item } : { ...item, locked: lock });
      setResult({ kind: 'success', message: lock ? texts.locked : texts.unlocked });
    } catch (err) {
      setResult({ kind: 'error', message: errorMessage(err) });
    }
  };
  const download = async (link, name) => {
    try {
      await downloadLink(link, name);
    } catch (err) {
      setResult({ kind: 'error', message: errorMessage(err) });
    }
  };
  const del = useConfirmAction(async (item) => {
    try {
      await deleteItem(item);
    } catch (err) {
      if (statusOf(err) !== 423) throw err;
      setLocked(texts.locked);
      if (reload) reload();
      return;
    }
    drop(key, item.id);
    afterDelete();
  }, texts.deleteFailed);

  return {
    changed, toggleLock, download, del, result, locked,
    showLocked: () => setLocked(texts.locked),
    closeResult: () => setResult(null),
    closeLocked: () => setLocked(null),
  };
}
