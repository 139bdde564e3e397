import { useCallback, useEffect, useRef, useState } from 'react';
import useLatest from '../hooks/useLatest.js';
import DynamicForm from './DynamicForm.jsx';
import Modal from './Modal.jsx';

export const SUCCESS_TEXT = 'Data Transfer Successful';
export const SUCCESS_CLOSE_MS = 1500;
export const DISCARD_QUESTION = 'Discard the changes you have not saved?';

/** 'Discard the changes...?' inside the dialog: Keep editing (also Escape) or Discard. */
function DiscardPrompt({ onKeep, onDiscard }) {
  return (
    <div className="discard" role="alertdialog" aria-label="Unsaved changes" data-testid="discard-prompt">
      <p>{DISCARD_QUESTION}</p>
      <div className="form__actions">
        <button type="button" className="btn" onClick={onKeep}>Keep editing</button>
        <button type="button" className="btn btn--danger" onClick={onDiscard}>Discard</button>
      </div>
    </div>
  );
}

/**
 * A server-described form in a dialog, with spec §4's dialog states: loading, open, submitting (buttons off),
 * success ('Data Transfer Successful': `onSuccess(item, answer)` updates the page at once, the dialog closes
 * after a moment or on Close; `note` shows above the fields until then) and error (the server's text; a 422's errors on their fields). Closing a form with
 * unsaved changes (backdrop, Escape, ×, Cancel) asks first. `onSuccess` must not close the dialog itself.
 */
export default function FormDialog({ title, url, load, note, onClose, onSuccess, submitLabel, testId }) {
  const [saved, setSaved] = useState(false);
  const [asking, setAsking] = useState(false);
  const dirty = useRef(false);
  const onDirty = useCallback((d) => { dirty.current = d; }, []);
  const close = useLatest(onClose);

  useEffect(() => {
    if (!saved) return undefined;
    const t = setTimeout(() => close.current(), SUCCESS_CLOSE_MS);
    return () => clearTimeout(t);
  }, [saved, close]);

  const requestClose = () => {
    if (asking) setAsking(false);
    else if (dirty.current && !saved) setAsking(true);
    else onClose();
  };
  return (
    <Modal title={title} onClose={requestClose}>
      <div hidden={asking}>
        {note && !saved && note}
        <DynamicForm url={url} load={load} testId={testId} submitLabel={submitLabel} onCancel={requestClose} onDirty={onDirty} successText={SUCCESS_TEXT}
          onSuccess={(item, data) => { setSaved(true); if (onSuccess) onSuccess(item, data); }} />
      </div>
      {asking && <DiscardPrompt onKeep={() => setAsking(false)} onDiscard={onClose} />}
    </Modal>
  );
}
