import { useState } from 'react';
import FormDialog from '../../components/FormDialog.jsx';
import { formatDate } from '../../lib/dates.js';

const DATE_FIELDS = [
  ['startDate', 'Start Date', 'edit_start_date'],
  ['deadline', 'Deadline', 'edit_deadline'],
  ['commencedDate', 'Commenced', 'edit_commence_date'],
  ['completionDate', 'Completion', 'edit_completion_date'],
];

/** Owner, Start Date, Deadline, Commenced, Completion ('Do MMM YYYY'; 'Add Date' or 'n/a'). */
export default function DeliverableStrip({ module, onChanged }) {
  const [dialog, setDialog] = useState(null);
  const d = module.deliverable;
  const dLinks = (d && d.links) || {};
  const addLink = !d && module.links && module.links.add_deliverable;

  const open = (title, link) => setDialog({ title, url: link.url });

  const cell = (label, value, link, testid) => (
    <div className="strip__cell" key={label} data-testid={testid}>
      <div className="strip__label">{label}</div>
      <div className="strip__value">
        {value ? (
          link ? <button type="button" className="linkish" onClick={() => open(label, link)}>{value}</button> : value
        ) : link ? (
          <button type="button" className="btn btn--ghost btn--tiny" onClick={() => open(label, link)}>Add Date</button>
        ) : (
          <span className="muted">n/a</span>
        )}
      </div>
    </div>
  );

  return (
    <div className="strip" data-testid="deliverable-strip">
      <div className="strip__cell" data-testid="strip-owner">
        <div className="strip__label">Owner</div>
        <div className="strip__value">
          {d && d.ownerName ? (
            dLinks.edit ? <button type="button" className="linkish" onClick={() => open('Owner', dLinks.edit)}>{d.ownerName}</button> : d.ownerName
          ) : <span className="muted">n/a</span>}
        </div>
      </div>
      {DATE_FIELDS.map(([key, label, linkName]) => cell(
        label,
        d ? formatDate(d[key]) : '',
        d ? dLinks[linkName] : addLink,
        `strip-${key}`,
      ))}
      {dialog && (
        <FormDialog title={dialog.title} url={dialog.url} onClose={() => setDialog(null)}
          onSuccess={() => { setDialog(null); if (onChanged) onChanged(); }} />
      )}
    </div>
  );
}
