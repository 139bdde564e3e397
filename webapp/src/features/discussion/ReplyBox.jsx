import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { errorMessage, joinedFieldErrors } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import AttachmentChips from './AttachmentChips.jsx';
import MentionBox from './MentionBox.jsx';
import { canPost } from './thread.js';
import useAttachments from './useAttachments.js';

/**
 * A reply box: opens on focus; Post Reply is disabled while empty (Ctrl+Enter posts too); Cancel clears it. With
 * `mentionUrl` (the module's `mentionable` link), typing '@' offers the people to mention. While open, a line
 * under the box gives the formatting syntax (commentMarkup.js; the message discussion.formatHint, its parts two
 * spaces apart). With `attachLink` (the module's add_file link: only whoever may upload to the vault has it),
 * 'Attach files' picks files shown as chips; posting uploads them to the vault first and hands their ids to
 * `onPost(text, fileIds)`.
 */
export default function ReplyBox({ placeholder = t('discussion.writeReply'), onPost, onCancel, autoFocus = false, testId = 'reply-box',
  mentionUrl, attachLink }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(autoFocus);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const area = useRef(null);
  const hintId = useId();
  const attachId = useId();
  const files = useAttachments(attachLink);
  const live = useRef(true);
  useEffect(() => () => { live.current = false; }, []);
  useEffect(() => { if (autoFocus && area.current) area.current.focus(); }, [autoFocus]);

  const cancel = () => {
    setText('');
    files.clear();
    setError(null);
    setOpen(false);
    if (onCancel) onCancel();
  };
  const post = async (e) => {
    e.preventDefault();
    if (!canPost(text) || busy) return;
    setBusy(true);
    setError(null);
    try {
      const fileIds = files.chips.length ? await files.uploadAll() : [];
      await onPost(text.trim(), fileIds);
      if (!live.current) return;
      setText('');
      files.clear();
      setOpen(false);
      if (area.current) area.current.blur();
    } catch (err) {
      const fe = joinedFieldErrors(err);
      if (live.current) setError(fe.content || fe.attachments || errorMessage(err, t('discussion.couldNotPost')));
    } finally {
      if (live.current) setBusy(false);
    }
  };
  return (
    <form className={open ? 'dc-reply dc-reply--open' : 'dc-reply'} onSubmit={post} data-testid={testId}>
      <MentionBox ref={area} className="dc-reply__text" value={text} placeholder={placeholder} rows={open ? 3 : 1}
        aria-label={placeholder} disabled={busy} onFocus={() => setOpen(true)} mentionUrl={mentionUrl}
        onChange={(value) => { setText(value); setError(null); }}
        onKeyDown={(e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) post(e); }}
        aria-keyshortcuts="Control+Enter" aria-describedby={open ? hintId : undefined} />
      {open && (
        <small className="dc-reply__hint muted" id={hintId} data-testid="format-hint">
          {/* Each syntax stays whole on a narrow screen ('[link](https://…)' split at '(' reads as two). */}
          {t('discussion.formatting')}{t('discussion.formatHint').split(/\s{2,}/).map((part) => <Fragment key={part}> <span className="dc-reply__hint-part">{part}</span></Fragment>)}
        </small>
      )}
      {open && <AttachmentChips chips={files.chips} onRemove={files.remove} />}
      {open && (
        <div className="dc-reply__actions">
          {attachLink && (
            <span className="dc-attach">
              {/* The real file input stays focusable (Tab, then Enter or Space opens the picker); its label is the button. */}
              <input id={attachId} type="file" multiple className="sr-only dc-attach__input" disabled={busy} data-testid="attach-input"
                onChange={(e) => { files.add(e.target.files); e.target.value = ''; setError(null); }} />
              <label htmlFor={attachId} className="btn btn--small dc-attach__label">{t('discussion.attachFiles')}</label>
            </span>
          )}
          {error && <span className="field__error" role="alert">{error}</span>}
          <button type="button" className="btn btn--small" onClick={cancel} disabled={busy}>{t('common.cancel')}</button>
          <button type="submit" className="btn btn--small btn--primary" disabled={!canPost(text) || busy}>
            {busy ? t('discussion.posting') : t('discussion.postReply')}
          </button>
        </div>
      )}
    </form>
  );
}
