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
import { t } from '../../lib/i18n.js';
import { addTemplateUrl, deleteTemplate, listTemplates } from './api.js';
import DependencyList from './DependencyList.jsx';
import './clone.css';

function TemplateActions({ template: tpl, onOpen, onDelete }) {
  return (
    <span className="nowrap">
      {tpl.links.manage && (
        <button type="button" className="btn btn--small" data-testid="manage-template" onClick={() => onOpen({ kind: 'manage', template: tpl })}>{t('clone.dependencies')}</button>
      )}{' '}
      {tpl.links.edit && (
        <button type="button" className="btn btn--small" data-testid="edit-template" onClick={() => onOpen({ kind: 'edit', template: tpl })}>{t('common.edit')}</button>
      )}{' '}
      {tpl.links.delete && (
        <button type="button" className="btn btn--small btn--danger-outline" data-testid="delete-template" onClick={() => onDelete(tpl)}>{t('common.delete')}</button>
      )}
    </span>
  );
}

/** Add (on a module), edit and the dependencies of a template: {kind: 'add' | 'edit' | 'manage', ...}. */
function TemplateDialog({ dialog, onClose, onSaved }) {
  if (dialog.kind === 'add') {
    return (
      <Modal title={t('clone.addTemplate')} onClose={onClose}>
        <DynamicForm url={addTemplateUrl(dialog.moduleId)} onSuccess={onSaved} onCancel={onClose} submitLabel={t('common.add')} testId="template-form" />
      </Modal>
    );
  }
  if (dialog.kind === 'edit') {
    return (
      <Modal title={t('clone.editNamed', { name: dialog.template.name })} onClose={onClose}>
        <DynamicForm url={dialog.template.links.edit.url} onSuccess={onSaved} onCancel={onClose} testId="template-form" />
      </Modal>
    );
  }
  return (
    <Modal title={t('clone.dependenciesOf', { name: dialog.template.name })} onClose={onSaved} wide
      footer={<button type="button" className="btn" onClick={onSaved}>{t('common.close')}</button>}>
      <p className="clone__intro">{t('clone.takesAlongFrom', { name: dialog.template.module.name })}</p>
      <DependencyList manageUrl={dialog.template.links.manage.url} />
    </Modal>
  );
}

function AddTemplateBar({ sources, onAdd }) {
  const [source, setSource] = useState('');
  return (
    <span className="templates__bar">
      <select value={source} onChange={(e) => setSource(e.target.value)} aria-label={t('clone.templateOf')} data-testid="template-source">
        <option value="" disabled>{t('clone.templateOfPick')}</option>
        {sources.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
      </select>
      <button type="button" className="btn btn--primary btn--small" disabled={!source} data-testid="add-template"
        onClick={() => onAdd(source)}>{t('clone.addTemplate')}</button>
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
    { Header: t('common.name'), accessor: 'name', Cell: ({ value }) => <strong data-testid="template-name">{value}</strong> },
    { Header: t('common.description'), accessor: 'description' },
    { Header: t('clone.module'), accessor: (tpl) => tpl.module.name, id: 'module' },
    { Header: t('clone.createdBy'), accessor: 'createdBy' },
    { Header: t('clone.created'), accessor: 'created', csv: (tpl) => isoDate(tpl.created), Cell: ({ value }) => <span className="nowrap">{formatDate(value)}</span>, filter: false },
    { Header: '', id: 'actions', filter: false, disableSortBy: true, Cell: ({ row }) => <TemplateActions template={row.original} onOpen={setDialog} onDelete={ask} /> },
  ], [ask]);

  if (status === 'loading') return <Loading inline />;
  if (status === 'failed') return <div className="form__error" role="alert">{error}</div>;
  return (
    <div data-testid="templates-page">
      <h2 className="section-title">{t('clone.templates')}</h2>
      <DataTable columns={columns} data={data || []} emptyText={t('clone.noTemplates')} testId="templates-table" exportName={[t('clone.templatesFile'), portal.name]}
        rowProps={(tpl) => ({ 'data-testid': 'template-row', 'data-id': tpl.id })}
        toolbar={sources.length > 0 && <AddTemplateBar sources={sources} onAdd={(moduleId) => setDialog({ kind: 'add', moduleId })} />} />
      {dialog && <TemplateDialog dialog={dialog} onClose={() => setDialog(null)} onSaved={() => { setDialog(null); reload(); }} />}
      {del.target && <ConfirmDialog title={t('clone.deleteTemplate')} detail={del.target.name} action={del} />}
    </div>
  );
}
