import { useState } from 'react';
import useConfirmAction from '../../hooks/useConfirmAction.js';
import { errorMessage, statusOf } from '../../lib/errors.js';
import { toast } from '../../lib/toast.js';
import { deleteItem, downloadLink, setItemLock } from './api.js';

/**
 * What a vault table does with its items (files or references, `key` in the vault): lock and unlock (the new
 * state shows on the row and 'File is locked' as a toast that does not wait for Ok; ERROR after a failure),
 * download, delete behind a question (a 423, someone locked it meanwhile, shows the locked popup; any other
 * failure `texts.deleteFailed`). `afterDelete` follows a delete (files move the pages; references just change).
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
      toast(lock ? texts.locked : texts.unlocked);
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
    changed, toggleLock, download, del, result, locked, lockedText: texts.locked,
    closeResult: () => setResult(null),
    closeLocked: () => setLocked(null),
  };
}
