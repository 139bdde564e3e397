/** Portal settings, custom fields: the fields defined on the portal, added, edited and deleted through server forms. */
import { useMemo, useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import DataTable from '../../components/DataTable.jsx';
import FormDialog from '../../components/FormDialog.jsx';
import Loading from '../../components/Loading.jsx';
import api, { errorMessage } from '../../lib/apiClient.js';
import useFetch, { pickList } from '../../lib/useFetch.js';
import './customFields.css';

export const TYPE_LABELS = { TEXT: 'Text', PICKLIST: 'Picklist', NUMERIC: 'Number', DATED_NUMERIC: 'Dated number', DATE: 'Date' };

export default function CustomFieldsPage({ portal }) {
  const { status, data, error, reload } = useFetch(`/api/custom-field/list/${portal.id}`, pickList);
  const [dialog, setDialog] = useState(null);
  const [del, setDel] = useState({ busy: false, error: null });
  const addLink = portal.links && portal.links.add_custom_field;

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
      Cell: ({ row }) => {
        const f = row.original;
        return (
          <span className="cf-actions">
            {f.links.edit && <button type="button" className="btn btn--tiny" data-testid="cf-edit"
              onClick={() => setDialog({ kind: 'edit', field: f })}>Edit</button>}
            {f.links.delete && <button type="button" className="btn btn--tiny btn--danger-outline" data-testid="cf-delete"
              onClick={() => { setDel({ busy: false, error: null }); setDialog({ kind: 'delete', field: f }); }}>Delete</button>}
          </span>
        );
      },
    },
  ], []);

  if (status === 'loading' || status === 'idle') return <Loading inline />;
  if (status === 'failed') return <div className="form__error" role="alert">Error: {error}</div>;

  const remove = async () => {
    setDel({ busy: true, error: null });
    try {
      await api.delete(dialog.field.links.delete.url);
      setDialog(null);
      reload();
    } catch (err) {
      setDel({ busy: false, error: errorMessage(err) });
    }
  };

  return (
    <div className="cf-page" data-testid="custom-fields">
      <DataTable columns={columns} data={data || []} emptyText="No custom fields" testId="custom-fields-table"
        rowProps={(f) => ({ 'data-testid': 'cf-row', 'data-attribute': f.attribute })}
        toolbar={addLink ? (
          <button type="button" className="btn btn--primary btn--small" data-testid="cf-add"
            onClick={() => setDialog({ kind: 'add' })}>+ Add Custom Field</button>
        ) : null} />
      {dialog && dialog.kind === 'add' && (
        <FormDialog title="Add Custom Field" url={addLink.url} submitLabel="Add"
          onClose={() => setDialog(null)} onSuccess={() => { setDialog(null); reload(); }} />
      )}
      {dialog && dialog.kind === 'edit' && (
        <FormDialog title={`Edit ${dialog.field.label}`} url={dialog.field.links.edit.url}
          onClose={() => setDialog(null)} onSuccess={() => { setDialog(null); reload(); }} />
      )}
      {dialog && dialog.kind === 'delete' && (
        <ConfirmDialog title="Delete custom field" busy={del.busy} error={del.error}
          detail={`${dialog.field.label}: its ${dialog.field.valueCount} value(s) go with it.`}
          onConfirm={remove} onCancel={() => setDialog(null)} />
      )}
    </div>
  );
}
