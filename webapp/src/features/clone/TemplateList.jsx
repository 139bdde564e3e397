import { t } from '../../lib/i18n.js';

/** Templates to pick from (the clone dialog's 'Clone from template', an add dialog's 'Start from template'): each
 *  with its description, the model it copies and who made it, and a 'Use' button. */
export default function TemplateList({ templates, onPick }) {
  return (
    <ul className="clone__templates" data-testid="template-list">
      {templates.map((tpl) => (
        <li key={tpl.id}>
          <div>
            <strong>{tpl.name}</strong>
            <small>{tpl.description || ''} · {tpl.module.name}{tpl.createdBy ? ` · ${tpl.createdBy}` : ''}</small>
          </div>
          <button type="button" className="btn btn--small" onClick={() => onPick(tpl)} data-testid="use-template"
            aria-label={t('clone.useNamed', { name: tpl.name })}>{t('clone.use')}</button>
        </li>
      ))}
    </ul>
  );
}
