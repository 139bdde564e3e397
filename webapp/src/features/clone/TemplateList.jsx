/** Templates to pick from (the clone dialog's 'Clone from template', an add dialog's 'Start from template'): each
 *  with its description, the model it copies and who made it, and a 'Use' button. */
export default function TemplateList({ templates, onPick }) {
  return (
    <ul className="clone__templates" data-testid="template-list">
      {templates.map((t) => (
        <li key={t.id}>
          <div>
            <strong>{t.name}</strong>
            <small>{t.description || ''} · {t.module.name}{t.createdBy ? ` · ${t.createdBy}` : ''}</small>
          </div>
          <button type="button" className="btn btn--small" onClick={() => onPick(t)} data-testid="use-template"
            aria-label={`Use ${t.name}`}>Use</button>
        </li>
      ))}
    </ul>
  );
}
