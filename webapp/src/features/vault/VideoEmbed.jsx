/** A reference's video (issue 47): a Play video button; the provider's player is framed only after the click. */
import Modal from '../../components/Modal.jsx';
import { t } from '../../lib/i18n.js';
import { embedUrl } from './vault.js';

/** Play video, for a reference whose `embed` is a YouTube or Vimeo player; nothing otherwise. */
export function PlayVideo({ reference, onPlay }) {
  if (!embedUrl(reference.embed)) return null;
  return (
    <button type="button" className="btn btn--tiny vault-play" data-testid="reference-play"
      aria-label={t('vault.playVideoOf', { title: reference.title })} onClick={() => onPlay(reference)}>
      <span aria-hidden="true">▶</span> {t('vault.playVideo')}
    </button>
  );
}

/** The player in a dialog: nothing from YouTube or Vimeo loads until this is open. */
export function VideoDialog({ reference, onClose }) {
  return (
    <Modal title={reference.title} onClose={onClose} wide
      footer={<button type="button" className="btn" onClick={onClose}>{t('common.close')}</button>}>
      <div className="vault-video">
        <iframe src={embedUrl(reference.embed)} title={reference.title} data-testid="reference-video"
          allow="fullscreen; picture-in-picture" referrerPolicy="strict-origin-when-cross-origin" />
      </div>
    </Modal>
  );
}
