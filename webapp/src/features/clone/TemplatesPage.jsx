import { useMemo, useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import DataTable from '../../components/DataTable.jsx';
import DynamicForm from '../../components/DynamicForm.jsx';
import Loading from '../../components/Loading.jsx';
import Modal from '../../components/Modal.jsx';
import useConfirmAction from '../../hooks/useConfirmAction.js';
import useFetch from '../../hooks/useFetch.js';
import { isoDate } from '../../lib/csv.js';
import { formatDate } from '../../lib/dates.js';
import { addTemplateUrl, deleteTemplate, listTemplates } from './api.js';
import DependencyList from './DependencyList.jsx';
import './clone.css';

function TemplateActions({ template: t, onOpen, onDelete }) {
  return (
    <span className="nowrap">
      {t.links.manage && (
        <button type="button" className="btn btn--small" data-testid="manage-template" onClick={() => onOpen({ kind: 'manage', template: t })}>Dependencies</button>
      )}{' '}
      {t.links.edit && (
        <button type="button" className="btn btn--small" data-testid="edit-template" onClick={() => onOpen({ kind: 'edit', template: t })}>Edit</button>
      )}{' '}
      {t.links.delete && (
        <button type="button" className="btn btn--small btn--danger-outline" data-testid="delete-template" onClick={() => onDelete(t)}>Delete</button>
      )}
    </span>
  );
}

/** Add (on a module), edit and the dependencies of a template: {kind: 'add' | 'edit' | 'manage', ...}. */
function TemplateDialog({ dialog, onClose, onSaved }) {
  if (dialog.kind === 'add') {
    return (
      <Modal title="Add Template" onClose={onClose}>
        <DynamicForm url={addTemplateUrl(dialog.moduleId)} onSuccess={onSaved} onCancel={onClose} submitLabel="Add" testId="template-form" />
      </Modal>
    );
  }
  if (dialog.kind === 'edit') {
    return (
      <Modal title={`Edit ${dialog.template.name}`} onClose={onClose}>
        <DynamicForm url={dialog.template.links.edit.url} onSuccess={onSaved} onCancel={onClose} testId="template-form" />
      </Modal>
    );
  }
  return (
    <Modal title={`Dependencies of ${dialog.template.name}`} onClose={onSaved} wide
      footer={<button type="button" className="btn" onClick={onSaved}>Close</button>}>
      <p className="clone__intro">What a clone made from this template takes along from &lsquo;{dialog.template.module.name}&rsquo;.</p>
      <DependencyList manageUrl={dialog.template.links.manage.url} />
    </Modal>
  );
}

function AddTemplateBar({ sources, onAdd }) {
  const [source, setSource] = useState('');
  return (
    <span className="templates__bar">
      <select value={source} onChange={(e) => setSource(e.target.value)} aria-label="Template of" data-testid="template-source">
        <option value="" disabled>Template of…</option>
        {sources.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
      </select>
      <button type="button" className="btn btn--primary btn--small" disabled={!source} data-testid="add-template"
        onClick={() => onAdd(source)}>Add Template</button>
    </span>
  );
}

/** Portal settings, templates (spec §2 Clone, §3 Template): the templates of the portal and its projects,
 *  add one to a project, manage its dependencies, edit, delete. */
export default function TemplatesPage({ portal }) {
  const { status, data, error, reload } = useFetch(listTemplates, [portal.id, true]);
  const [dialog, setDialog] = useState(null);
  const del = useConfirmAction(async (template) => { await deleteTemplate(template); reload(); });
  const sources = [portal, ...(portal.children || [])].filter((m) => m.links && m.links.edit);
  const { ask } = del;
  const columns = useMemo(() => [
    { Header: 'Name', accessor: 'name', Cell: ({ value }) => <strong data-testid="template-name">{value}</strong> },
    { Header: 'Description', accessor: 'description' },
    { Header: 'Module', accessor: (t) => t.module.name, id: 'module' },
    { Header: 'Created By', accessor: 'createdBy' },
    { Header: 'Created', accessor: 'created', csv: (t) => isoDate(t.created), Cell: ({ value }) => <span className="nowrap">{formatDate(value)}</span>, filter: false },
    { Header: '', id: 'actions', filter: false, disableSortBy: true, Cell: ({ row }) => <TemplateActions template={row.original} onOpen={setDialog} onDelete={ask} /> },
  ], [ask]);

  if (status === 'loading') return <Loading inline />;
  if (status === 'failed') return <div className="form__error" role="alert">{error}</div>;
  return (
    <div data-testid="templates-page">
      <h2 className="section-title">Templates</h2>
      <DataTable columns={columns} data={data || []} emptyText="No templates yet" testId="templates-table" exportName={['templates', portal.name]}
        rowProps={(t) => ({ 'data-testid': 'template-row', 'data-id': t.id })}
        toolbar={sources.length > 0 && <AddTemplateBar sources={sources} onAdd={(moduleId) => setDialog({ kind: 'add', moduleId })} />} />
      {dialog && <TemplateDialog dialog={dialog} onClose={() => setDialog(null)} onSaved={() => { setDialog(null); reload(); }} />}
      {del.target && <ConfirmDialog title="Delete template" detail={del.target.name} action={del} />}
    </div>
  );
}
