import { useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import FormDialog from '../../components/FormDialog.jsx';
import useConfirmAction from '../../hooks/useConfirmAction.js';
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
      <h3 id={`repeat-${module.id}`} className="strip__label">Repeats</h3>
      <p className="repeat__rule" data-testid="repeat-rule">{d.recurrence ? <><span aria-hidden="true">↻ </span>{d.recurrence}</> : 'Never'}</p>
      {links.edit_recurrence && (
        <button type="button" className="btn btn--ghost btn--tiny" onClick={() => setEditing(true)} data-testid="repeat-edit">
          {d.recurrence ? 'Change' : 'Repeat…'}
        </button>
      )}
      {links.stop_recurrence && (
        <button type="button" className="btn btn--ghost btn--tiny" onClick={() => stop.ask()} data-testid="repeat-stop">Stop repeating</button>
      )}
      {editing && (
        <FormDialog title="Repeat" url={links.edit_recurrence.url} testId="repeat-form" onClose={() => setEditing(false)}
          note={<p className="muted">The next one is made when this one is completed or when its start date comes, with the same owner, members and custom fields.</p>}
          onSuccess={() => onChanged()} />
      )}
      {stop.target && (
        <ConfirmDialog title="Stop Repeating" question="Stop repeating this item?" confirmLabel="Stop" action={stop}
          detail={`${module.name} will not repeat any more. The occurrences made so far stay.`} />
      )}
    </section>
  );
}
