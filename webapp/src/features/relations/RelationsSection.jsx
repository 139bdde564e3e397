import { useState } from 'react';
import { Link } from 'react-router-dom';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import FormDialog from '../../components/FormDialog.jsx';
import { IconButton } from '../../components/Icons.jsx';
import useConfirmAction from '../../hooks/useConfirmAction.js';
import useFetch from '../../hooks/useFetch.js';
import { t } from '../../lib/i18n.js';
import { deleteRelation, listRelations } from './api.js';
import { lagText, sentence } from './relations.js';
import './relations.css';

/**
 * A module's relations (issue 42): each read from this module's side ('Follows Task 2 (+2 working days)') with a
 * link to the other module (`urlOf(other)`: where the app shows it), edited and removed through its links; 'Add
 * relation' where the module offers `add_relation`. Only relations whose other end the reader sees are listed (the
 * server decides). `onChanged` follows a change (the module page reads itself again). With `only` (an id), that
 * relation alone (the Gantt's dialog of a clicked arrow).
 */
export default function RelationsSection({ module, urlOf, onChanged, only = null }) {
  const links = module.links || {};
  const listLink = links.relations;
  const addLink = only ? null : links.add_relation; // `only`: the one relation an arrow of the Gantt stands for
  const { data, status, error, reload } = useFetch(listLink ? listRelations : null, [listLink ? listLink.url : null]);
  const [dialog, setDialog] = useState(null);
  const changed = () => {
    reload();
    if (onChanged) onChanged();
  };
  const del = useConfirmAction(async (relation) => {
    await deleteRelation(relation);
    changed();
  });
  const items = (data || []).filter((r) => !only || r.id === only);
  if (!listLink || (status === 'succeeded' && !items.length && !addLink)) return null;
  return (
    <section className="rel" aria-label={t('relations.relationsOf', { name: module.name })} data-testid="relations-section">
      <h2 className="rel__title">{t('relations.relations')}</h2>
      {status === 'failed' && <p className="form__error" role="alert">{error}</p>}
      {items.length > 0 && (
        <ul className="rel__list">
          {items.map((r) => (
            <li key={r.id} className="rel__item" data-testid="relation" data-side={r.side}>
              <span className="rel__words">{sentence(r.words)}</span>{' '}
              <Link className="rel__other" to={urlOf(r.other)}>{r.other.name}</Link>
              {r.lag !== 0 && <>{' '}<span className="rel__words" data-testid="relation-lag">({lagText(r.lag)})</span></>}
              <span className="rel__actions">
                {r.links.edit && (
                  <IconButton icon="edit" label={t('relations.editWith', { name: r.other.name })}
                    onClick={() => setDialog({ title: t('relations.editTitle'), url: r.links.edit.url })} />
                )}
                {r.links.delete && (
                  <IconButton icon="delete" danger label={t('relations.removeWith', { name: r.other.name })} onClick={() => del.ask(r)} />
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {status === 'succeeded' && !items.length && <p className="muted" data-testid="relations-empty">{t('relations.empty')}</p>}
      {addLink && (
        <button type="button" className="btn btn--ghost btn--tiny" data-testid="add-relation"
          onClick={() => setDialog({ title: t('relations.addTitle'), url: addLink.url })}>
          {t('relations.add')}
        </button>
      )}
      {dialog && <FormDialog title={dialog.title} url={dialog.url} onClose={() => setDialog(null)} onSuccess={changed} />}
      {del.target && (
        <ConfirmDialog title={t('relations.removeTitle')} confirmLabel={t('common.remove')} action={del}
          detail={`${sentence(del.target.words)} ${del.target.other.name}`} />
      )}
    </section>
  );
}
