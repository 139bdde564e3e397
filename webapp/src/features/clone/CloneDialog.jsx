import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import DynamicForm from '../../components/DynamicForm.jsx';
import Loading from '../../components/Loading.jsx';
import Modal from '../../components/Modal.jsx';
import useFetch from '../../hooks/useFetch.js';
import { treeChanged } from '../../lib/changes.js';
import { t } from '../../lib/i18n.js';
import { cloneFormUrl, listTemplates } from './api.js';
import { moduleUrlFor, typeInSentence } from './clone.js';
import DependencyList from './DependencyList.jsx';
import TemplateList from './TemplateList.jsx';
import './clone.css';

function TemplatePicker({ module, onPick }) {
  const { status, data, error } = useFetch(listTemplates, [module.id]);
  if (status === 'loading') return <Loading inline />;
  if (status === 'failed') return <div className="form__error" role="alert">{error}</div>;
  if (!data.length) return <div className="empty">{t('clone.noTemplatesFor', { type: typeInSentence(module) })}</div>;
  return <TemplateList templates={data} onPick={onPick} />;
}

/** The clone dialog (spec §2 Clone): 'Clone {name}', the clone form, 'Clone from template' with a second clone
 *  form and the template's dependency list, and Close. Success opens the copy. */
export default function CloneDialog({ module, onClose }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [picking, setPicking] = useState(false);
  const [template, setTemplate] = useState(null);
  // A new version needs the module's edit link (spec §6) and a place to put it (the clone link).
  const allowed = !!(module.links && module.links.edit && module.links.clone);
  const done = (item) => {
    treeChanged();
    if (item && item.id) navigate(moduleUrlFor(location.pathname, item));
  };

  return (
    <Modal title={t('clone.cloneNamed', { name: module.name })} onClose={onClose} wide
      footer={<button type="button" className="btn" onClick={onClose} data-testid="clone-close">{t('common.close')}</button>}>
      {!allowed ? (
        <div className="empty" data-testid="no-clone-permission">{t('clone.noPermission')}</div>
      ) : (
        <div className="clone" data-testid="clone-dialog">
          <p className="clone__intro">{t('clone.intro', { type: typeInSentence(module) })}</p>
          <button type="button" className="btn" onClick={() => setPicking((p) => !p)} data-testid="clone-from-template">
            {t('clone.cloneFromTemplate')}
          </button>
          {picking && <TemplatePicker module={module} onPick={(tpl) => { setTemplate(tpl); setPicking(false); }} />}
          {template && (
            <section className="clone__section" data-testid="template-clone">
              <h3>{t('clone.fromTemplate', { name: template.name })}</h3>
              {template.links && template.links.manage && (
                <DependencyList key={template.id} manageUrl={template.links.manage.url} />
              )}
              <DynamicForm key={`t${template.id}`} url={cloneFormUrl(module.id, template.id)} submitLabel={t('clone.cloneFromTemplate')}
                onSuccess={done} testId="clone-template-form" />
            </section>
          )}
          <section className="clone__section">
            <h3>{t('clone.copyAsItIs')}</h3>
            <DynamicForm url={cloneFormUrl(module.id)} submitLabel={t('clone.clone')} onSuccess={done} testId="clone-form" />
          </section>
        </div>
      )}
    </Modal>
  );
}
