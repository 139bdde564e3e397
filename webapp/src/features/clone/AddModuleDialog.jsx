import { useState } from 'react';
import FormDialog from '../../components/FormDialog.jsx';
import useFetch from '../../hooks/useFetch.js';
import { t } from '../../lib/i18n.js';
import { listStartTemplates } from './api.js';
import DependencyList from './DependencyList.jsx';
import TemplateList from './TemplateList.jsx';
import './clone.css';

/**
 * An 'Add {type}' dialog (issue 40, point 6): the add link's form in a FormDialog (its states, discard prompt and
 * success as any add, 'Create another' included) and, where the portal has templates of the type, 'Start from template': the templates, read
 * when the dialog opens (the toggle shows only if there are some); a pick shows the template's dependency list
 * (for whoever may edit its model) and swaps in the add form filled from it (its add link), 'Start blank' back.
 */
export default function AddModuleDialog({ link, title, onClose, onSuccess }) {
  const { data: templates } = useFetch(listStartTemplates, [{ url: link.url }]);
  const [open, setOpen] = useState(false);
  const [template, setTemplate] = useState(null);
  const usable = (templates || []).filter((tpl) => tpl.links && tpl.links.add);
  const offered = usable.length > 0;
  const start = offered && (
    <div className="clone__start" data-testid="start-from-template">
      <div className="clone__start-bar">
        <button type="button" className="btn btn--small" aria-expanded={open} aria-controls="start-templates"
          onClick={() => setOpen((o) => !o)} data-testid="start-template-toggle">
          {t('clone.startFromTemplate')}
        </button>
        {template && (
          <button type="button" className="btn btn--small" onClick={() => setTemplate(null)} data-testid="start-blank">
            {t('clone.startBlank')}
          </button>
        )}
      </div>
      {open && (
        <div id="start-templates">
          <TemplateList templates={usable} onPick={(tpl) => { setTemplate(tpl); setOpen(false); }} />
        </div>
      )}
      {template && (
        <section className="clone__section" data-testid="start-template">
          <h3>{t('clone.fromTemplate', { name: template.name })}</h3>
          {template.links.manage && <DependencyList key={template.id} manageUrl={template.links.manage.url} />}
        </section>
      )}
    </div>
  );
  return (
    <FormDialog title={title} url={template ? template.links.add.url : link.url}
      note={start || null} submitLabel={t('clone.create')} another onClose={onClose} onSuccess={onSuccess}
      testId={template ? 'add-template-form' : undefined} />
  );
}
