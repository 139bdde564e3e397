import { useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import FormDialog from '../../components/FormDialog.jsx';
import useConfirmAction from '../../hooks/useConfirmAction.js';
import { t } from '../../lib/i18n.js';
import { stopRepeating } from './api.js';
import './planning.css';

/**
 * How a module repeats (issue 42, point 6), in its properties: 'Every month on day 5' with 'Change' and 'Stop', or
 * 'Repeat…' where its deliverable's `edit_recurrence` link allows. The next occurrence comes when it is completed
 * or when its start date comes; the form is the server's.
 */
export default function RepeatSection({ module, onChanged }) {
  const d = module.deliverable;
  const links = (d && d.links) || {};
  const [editing, setEditing] = useState(false);
  const stop = useConfirmAction(() => stopRepeating(links.stop_recurrence).then(() => onChanged()));
  if (!d || (!d.recurrence && !links.edit_recurrence)) return null;
  return (
    <section className="repeat" aria-labelledby={`repeat-${module.id}`} data-testid="repeat-section">
      <h3 id={`repeat-${module.id}`} className="strip__label">{t('planning.repeats')}</h3>
      <p className="repeat__rule" data-testid="repeat-rule">{d.recurrence ? <><span aria-hidden="true">↻ </span>{d.recurrence}</> : t('planning.never')}</p>
      {links.edit_recurrence && (
        <button type="button" className="btn btn--ghost btn--tiny" onClick={() => setEditing(true)} data-testid="repeat-edit">
          {d.recurrence ? t('planning.change') : t('planning.repeatAsk')}
        </button>
      )}
      {links.stop_recurrence && (
        <button type="button" className="btn btn--ghost btn--tiny" onClick={() => stop.ask()} data-testid="repeat-stop">{t('planning.stopRepeating')}</button>
      )}
      {editing && (
        <FormDialog title={t('planning.repeat')} url={links.edit_recurrence.url} testId="repeat-form" onClose={() => setEditing(false)}
          note={<p className="muted">{t('planning.repeatNote')}</p>}
          onSuccess={() => onChanged()} />
      )}
      {stop.target && (
        <ConfirmDialog title={t('planning.stopRepeatingTitle')} question={t('planning.stopRepeatingQuestion')} confirmLabel={t('planning.stop')}
          action={stop} detail={t('planning.stopRepeatingDetail', { name: module.name })} />
      )}
    </section>
  );
}
