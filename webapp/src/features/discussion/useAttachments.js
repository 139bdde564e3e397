import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { uploadFile } from '../../lib/vaultFiles.js';
import useLatest from '../../hooks/useLatest.js';

let nextKey = 1;

/**
 * The files chosen for a comment: each goes to the module's vault (`link`: its add_file link, as the Files tab
 * uploads) when the comment is posted, one after the other with its progress. A chip is
 * {key, file, progress (null before and after), item (the vault file once uploaded), error}. A file uploaded
 * once is not sent again when the post is retried; a removed one stops uploading.
 */
export default function useAttachments(link) {
  const [chips, setChips] = useState([]);
  const latest = useLatest(chips);
  const uploads = useRef(new Map()); // key -> AbortController
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    const running = uploads.current;
    return () => { live.current = false; running.forEach((c) => c.abort()); };
  }, []);

  const update = useCallback((key, patch) => {
    if (live.current) setChips((xs) => xs.map((x) => (x.key === key ? { ...x, ...patch } : x)));
  }, []);

  const add = useCallback((files) => {
    const picked = Array.from(files || []).map((file) => ({ key: nextKey++, file, progress: null, item: null, error: null }));
    if (picked.length) setChips((xs) => [...xs, ...picked]);
  }, []);

  const remove = useCallback((key) => {
    const running = uploads.current.get(key);
    if (running) running.abort();
    setChips((xs) => xs.filter((x) => x.key !== key));
  }, []);

  const clear = useCallback(() => {
    uploads.current.forEach((c) => c.abort());
    setChips([]);
  }, []);

  /** Upload what is not in the vault yet; answers the vault file ids of every chip, or throws when one failed. */
  const uploadAll = useCallback(async () => {
    const ids = [];
    let failed = 0;
    for (const chip of latest.current) {
      if (chip.item) { ids.push(chip.item.id); continue; }
      if (!latest.current.some((x) => x.key === chip.key)) continue; // removed while another was uploading
      const ctrl = new AbortController();
      uploads.current.set(chip.key, ctrl);
      update(chip.key, { progress: 0, error: null });
      try {
        const item = await uploadFile(link, { file: chip.file },
          { onProgress: (p) => update(chip.key, { progress: p }), signal: ctrl.signal });
        update(chip.key, { item, progress: null });
        ids.push(item.id);
      } catch (err) {
        if (!ctrl.signal.aborted) { // an aborted upload is a removed chip: nothing to say
          failed += 1;
          update(chip.key, { progress: null, error: errorMessage(err, t('discussion.fileNotUploaded')) });
        }
      } finally {
        uploads.current.delete(chip.key);
      }
    }
    if (failed) throw new Error(t('discussion.filesNotUploaded', { count: failed }));
    return ids;
  }, [link, latest, update]);

  return { chips, add, remove, clear, uploadAll };
}
