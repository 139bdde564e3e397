import { useCallback, useId, useRef, useState } from 'react';
import { t } from '../lib/i18n.js';
import { toast } from '../lib/toast.js';
import DynamicForm from './DynamicForm.jsx';
import Modal from './Modal.jsx';
import SidePanel from './SidePanel.jsx';

// The English texts (tests find them; the dialog says them in the reader's language).
export const SUCCESS_TEXT = 'Data Transfer Successful';
export const ANOTHER_LABEL = 'Create another';
export const DISCARD_QUESTION = 'Discard the changes you have not saved?';

/** 'Discard the changes...?' inside the dialog: Keep editing (also Escape) or Discard. */
function DiscardPrompt({ onKeep, onDiscard }) {
  return (
    <div className="discard" role="alertdialog" aria-label={t('common.unsavedChanges')} data-testid="discard-prompt">
      <p>{t('common.discardQuestion')}</p>
      <div className="form__actions">
        <button type="button" className="btn" onClick={onKeep}>{t('common.keepEditing')}</button>
        <button type="button" className="btn btn--danger" onClick={onDiscard}>{t('common.discard')}</button>
      </div>
    </div>
  );
}

/** The 'Create another' box beside a create form's buttons. */
function AnotherBox({ checked, onChange }) {
  const id = `another${useId().replace(/:/g, '')}`;
  return (
    <label className="form__another" htmlFor={id}>
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid="create-another" />
      {t('common.createAnother')}
    </label>
  );
}

/**
 * A server-described form in a dialog, with spec §4's dialog states: loading, open, submitting (buttons off) and
 * error (the server's text; a 422's errors on their fields). Success never blocks: 'Data Transfer Successful' is a
 * toast, `onSuccess(item, answer)` updates the page and the dialog closes at once, or, with `another` ticked (a
 * create form offers it when `another` is set), opens empty again for the next item. `note` shows above the fields; `successText(item,
 * answer)` may say more than the spec's text (an invitation names its address). Closing a form with unsaved
 * changes (backdrop, Escape, ×, Cancel) asks first. `onSuccess` must not close the dialog itself. With `panel` the
 * form sits in a non-modal side panel beside the page instead (Edit Project edits in place).
 */
export default function FormDialog({ title, url, load, note, onClose, onSuccess, submitLabel, testId, another = false, successText, panel = false }) {
  const [asking, setAsking] = useState(false);
  const [again, setAgain] = useState(false);
  const dirty = useRef(false);
  const onDirty = useCallback((d) => { dirty.current = d; }, []);

  const requestClose = () => {
    if (asking) setAsking(false);
    else if (dirty.current) setAsking(true);
    else onClose();
  };
  const saved = (item, data) => {
    toast((successText && successText(item, data)) || t('common.dataTransferSuccessful'));
    if (onSuccess) onSuccess(item, data);
    if (!again) onClose();
  };
  const Frame = panel ? SidePanel : Modal;
  return (
    <Frame title={title} onClose={requestClose}>
      <div hidden={asking}>
        {note}
        <DynamicForm url={url} load={load} testId={testId} submitLabel={submitLabel} onCancel={requestClose} onDirty={onDirty}
          again={again} onSuccess={saved} footer={another ? <AnotherBox checked={again} onChange={setAgain} /> : null} />
      </div>
      {asking && <DiscardPrompt onKeep={() => setAsking(false)} onDiscard={onClose} />}
    </Frame>
  );
}
