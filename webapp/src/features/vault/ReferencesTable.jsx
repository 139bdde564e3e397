import { useMemo, useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import DataTable from '../../components/DataTable.jsx';
import FormDialog from '../../components/FormDialog.jsx';
import useLatest from '../../hooks/useLatest.js';
import { t } from '../../lib/i18n.js';
import { LockedPopup, ResultDialog } from './VaultDialogs.jsx';
import { PlayVideo, VideoDialog } from './VideoEmbed.jsx';
import VaultRowActions from './VaultRowActions.jsx';
import useVaultItems from './useVaultItems.js';
import { isHttpUrl, itemTexts } from './vault.js';
import { createdColumns, titleColumn } from './vaultColumns.jsx';

/** A reference's address: a link only when it is http(s), plain text otherwise. */
export function ReferenceUrl({ url }) {
  if (!url) return null;
  if (!isHttpUrl(url)) return <span className="vault-url vault-url--plain" title={url} data-testid="reference-url-text">{url}</span>;
  return (
    <a className="vault-url" href={url} title={url} target="_blank" rel="noopener noreferrer" data-testid="reference-url">
      {url.replace(/^https?:\/\/(www\.)?/i, '')}
    </a>
  );
}

/** The reference columns; the cells act through `act` (a ref), so a menu open in a row survives a reload. */
function useReferenceColumns(act) {
  return useMemo(() => [
    titleColumn('reference', t('vault.referenceLocked')),
    { Header: t('common.description'), accessor: (r) => r.description || '', id: 'description', Cell: ({ value }) => <span className="vault-desc">{value}</span> },
    {
      Header: t('vault.url'), accessor: 'url',
      Cell: ({ value, row }) => (
        <span className="vault-url-cell">
          <ReferenceUrl url={value} />
          <PlayVideo reference={row.original} onPlay={(r) => act.current.play(r)} />
        </span>
      ),
    },
    {
      Header: t('vault.resourceType'), accessor: 'resourceType', width: 110,
      Cell: ({ value }) => <span className={`tag rtype rtype--${String(value || '').toLowerCase()}`} data-testid="reference-type">{value}</span>,
    },
    ...createdColumns(t('vault.created')),
    {
      Header: '',
      id: 'actions',
      className: 'vault-actions',
      Cell: ({ row }) => <VaultRowActions item={row.original} prefix="reference" act={act} />,
    },
  ], [act]);
}

/**
 * References: title, description, url (and Play video for a YouTube or Vimeo one), resource type, created,
 * created-by; add, edit, delete, lock, unlock; Export CSV (`exportName`: what the file is called).
 */
export default function ReferencesTable({ vault, put, drop, reload, onChanged, exportName = 'references' }) {
  const [dialog, setDialog] = useState(null);
  const links = vault.links || {};
  const texts = itemTexts('references');
  const items = useVaultItems({ key: 'references', texts, vault: { put, drop, reload, onChanged }, afterDelete: () => { if (onChanged) onChanged(); } });
  const act = useLatest({
    ...items, edit: (ref) => setDialog({ kind: 'edit', ref }), remove: items.del.ask, play: (ref) => setDialog({ kind: 'video', ref }),
  });
  const columns = useReferenceColumns(act);
  const close = () => setDialog(null);
  const saved = (item) => items.changed(item); // the dialog closes itself after its success
  return (
    <>
      <DataTable columns={columns} data={vault.references || []} emptyText={t('vault.noReferences')} testId="references-table" exportName={exportName}
        rowProps={(r) => ({ 'data-testid': 'reference-row', 'data-id': r.id, className: r.locked ? 'is-locked' : undefined })}
        toolbar={links.add_reference && (
          <button type="button" className="btn btn--primary btn--small" data-testid="add-reference" onClick={() => setDialog({ kind: 'add' })}>
            {links.add_reference.label || t('vault.addReference')}
          </button>
        )} />
      {dialog && dialog.kind === 'add' && <FormDialog title={t('vault.addReference')} url={links.add_reference.url} submitLabel={t('common.add')} onClose={close} onSuccess={saved} />}
      {dialog && dialog.kind === 'edit' && <FormDialog title={t('vault.editItem', { title: dialog.ref.title })} url={dialog.ref.links.edit.url} onClose={close} onSuccess={saved} />}
      {dialog && dialog.kind === 'video' && <VideoDialog reference={dialog.ref} onClose={close} />}
      {items.del.target && (
        <ConfirmDialog title={t('vault.deleteReference')} question={texts.question} detail={items.del.target.title} action={items.del} />
      )}
      <LockedPopup message={items.locked} onClose={items.closeLocked} />
      <ResultDialog result={items.result} onClose={items.closeResult} />
    </>
  );
}
