import { useId, useState } from 'react';
import Modal from '../../components/Modal.jsx';
import { errorMessage, fieldErrors } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { toast } from '../../lib/toast.js';
import { returnSheet } from './api.js';
import { monthName } from './weeks.js';

export const MAX_COMMENT = 2000;

/** 'Return': the comment the person reads (required), then POST to the sheet's `return` link; a toast after. */
export default function ReturnDialog({ sheet, onClose, onDone }) {
  const [comment, setComment] = useState('');
  const [state, setState] = useState({ busy: false, error: null });
  const id = useId();
  const names = { name: sheet.user ? sheet.user.name : '', month: monthName(sheet.month) };
  const send = (e) => {
    e.preventDefault();
    if (!comment.trim()) {
      setState({ busy: false, error: t('timesheet.commentRequired') });
      return;
    }
    setState({ busy: true, error: null });
    returnSheet(sheet, comment.trim())
      .then(() => {
        toast(t('timesheet.returnedToast', names));
        onDone();
        onClose();
      })
      .catch((err) => setState({ busy: false, error: [].concat(fieldErrors(err).comment || errorMessage(err)).join(' ') }));
  };
  const errorId = `${id}-error`;
  return (
    <Modal title={t('timesheet.returnTitle')} onClose={state.busy ? undefined : onClose}>
      <form className="form" onSubmit={send} noValidate data-testid="ts-return-form">
        <p>{t('timesheet.returnQuestion', names)}</p>
        <div className={state.error ? 'field field--error' : 'field'}>
          <label htmlFor={id}>{t('timesheet.comment')} <span className="field__req" aria-hidden="true">*</span></label>
          <textarea id={id} rows={4} value={comment} maxLength={MAX_COMMENT} required
            aria-invalid={state.error ? true : undefined} aria-describedby={state.error ? errorId : undefined}
            onChange={(e) => setComment(e.target.value)} data-testid="ts-return-comment" />
          {state.error && <div id={errorId} className="field__error" role="alert">{state.error}</div>}
        </div>
        <div className="form__actions">
          <button type="button" className="btn" onClick={onClose} disabled={state.busy}>{t('common.cancel')}</button>
          <button type="submit" className="btn btn--danger" disabled={state.busy} data-testid="ts-return-send">
            {t('timesheet.return')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
