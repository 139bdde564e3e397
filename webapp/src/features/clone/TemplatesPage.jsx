import { useMemo, useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import DataTable from '../../components/DataTable.jsx';
import DynamicForm from '../../components/DynamicForm.jsx';
import Loading from '../../components/Loading.jsx';
import Modal from '../../components/Modal.jsx';
import { errorMessage } from '../../lib/apiClient.js';
import { formatDate } from '../../lib/dates.js';
import useFetch, { pickList } from '../../lib/useFetch.js';
import DependencyList from './DependencyList.jsx';
import { addTemplateUrl, deleteTemplate, templatesUrl } from './cloneApi.js';
import './clone.css';

/** Portal settings, templates (spec §2 Clone, §3 Template): the templates of the portal and its projects,
 *  add one to a project, manage its dependencies, edit, delete. */
export default function TemplatesPage({ portal }) {
  const { status, data, error, reload } = useFetch(templatesUrl(portal.id, true), pickList);
  const [dialog, setDialog] = useState(null);
  const [del, setDel] = useState(null);
  const sources = [portal, ...(portal.children || [])].filter((m) => m.links && m.links.edit);
  const [source, setSource] = useState('');

  const columns = useMemo(() => [
    { Header: 'Name', accessor: 'name', Cell: ({ value }) => <strong data-testid="template-name">{value}</strong> },
    { Header: 'Description', accessor: 'description' },
    { Header: 'Module', accessor: (t) => t.module.name, id: 'module' },
    { Header: 'Created By', accessor: 'createdBy' },
    { Header: 'Created', accessor: 'created', Cell: ({ value }) => <span className="nowrap">{formatDate(value)}</span>, filter: false },
    {
      Header: '',
      id: 'actions',
      filter: false,
      disableSortBy: true,
      Cell: ({ row }) => {
        const t = row.original;
        return (
          <span className="nowrap">
            {t.links.manage && (
              <button type="button" className="btn btn--small" data-testid="manage-template"
                onClick={() => setDialog({ kind: 'manage', template: t })}>Dependencies</button>
            )}{' '}
            {t.links.edit && (
              <button type="button" className="btn btn--small" data-testid="edit-template"
                onClick={() => setDialog({ kind: 'edit', template: t })}>Edit</button>
            )}{' '}
            {t.links.delete && (
              <button type="button" className="btn btn--small btn--danger-outline" data-testid="delete-template"
                onClick={() => setDel({ template: t, busy: false, error: null })}>Delete</button>
            )}
          </span>
        );
      },
    },
  ], []);

  if (status === 'loading') return <Loading inline />;
  if (status === 'failed') return <div className="form__error" role="alert">{error}</div>;

  const close = () => setDialog(null);
  const saved = () => { setDialog(null); reload(); };
  const remove = async () => {
    setDel((d) => ({ ...d, busy: true, error: null }));
    try {
      await deleteTemplate(del.template);
      setDel(null);
      reload();
    } catch (e) {
      setDel((d) => ({ ...d, busy: false, error: errorMessage(e) }));
    }
  };

  return (
    <div data-testid="templates-page">
      <h2 className="section-title">Templates</h2>
      <DataTable columns={columns} data={data || []} emptyText="No templates yet" testId="templates-table"
        rowProps={(t) => ({ 'data-testid': 'template-row', 'data-id': t.id })}
        toolbar={sources.length > 0 && (
          <span className="templates__bar">
            <select value={source} onChange={(e) => setSource(e.target.value)} aria-label="Template of" data-testid="template-source">
              <option value="" disabled>Template of…</option>
              {sources.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
            </select>
            <button type="button" className="btn btn--primary btn--small" disabled={!source} data-testid="add-template"
              onClick={() => setDialog({ kind: 'add', moduleId: source })}>Add Template</button>
          </span>
        )} />
      {dialog && dialog.kind === 'add' && (
        <Modal title="Add Template" onClose={close}>
          <DynamicForm url={addTemplateUrl(dialog.moduleId)} onSuccess={saved} onCancel={close} submitLabel="Add" testId="template-form" />
        </Modal>
      )}
      {dialog && dialog.kind === 'edit' && (
        <Modal title={`Edit ${dialog.template.name}`} onClose={close}>
          <DynamicForm url={dialog.template.links.edit.url} onSuccess={saved} onCancel={close} testId="template-form" />
        </Modal>
      )}
      {dialog && dialog.kind === 'manage' && (
        <Modal title={`Dependencies of ${dialog.template.name}`} onClose={() => { close(); reload(); }} wide
          footer={<button type="button" className="btn" onClick={() => { close(); reload(); }}>Close</button>}>
          <p className="clone__intro">What a clone made from this template takes along from &lsquo;{dialog.template.module.name}&rsquo;.</p>
          <DependencyList manageUrl={dialog.template.links.manage.url} />
        </Modal>
      )}
      {del && (
        <ConfirmDialog title="Delete template" detail={del.template.name} busy={del.busy} error={del.error}
          onConfirm={remove} onCancel={() => setDel(null)} />
      )}
    </div>
  );
}
