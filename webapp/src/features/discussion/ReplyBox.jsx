import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../lib/errors.js';
import { FORMAT_HINT } from './commentMarkup.js';
import MentionBox from './MentionBox.jsx';
import { canPost } from './thread.js';

/**
 * A reply box: opens on focus; Post Reply is disabled while empty (Ctrl+Enter posts too); Cancel clears it. With
 * `mentionUrl` (the module's `mentionable` link), typing '@' offers the people to mention. While open, a line
 * under the box gives the formatting syntax (commentMarkup.js).
 */
export default function ReplyBox({ placeholder = 'Write a reply…', onPost, onCancel, autoFocus = false, testId = 'reply-box',
  mentionUrl }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(autoFocus);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const area = useRef(null);
  const hintId = useId();
  const live = useRef(true);
  useEffect(() => () => { live.current = false; }, []);
  useEffect(() => { if (autoFocus && area.current) area.current.focus(); }, [autoFocus]);

  const cancel = () => {
    setText('');
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
      await onPost(text.trim());
      if (!live.current) return;
      setText('');
      setOpen(false);
      if (area.current) area.current.blur();
    } catch (err) {
      if (live.current) setError(errorMessage(err, 'The comment could not be posted'));
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
      {open && <small className="dc-reply__hint muted" id={hintId} data-testid="format-hint">Formatting: {FORMAT_HINT}</small>}
      {open && (
        <div className="dc-reply__actions">
          {error && <span className="field__error" role="alert">{error}</span>}
          <button type="button" className="btn btn--small" onClick={cancel} disabled={busy}>Cancel</button>
          <button type="submit" className="btn btn--small btn--primary" disabled={!canPost(text) || busy}>
            {busy ? 'Posting...' : 'Post Reply'}
          </button>
        </div>
      )}
    </form>
  );
}
