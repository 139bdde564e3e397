/** A file's thumbnail in the files table (issue 47) and the button that opens its preview. */
import { useEffect, useState } from 'react';
import { t } from '../../lib/i18n.js';
import { fetchThumbnail } from './api.js';
import { fileKind } from './vault.js';

/**
 * The thumbnail of a file with a `thumbnail` link (fetched with the bearer token, shown by object URL, freed when
 * the row goes or the thumbnail changes), else a placeholder with the file's extension.
 */
export function FileThumb({ file }) {
  const link = file.links && file.links.thumbnail;
  const url = link ? link.url : null;
  // The image with the address it was fetched for: a new address shows the placeholder until its image comes.
  const [shown, setShown] = useState({ url: null, src: null });
  useEffect(() => {
    if (!url) return undefined;
    let live = true;
    let made = null;
    fetchThumbnail({ url }).then((src) => {
      if (!live) { URL.revokeObjectURL(src); return; }
      made = src;
      setShown({ url, src });
    }).catch(() => {}); // no thumbnail: the placeholder stays
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  const src = url && shown.url === url ? shown.src : null;
  const { ext, kind } = fileKind(file.filename || file.fileName);
  // Decorative: the button it sits in is named by the file's title.
  return (
    <span className={`vault-thumb vault-thumb--${src ? 'image' : kind}`} data-testid="file-thumb" aria-hidden="true">
      {src ? <img src={src} alt="" data-testid="file-thumb-img" /> : <span className="vault-thumb__ext">{ext}</span>}
    </span>
  );
}

/** The thumbnail and the title of a file, one button that opens its preview. */
export function FileOpen({ file, onOpen }) {
  return (
    <button type="button" className="vault-open" data-testid="file-open" onClick={() => onOpen(file)}
      title={t('vault.preview')}>
      <FileThumb file={file} />
      <span className="vault-open__title" data-testid="file-title">{file.title}</span>
    </button>
  );
}

/** An eye: the Preview row action. */
export function PreviewIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.9}
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}
