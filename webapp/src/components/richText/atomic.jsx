/** The editor's atomic blocks: a horizontal rule (an HR entity) and an inline image (an IMAGE entity whose src is a
 *  vault download URL), drawn the same in the editor and the reader; and inserting one in place of a block. */
import { useEffect, useState } from 'react';
import { AtomicBlockUtils, EditorState } from 'draft-js';
import { t } from '../../lib/i18n.js';
import { fetchBlobUrl } from '../../lib/images.js';
import { isVaultImageSrc } from '../../lib/richText.js';

const imageUnavailable = (alt) => (alt ? t('components.imageUnavailableAlt', { alt }) : t('components.imageUnavailable'));
const imageLoading = (alt) => (alt ? t('components.imageLoadingAlt', { alt }) : t('components.imageLoading'));

/**
 * A vault file as an <img>: downloads need the bearer token (no cookie reaches them), so the bytes are fetched as a
 * blob and shown through an object URL, freed when the image goes. Until then, or if it fails, the alt text shows.
 */
export function VaultImage({ src, alt }) {
  const [shown, setShown] = useState({ url: null, failed: false });
  useEffect(() => {
    if (!isVaultImageSrc(src)) return undefined;
    let url = null;
    let live = true;
    fetchBlobUrl(src)
      .then((made) => {
        if (!live) { URL.revokeObjectURL(made); return; }
        url = made;
        setShown({ url, failed: false });
      })
      .catch(() => { if (live) setShown({ url: null, failed: true }); });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [src]);
  if (shown.url) return <img className="rte__img" src={shown.url} alt={alt || ''} data-testid="rte-image" />;
  return (
    <span className="rte__img rte__img--missing" role="img" aria-label={alt || t('components.image')} data-testid="rte-image-missing">
      {shown.failed || !isVaultImageSrc(src) ? imageUnavailable(alt) : imageLoading(alt)}
    </span>
  );
}

function AtomicBlock({ block, contentState }) {
  const key = block.getEntityAt(0);
  if (!key) return null;
  const entity = contentState.getEntity(key);
  if (entity.getType() === 'HR') return <hr className="rte__hr" data-testid="rte-hr" />;
  if (entity.getType() === 'IMAGE') {
    const { src, alt } = entity.getData();
    return <VaultImage src={src} alt={alt} />;
  }
  return null;
}

/** draft-js' blockRendererFn: atomic blocks draw as a rule or an image, and cannot be typed into. */
export function blockRenderer(block) {
  if (block.getType() !== 'atomic') return null;
  return { component: AtomicBlock, editable: false };
}

/**
 * The state with an atomic block of entity `type` (`data`) at the cursor, the cursor on a paragraph after it. A cursor
 * on an empty paragraph (as after the '/' menu) has that paragraph replaced rather than left empty above it.
 */
export function insertAtomic(state, type, data = {}) {
  const content = state.getCurrentContent().createEntity(type, 'IMMUTABLE', data);
  const selection = state.getSelection();
  const here = content.getBlockForKey(selection.getStartKey());
  const emptyHere = selection.isCollapsed() && here.getText() === '' && here.getType() === 'unstyled';
  const next = AtomicBlockUtils.insertAtomicBlock(EditorState.set(state, { currentContent: content }),
    content.getLastCreatedEntityKey(), ' ');
  if (!emptyHere) return next;
  const after = next.getCurrentContent();
  const trimmed = after.set('blockMap', after.getBlockMap().delete(here.getKey()));
  return EditorState.forceSelection(EditorState.push(state, trimmed, 'insert-fragment'), next.getSelection());
}
