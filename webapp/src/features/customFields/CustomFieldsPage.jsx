/** Portal settings, custom fields: the fields defined on the portal, added, edited and deleted through server forms. */
import { useMemo, useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import DataTable from '../../components/DataTable.jsx';
import FormDialog from '../../components/FormDialog.jsx';
import Loading from '../../components/Loading.jsx';
import useConfirmAction from '../../hooks/useConfirmAction.js';
import useFetch from '../../hooks/useFetch.js';
import { deleteCustomField, listCustomFields } from './api.js';
import './customFields.css';

export const TYPE_LABELS = { TEXT: 'Text', PICKLIST: 'Picklist', NUMERIC: 'Number', DATED_NUMERIC: 'Dated number', DATE: 'Date' };

function FieldActions({ field: f, onEdit, onDelete }) {
  return (
    <span className="cf-actions">
      {f.links.edit && <button type="button" className="btn btn--tiny" data-testid="cf-edit" onClick={() => onEdit(f)}>Edit</button>}
      {f.links.delete && <button type="button" className="btn btn--tiny btn--danger-outline" data-testid="cf-delete" onClick={() => onDelete(f)}>Delete</button>}
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
    { Header: 'Label', accessor: 'label' },
    { Header: 'Attribute', accessor: 'attribute', Cell: ({ value }) => <code>{value}</code> },
    { Header: 'Type', accessor: (f) => TYPE_LABELS[f.type] || f.type, id: 'type' },
    { Header: 'Applies to', accessor: (f) => f.targetLabel || 'All items', id: 'target' },
    { Header: 'Symbol', accessor: (f) => f.symbol || '', id: 'symbol', filter: false },
    { Header: 'Options', accessor: (f) => (f.options || []).map((o) => o.label).join(', '), id: 'options', filter: false },
    { Header: 'Values', accessor: 'valueCount', filter: 'range' },
    {
      Header: '', id: 'actions', disableSortBy: true, filter: false,
      Cell: ({ row }) => <FieldActions field={row.original} onEdit={(field) => setDialog({ kind: 'edit', field })} onDelete={ask} />,
    },
  ], [ask]);

  if (status === 'loading' || status === 'idle') return <Loading inline />;
  if (status === 'failed') return <div className="form__error" role="alert">Error: {error}</div>;
  const saved = () => reload(); // the dialog shows its success, then closes itself
  return (
    <div className="cf-page" data-testid="custom-fields">
      <DataTable columns={columns} data={data || []} pageSize={20} emptyText="No custom fields" testId="custom-fields-table" exportName={['custom-fields', portal.name]}
        rowProps={(f) => ({ 'data-testid': 'cf-row', 'data-attribute': f.attribute })}
        toolbar={addLink ? (
          <button type="button" className="btn btn--primary btn--small" data-testid="cf-add" onClick={() => setDialog({ kind: 'add' })}>+ Add Custom Field</button>
        ) : null} />
      {dialog && dialog.kind === 'add' && <FormDialog title="Add Custom Field" url={addLink.url} submitLabel="Add" onClose={() => setDialog(null)} onSuccess={saved} />}
      {dialog && dialog.kind === 'edit' && (
        <FormDialog title={`Edit ${dialog.field.label}`} url={dialog.field.links.edit.url} onClose={() => setDialog(null)} onSuccess={saved} />
      )}
      {del.target && (
        <ConfirmDialog title="Delete custom field" action={del} detail={`${del.target.label}: its ${del.target.valueCount} value(s) go with it.`} />
      )}
    </div>
  );
}
