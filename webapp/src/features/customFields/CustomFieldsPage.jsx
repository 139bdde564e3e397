/** Portal settings, custom fields: the fields defined on the portal, added, edited and deleted through server forms. */
import { useMemo, useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import DataTable from '../../components/DataTable.jsx';
import FormDialog from '../../components/FormDialog.jsx';
import Loading from '../../components/Loading.jsx';
import useConfirmAction from '../../hooks/useConfirmAction.js';
import useFetch from '../../hooks/useFetch.js';
import { t } from '../../lib/i18n.js';
import { deleteCustomField, listCustomFields } from './api.js';
import './customFields.css';

/** A field type's name; a type not known here by its code. */
export function typeLabel(type) {
  switch (type) {
    case 'TEXT': return t('customFields.typeText');
    case 'PICKLIST': return t('customFields.typePicklist');
    case 'NUMERIC': return t('customFields.typeNumber');
    case 'DATED_NUMERIC': return t('customFields.typeDatedNumber');
    case 'DATE': return t('customFields.typeDate');
    default: return type;
  }
}

function FieldActions({ field: f, onEdit, onDelete }) {
  return (
    <span className="cf-actions">
      {f.links.edit && <button type="button" className="btn btn--tiny" data-testid="cf-edit" onClick={() => onEdit(f)}>{t('common.edit')}</button>}
      {f.links.delete && <button type="button" className="btn btn--tiny btn--danger-outline" data-testid="cf-delete" onClick={() => onDelete(f)}>{t('common.delete')}</button>}
    </span>
  );
}

export default function CustomFieldsPage({ portal }) {
  const { status, data, error, reload } = useFetch(listCustomFields, [portal.id]);
  const [dialog, setDialog] = useState(null); // {kind: 'add' | 'edit', field}
  const del = useConfirmAction(async (field) => { await deleteCustomField(field); reload(); });
  const addLink = portal.links && portal.links.add_custom_field;
  const { ask } = del;

  const columns = useMemo(() => [
    { Header: t('customFields.label'), accessor: 'label' },
    { Header: t('customFields.attribute'), accessor: 'attribute', Cell: ({ value }) => <code>{value}</code> },
    { Header: t('customFields.type'), accessor: (f) => typeLabel(f.type), id: 'type' },
    { Header: t('customFields.appliesTo'), accessor: (f) => f.targetLabel || t('customFields.allItems'), id: 'target' },
    { Header: t('customFields.symbol'), accessor: (f) => f.symbol || '', id: 'symbol', filter: false },
    { Header: t('customFields.options'), accessor: (f) => (f.options || []).map((o) => o.label).join(', '), id: 'options', filter: false },
    { Header: t('customFields.values'), accessor: 'valueCount', filter: 'range' },
    {
      Header: '', id: 'actions', disableSortBy: true, filter: false,
      Cell: ({ row }) => <FieldActions field={row.original} onEdit={(field) => setDialog({ kind: 'edit', field })} onDelete={ask} />,
    },
  ], [ask]);

  if (status === 'loading' || status === 'idle') return <Loading inline />;
  if (status === 'failed') return <div className="form__error" role="alert">{t('customFields.error', { error })}</div>;
  const saved = () => reload(); // the dialog shows its success, then closes itself
  return (
    <div className="cf-page" data-testid="custom-fields">
      <DataTable columns={columns} data={data || []} pageSize={20} emptyText={t('customFields.noFields')} testId="custom-fields-table" exportName={[t('customFields.fileName'), portal.name]}
        rowProps={(f) => ({ 'data-testid': 'cf-row', 'data-attribute': f.attribute })}
        toolbar={addLink ? (
          <button type="button" className="btn btn--primary btn--small" data-testid="cf-add" onClick={() => setDialog({ kind: 'add' })}>{t('customFields.addButton')}</button>
        ) : null} />
      {dialog && dialog.kind === 'add' && <FormDialog title={t('customFields.addTitle')} url={addLink.url} submitLabel={t('common.add')} onClose={() => setDialog(null)} onSuccess={saved} />}
      {dialog && dialog.kind === 'edit' && (
        <FormDialog title={t('customFields.editNamed', { name: dialog.field.label })} url={dialog.field.links.edit.url} onClose={() => setDialog(null)} onSuccess={saved} />
      )}
      {del.target && (
        <ConfirmDialog title={t('customFields.deleteTitle')} action={del}
          detail={t('customFields.deleteDetail', { name: del.target.label, count: Number(del.target.valueCount) || 0 })} />
      )}
    </div>
  );
}
