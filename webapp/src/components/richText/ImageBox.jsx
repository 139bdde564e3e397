/** The image box under the toolbar: an image file, the words that describe it (its alt text, asked for: a reader
 *  who cannot see the image hears them), Insert (uploads, then places the image) and Cancel. */
import { useEffect, useId, useRef, useState } from 'react';
import { t } from '../../lib/i18n.js';

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Why a file cannot be placed as an image, or null. */
export function imageFileError(file) {
  if (!file) return t('components.chooseImageFile');
  if (!/^image\/(png|jpeg|gif|webp|avif|bmp)$/i.test(file.type || '')) return t('components.chooseImageType');
  if (file.size > IMAGE_MAX_BYTES) return t('components.imageTooLarge');
  return null;
}

export default function ImageBox({ onInsert, onCancel }) {
  const [file, setFile] = useState(null);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const first = useRef(null);
  const live = useRef(true);
  const id = useId();
  useEffect(() => {
    if (first.current) first.current.focus();
    return () => { live.current = false; };
  }, []);
  const insert = async () => {
    const problem = imageFileError(file) || (alt.trim() ? null : t('components.describeImage'));
    if (problem) { setError(problem); return; }
    setBusy(true);
    setError(null);
    try {
      await onInsert(file, alt.trim());
    } catch (err) {
      if (live.current) setError((err && err.message) || t('components.imageNotUploaded'));
    } finally {
      if (live.current) setBusy(false);
    }
  };
  const onKeyDown = (e) => {
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); if (!busy) onCancel(); }
    if (e.key === 'Enter' && e.target.type === 'text') { e.preventDefault(); insert(); }
  };
  return (
    <div className="rte__linkbox rte__imagebox" role="group" aria-label={t('components.insertAnImage')} data-testid="image-box">
      <label className="rte__imagebox-field" htmlFor={`${id}-file`}>
        <span>{t('components.imageFile')}</span>
        <input ref={first} id={`${id}-file`} type="file" accept="image/png,image/jpeg,image/gif,image/webp" disabled={busy} onKeyDown={onKeyDown}
          onChange={(e) => { setFile(e.target.files && e.target.files[0]); setError(null); }} />
      </label>
      <label className="rte__imagebox-field" htmlFor={`${id}-alt`}>
        <span>{t('components.altText')}</span>
        <input id={`${id}-alt`} type="text" value={alt} maxLength={300} disabled={busy} onKeyDown={onKeyDown}
          onChange={(e) => { setAlt(e.target.value); setError(null); }} />
      </label>
      <button type="button" className="btn btn--tiny btn--primary" onClick={insert} disabled={busy}>{busy ? t('components.uploading') : t('components.insertImage')}</button>
      <button type="button" className="btn btn--tiny" onClick={onCancel} disabled={busy}>{t('common.cancel')}</button>
      {error && <span className="field__error" role="alert">{error}</span>}
    </div>
  );
}
