import { useCallback, useState } from 'react';
import InPlaceInput from '../../components/inPlace/InPlaceInput.jsx';
import InPlaceSelect from '../../components/inPlace/InPlaceSelect.jsx';
import useInPlace from '../../hooks/useInPlace.js';
import { formatDate } from '../../lib/dates.js';
import { t } from '../../lib/i18n.js';
import { optionsOf, saveField } from '../../lib/inPlace.js';

// [field, label, the deliverable's edit link, the module's add link when there is no deliverable yet]
const dateFields = () => [
  ['startDate', t('modules.startDate'), 'edit_start_date', 'add_start_date'],
  ['deadline', t('modules.deadline'), 'edit_deadline', 'add_deadline'],
  ['commencedDate', t('modules.commenced'), 'edit_commence_date', 'add_commence_date'],
  ['completionDate', t('modules.completion'), 'edit_completion_date', 'add_completion_date'],
];

function Cell({ label, testid, children }) {
  return (
    <div className="strip__cell" data-testid={testid}>
      <div className="strip__label">{label}</div>
      <div className="strip__value">{children}</div>
    </div>
  );
}

// After a save the page takes the answer's deliverable (its new version) at once; a 409 reads the module again.
const hooks = (onChanged) => ({ onSaved: (answer) => onChanged(answer && answer.item), onStale: () => onChanged() });

function DateCell({ field, label, value, version, link, onChanged }) {
  const day = value ? String(value).slice(0, 10) : '';
  const edit = useInPlace(day, (next) => saveField(link.url, field, next, version), hooks(onChanged));
  return (
    <Cell label={label} testid={`strip-${field}`}>
      <InPlaceInput label={label} value={edit.shown} display={edit.shown ? formatDate(edit.shown) : ''} error={edit.error}
        busy={edit.busy} onSave={link ? edit.save : undefined} testId={`strip-${field}`} />
    </Cell>
  );
}

function OwnerCell({ d, link, onChanged }) {
  const edit = useInPlace(d && d.ownerId ? String(d.ownerId) : '', (next) => saveField(link.url, 'ownerId', next, d.version),
    hooks(onChanged));
  const [picked, setPicked] = useState('');
  const load = useCallback(() => optionsOf(link.url, 'ownerId'), [link]);
  // The name of a person picked but not saved yet comes from the picker's options: shown at once.
  const name = edit.shown === (d && d.ownerId ? String(d.ownerId) : '') ? d && d.ownerName : picked;
  return (
    <Cell label={t('common.owner')} testid="strip-owner">
      <InPlaceSelect label={t('common.owner')} value={edit.shown} display={name || ''} loadOptions={load} error={edit.error} busy={edit.busy}
        onSave={link ? (v, l) => { setPicked(l); edit.save(v); } : undefined} emptyText={t('modules.addOwner')} testId="strip-owner" />
    </Cell>
  );
}

/**
 * Owner, Start Date, Deadline, Commenced, Completion ('Do MMM YYYY'; 'Add Date' or 'n/a'), spec §2, each edited in
 * place (issue 40): the owner picked among the people the server's owner form offers, a date in a date input
 * ('Add Date' on a module without a deliverable creates it with that date). Each submits its one-value form behind
 * the scenes; the change shows at once and rolls back with the server's message when refused.
 */
export default function DeliverableStrip({ module, onChanged }) {
  const d = module.deliverable;
  const dLinks = (d && d.links) || {};
  const mLinks = module.links || {};
  const changed = (deliverable) => { if (onChanged) onChanged(deliverable); };
  return (
    <div className="strip" data-testid="deliverable-strip">
      <OwnerCell d={d} link={dLinks.edit_owner} onChanged={changed} />
      {dateFields().map(([key, label, editLink, addLink]) => (
        <DateCell key={key} field={key} label={label} value={d ? d[key] : ''} version={d && d.version} link={d ? dLinks[editLink] : mLinks[addLink]}
          onChanged={changed} />
      ))}
    </div>
  );
}
