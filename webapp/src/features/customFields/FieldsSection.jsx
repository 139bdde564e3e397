import { useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import FormDialog from '../../components/FormDialog.jsx';
import { IconButton } from '../../components/Icons.jsx';
import useConfirmAction from '../../hooks/useConfirmAction.js';
import { t } from '../../lib/i18n.js';
import { deleteFieldValue } from './api.js';
import { addLinkOf, formatValue, series, shownFields, sparkPoints } from './fieldValues.js';
import InPlaceValue, { editsInPlace } from './InPlaceValue.jsx';
import './customFields.css';

function ValueActions({ field, value, onEdit, onDelete }) {
  const links = value.links || {};
  return (
    <span className="cfv__actions">
      {links.edit && <IconButton icon="edit" label={t('customFields.editNamed', { name: field.label })} onClick={() => onEdit(field, value)} />}
      {links.delete && <IconButton icon="delete" label={t('customFields.deleteValue', { name: field.label })} danger onClick={() => onDelete({ field, value })} />}
    </span>
  );
}

function Sparkline({ points }) {
  const numbers = [...points].reverse().map((p) => p.number);
  if (numbers.length < 2) return null;
  return (
    <svg className="cfv__spark" width="120" height="28" viewBox="0 0 120 28" aria-hidden="true" data-testid="sparkline">
      <polyline points={sparkPoints(numbers, 120, 28)} fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** A DATED_NUMERIC field: a sparkline and a small table, newest first. */
function Series({ field, values, onEdit, onDelete }) {
  const points = series(field, values);
  if (!points.length) return <span className="muted">{t('customFields.notAvailable')}</span>;
  return (
    <div className="cfv__series">
      <Sparkline points={points} />
      <table className="cfv__table">
        <thead><tr><th scope="col">{t('customFields.date')}</th><th scope="col">{t('customFields.value')}</th><th scope="col"><span className="sr-only">{t('common.actions')}</span></th></tr></thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.value.id} data-testid="cf-point">
              <td className="nowrap">{p.day}</td>
              <td className="num" data-testid="cf-point-value">{p.text}</td>
              <td><ValueActions field={field} value={p.value} onEdit={onEdit} onDelete={onDelete} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A one-value field of a plain type: its value edited in place (or '+ Add' in place), delete beside it. */
function InPlaceRow({ field, value, add, onDelete, onChanged }) {
  const link = value ? value.links && value.links.edit : add;
  let shown;
  if (link) shown = <InPlaceValue key={value ? value.id : 'new'} field={field} value={value} link={link} onChanged={onChanged} />;
  else if (value) shown = <span data-testid="cf-value">{formatValue(field, value)}</span>;
  else shown = <span className="muted">{t('customFields.notAvailable')}</span>;
  return (
    <span className={field.type === 'PICKLIST' && value ? 'cfv__value cfv__value--chip' : 'cfv__value'}>
      {shown}
      {value && value.links && value.links.delete && (
        <span className="cfv__actions">
          <IconButton icon="delete" label={t('customFields.deleteValue', { name: field.label })} danger onClick={() => onDelete({ field, value })} />
        </span>
      )}
    </span>
  );
}

function FieldRow({ field, onAdd, onEdit, onDelete, onChanged }) {
  const values = field.values || [];
  const add = addLinkOf(field);
  let shown;
  if (editsInPlace(field) && values.length <= 1) {
    return (
      <div className="cfv__row" data-testid="cf-field" data-attribute={field.attribute}>
        <dt className="cfv__label">{field.label}</dt>
        <dd className="cfv__values"><InPlaceRow field={field} value={values[0]} add={add} onDelete={onDelete} onChanged={onChanged} /></dd>
      </div>
    );
  }
  if (field.type === 'DATED_NUMERIC') shown = <Series field={field} values={values} onEdit={onEdit} onDelete={onDelete} />;
  else if (!values.length) shown = <span className="muted">{t('customFields.notAvailable')}</span>;
  else {
    shown = values.map((v) => (
      <span key={v.id} className={field.type === 'PICKLIST' ? 'cfv__value cfv__value--chip' : 'cfv__value'}>
        <span data-testid="cf-value">{formatValue(field, v)}</span>
        <ValueActions field={field} value={v} onEdit={onEdit} onDelete={onDelete} />
      </span>
    ));
  }
  return (
    <div className="cfv__row" data-testid="cf-field" data-attribute={field.attribute}>
      <dt className="cfv__label">{field.label}</dt>
      <dd className="cfv__values">
        {shown}
        {add && (
          <button type="button" className="btn btn--ghost btn--tiny" onClick={() => onAdd(field, add)} aria-label={t('customFields.addNamed', { name: field.label })}>
            {t('customFields.addValue')}
          </button>
        )}
      </dd>
    </div>
  );
}

/**
 * The module's custom fields with their values (spec §3, §6): add, edit and delete each value through its
 * server form where the links allow; a one-value field of a plain type is edited in place (issue 40), a series or
 * a many-option list through its dialogs. A delete that fails is only logged (spec §8).
 */
export default function FieldsSection({ module, onChanged }) {
  const [dialog, setDialog] = useState(null);
  const changed = () => { if (onChanged) onChanged(); };
  const del = useConfirmAction(async ({ value }) => {
    try {
      await deleteFieldValue(value);
    } catch (err) {
      console.error('The custom value could not be deleted', err); // spec §8: logged, not shown
    }
    changed();
  });
  const fields = shownFields(module);
  if (!fields.length) return null;
  const onAdd = (field, link) => setDialog({ title: t('customFields.addNamed', { name: field.label }), url: link.url });
  const onEdit = (field, value) => setDialog({ title: t('customFields.editNamed', { name: field.label }), url: value.links.edit.url });
  return (
    <section className="cfv" aria-label={t('customFields.fieldsOf', { name: module.name })} data-testid="fields-section">
      <h2 className="cfv__title">{t('customFields.fields')}</h2>
      <dl className="cfv__list">
        {fields.map((f) => <FieldRow key={f.id} field={f} onAdd={onAdd} onEdit={onEdit} onDelete={del.ask} onChanged={changed} />)}
      </dl>
      {dialog && <FormDialog title={dialog.title} url={dialog.url} onClose={() => setDialog(null)} onSuccess={changed} />}
      {del.target && <ConfirmDialog title={t('customFields.deleteValue', { name: del.target.field.label })} action={del} detail={formatValue(del.target.field, del.target.value)} />}
    </section>
  );
}
