import { useState } from 'react';
import FormDialog from '../../components/FormDialog.jsx';
import { formatDate } from '../../lib/dates.js';

// [field, label, the deliverable's edit link, the module's add link when there is no deliverable yet]
const DATE_FIELDS = [
  ['startDate', 'Start Date', 'edit_start_date', 'add_start_date'],
  ['deadline', 'Deadline', 'edit_deadline', 'add_deadline'],
  ['commencedDate', 'Commenced', 'edit_commence_date', 'add_commence_date'],
  ['completionDate', 'Completion', 'edit_completion_date', 'add_completion_date'],
];

function Cell({ label, value, link, onOpen, testid, addText = 'Add Date' }) {
  let shown;
  if (value) shown = link ? <button type="button" className="linkish" onClick={() => onOpen(label, link)}>{value}</button> : value;
  else if (link) shown = <button type="button" className="btn btn--ghost btn--tiny" onClick={() => onOpen(label, link)}>{addText}</button>;
  else shown = <span className="muted">n/a</span>;
  return (
    <div className="strip__cell" data-testid={testid}>
      <div className="strip__label">{label}</div>
      <div className="strip__value">{shown}</div>
    </div>
  );
}

/**
 * Owner, Start Date, Deadline, Commenced, Completion ('Do MMM YYYY'; 'Add Date' or 'n/a'), spec §2. Each cell
 * opens the form of that one value: the owner among the module's people, a date alone ('Add Date' on a module
 * without a deliverable creates it with that date).
 */
export default function DeliverableStrip({ module, onChanged }) {
  const [dialog, setDialog] = useState(null);
  const d = module.deliverable;
  const dLinks = (d && d.links) || {};
  const mLinks = module.links || {};
  const open = (label, link) => setDialog({ title: d ? `Edit ${label}` : `Add ${label}`, url: link.url });

  return (
    <div className="strip" data-testid="deliverable-strip">
      <Cell label="Owner" value={d && d.ownerName} link={dLinks.edit_owner} onOpen={open} testid="strip-owner" addText="Add Owner" />
      {DATE_FIELDS.map(([key, label, editLink, addLink]) => (
        <Cell key={key} label={label} value={d ? formatDate(d[key]) : ''} link={d ? dLinks[editLink] : mLinks[addLink]}
          onOpen={open} testid={`strip-${key}`} />
      ))}
      {dialog && (
        <FormDialog title={dialog.title} url={dialog.url} onClose={() => setDialog(null)}
          onSuccess={() => { if (onChanged) onChanged(); }} />
      )}
    </div>
  );
}
