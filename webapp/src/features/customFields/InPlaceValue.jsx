import { useCallback, useState } from 'react';
import InPlaceInput from '../../components/inPlace/InPlaceInput.jsx';
import InPlaceSelect from '../../components/inPlace/InPlaceSelect.jsx';
import useInPlace from '../../hooks/useInPlace.js';
import { formatDate } from '../../lib/dates.js';
import { t } from '../../lib/i18n.js';
import { optionsOf, saveField } from '../../lib/inPlace.js';
import { formatNumber, formatValue } from './fieldValues.js';

// type -> [the value form's field, the control, where the value's raw text is]
const KINDS = {
  TEXT: ['stringval', 'text', 'stringval'],
  NUMERIC: ['numval', 'text', 'numval'],
  DATE: ['dateval', 'date', 'dateval'],
  PICKLIST: ['option', 'select', 'stringval'],
};

/** Whether a field's value is edited in place: one value of a plain type (a series or a many-option list keeps its dialogs). */
export function editsInPlace(field) {
  return !!KINDS[field.type] && !(field.type === 'PICKLIST' && field.multiple);
}

function rawOf(field, value) {
  const v = (value && value.values) || {};
  const raw = v[KINDS[field.type][2]];
  if (raw === null || raw === undefined) return '';
  return field.type === 'DATE' ? String(raw).slice(0, 10) : String(raw);
}

/**
 * One custom value edited in place (issue 40): the value (or '+ Add') as a button, its control on a click (a text
 * or date input, or the picklist's options from the server form), saved through the value's edit form (or the
 * field's add form) with only that value changed; shown at once, rolled back with the server's message.
 */
export default function InPlaceValue({ field, value, link, onChanged }) {
  const [name, control] = KINDS[field.type];
  const raw = rawOf(field, value);
  const [picked, setPicked] = useState('');
  const done = () => { if (onChanged) onChanged(); };
  const edit = useInPlace(raw, (next) => saveField(link.url, name, next, value && value.version), { onSaved: done, onStale: done });
  const load = useCallback(() => optionsOf(link.url, 'option'), [link]);
  let display = value ? formatValue(field, value) : '';
  if (edit.shown !== raw) {
    if (field.type === 'PICKLIST') display = picked;
    else if (field.type === 'NUMERIC') display = formatNumber(field, edit.shown) || edit.shown;
    else if (field.type === 'DATE') display = formatDate(edit.shown);
    else display = edit.shown;
  }
  const common = {
    label: field.label, value: edit.shown, display, error: edit.error, busy: edit.busy, emptyText: t('customFields.addValue'),
    addLabel: t('customFields.addNamed', { name: field.label }), testId: `cf-${field.attribute}`,
  };
  const shown = control === 'select'
    ? <InPlaceSelect {...common} loadOptions={load} onSave={(v, l) => { setPicked(l); edit.save(v); }} />
    : <InPlaceInput {...common} type={control} inputMode={field.type === 'NUMERIC' ? 'decimal' : undefined} onSave={edit.save} />;
  return <span data-testid={value ? 'cf-value' : undefined} className="cfv__in-place">{shown}</span>;
}
