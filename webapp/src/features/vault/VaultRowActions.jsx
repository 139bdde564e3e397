import { IconButton } from '../../components/Icons.jsx';
import { t } from '../../lib/i18n.js';
import { PreviewIcon } from './FileThumb.jsx';
import MoreMenu from './MoreMenu.jsx';

/**
 * The row actions of a file or a reference (`prefix` of their test ids): download (`download`), edit, delete and
 * more (lock, unlock, and `more` items), each as the item's links allow; Preview first when `onPreview` is given. A locked item the reader could
 * otherwise change keeps its Edit and Delete, disabled, with 'File is locked' ('Reference is locked') as their tooltip.
 * `act` is a ref to the table's current actions ({toggleLock, download, edit, remove, lockedText}), so that the cells
 * stay the same.
 */
export default function VaultRowActions({ item, prefix, act, more = [], download = false, onPreview = null }) {
  const l = item.links || {};
  const mayChange = !!(l.lock || l.unlock);
  const items = [];
  if (l.lock) items.push({ label: t('vault.lock'), testId: `${prefix}-lock`, onClick: () => act.current.toggleLock(item, l.lock, true) });
  if (l.unlock) items.push({ label: t('vault.unlock'), testId: `${prefix}-unlock`, onClick: () => act.current.toggleLock(item, l.unlock, false) });
  items.push(...more);
  // aria-disabled, not disabled: a keyboard still reaches the button and hears why it does nothing.
  const guarded = (allowed, run) => (item.locked || !allowed
    ? { 'aria-disabled': 'true', title: act.current.lockedText, onClick: () => {} }
    : { onClick: run });
  return (
    <span className="row-actions">
      {onPreview && (
        <button type="button" className="icon-btn" title={t('vault.preview')} aria-label={t('vault.preview')}
          data-testid={`${prefix}-preview`} onClick={() => onPreview(item)}>
          <PreviewIcon />
        </button>
      )}
      {download && l.download && (
        <IconButton icon="download" label={t('common.download')} data-testid={`${prefix}-download`}
          onClick={() => act.current.download(l.download, item.filename)} />
      )}
      {(l.edit || (item.locked && mayChange)) && (
        <IconButton icon="edit" label={t('common.edit')} data-testid={`${prefix}-edit`} {...guarded(l.edit, () => act.current.edit(item))} />
      )}
      {(l.delete || (item.locked && mayChange)) && (
        <IconButton icon="delete" label={t('common.delete')} danger data-testid={`${prefix}-delete`} {...guarded(l.delete, () => act.current.remove(item))} />
      )}
      <MoreMenu items={items} testId={`${prefix}-more`} />
    </span>
  );
}
