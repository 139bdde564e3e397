import { useMemo, useRef, useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import DataTable from '../../components/DataTable.jsx';
import FormDialog from '../../components/FormDialog.jsx';
import Loading from '../../components/Loading.jsx';
import { errorMessage } from '../../lib/apiClient.js';
import { formatDate } from '../../lib/dates.js';
import MoreMenu from './MoreMenu.jsx';
import { IconButton } from './icons.jsx';
import { LockMark, LockedPopup, ResultDialog } from './VaultDialogs.jsx';
import VaultHeader from './VaultHeader.jsx';
import useVault from './useVault.js';
import { callLink, isHttpUrl } from './vaultApi.js';
import './vault.css';

export const REFERENCE_LOCKED = 'Reference is locked';
export const REFERENCE_UNLOCKED = 'Reference is unlocked';
export const DELETE_REFERENCE_QUESTION = 'Do you want to delete the reference?';
export const DELETE_REFERENCE_FAILED = 'There has been error deleting the reference. Please try again';

const byCreated = (a, b) => String(a.original.created || '').localeCompare(String(b.original.created || ''));

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

/** References: title, description, url, resource type, created, created-by; add, edit, delete, lock, unlock. */
export function ReferencesTable({ vault, put, drop, reload, onChanged }) {
  const [dialog, setDialog] = useState(null);
  const [result, setResult] = useState(null);
  const [locked, setLocked] = useState(null);
  const [del, setDel] = useState(null);

  const links = vault.links || {};
  const refs = vault.references || [];
  const changed = (item) => { if (item) put('references', item); if (onChanged) onChanged(); };

  const toggleLock = async (ref, link, lock) => {
    try {
      const res = await callLink(link);
      changed(res.data && res.data.item ? { ...ref, ...res.data.item } : { ...ref, locked: lock });
      setResult({ kind: 'success', message: lock ? REFERENCE_LOCKED : REFERENCE_UNLOCKED });
    } catch (err) {
      setResult({ kind: 'error', message: errorMessage(err) });
    }
  };

  const confirmDelete = async () => {
    const ref = del.ref;
    setDel({ ref, busy: true });
    try {
      await callLink(ref.links.delete);
      setDel(null);
      drop('references', ref.id);
      if (onChanged) onChanged();
    } catch (err) {
      if (err.response && err.response.status === 423) {
        setDel(null);
        setLocked(REFERENCE_LOCKED);
        if (reload) reload();
      } else {
        setDel({ ref, busy: false, error: DELETE_REFERENCE_FAILED });
      }
    }
  };

  // The cells stay the same components (a menu open in a row survives a reload); they act through this ref.
  const act = useRef(null);
  act.current = { toggleLock, setDialog, setLocked, setDel };

  const columns = useMemo(() => [
    {
      Header: 'Title',
      accessor: 'title',
      Cell: ({ row }) => (
        <span className="vault-title">
          {row.original.locked && <LockMark text={REFERENCE_LOCKED} />}
          <span data-testid="reference-title">{row.original.title}</span>
        </span>
      ),
    },
    { Header: 'Description', accessor: (r) => r.description || '', id: 'description', Cell: ({ value }) => <span className="vault-desc">{value}</span> },
    { Header: 'URL', accessor: 'url', Cell: ({ value }) => <ReferenceUrl url={value} /> },
    {
      Header: 'Resource Type', accessor: 'resourceType', width: 110,
      Cell: ({ value }) => <span className={`tag rtype rtype--${String(value || '').toLowerCase()}`} data-testid="reference-type">{value}</span>,
    },
    {
      Header: 'Created', id: 'created', accessor: (r) => formatDate(r.created), sortType: byCreated,
      Cell: ({ value }) => <span className="nowrap">{value}</span>,
    },
    { Header: 'Created By', accessor: (r) => r.createdBy || '', id: 'createdBy' },
    {
      Header: '',
      id: 'actions',
      className: 'vault-actions',
      Cell: ({ row }) => {
        const r = row.original;
        const l = r.links || {};
        const mayChange = !!(l.lock || l.unlock);
        const more = [];
        if (l.lock) more.push({ label: 'Lock', testId: 'reference-lock', onClick: () => act.current.toggleLock(r, l.lock, true) });
        if (l.unlock) more.push({ label: 'Unlock', testId: 'reference-unlock', onClick: () => act.current.toggleLock(r, l.unlock, false) });
        return (
          <span className="row-actions">
            {(l.edit || (r.locked && mayChange)) && (
              <IconButton icon="edit" label="Edit" data-testid="reference-edit"
                onClick={() => (r.locked || !l.edit ? act.current.setLocked(REFERENCE_LOCKED) : act.current.setDialog({ kind: 'edit', ref: r }))} />
            )}
            {(l.delete || (r.locked && mayChange)) && (
              <IconButton icon="delete" label="Delete" danger data-testid="reference-delete"
                onClick={() => (r.locked || !l.delete ? act.current.setLocked(REFERENCE_LOCKED) : act.current.setDel({ ref: r }))} />
            )}
            <MoreMenu items={more} testId="reference-more" />
          </span>
        );
      },
    },
  ], []);

  return (
    <>
      <DataTable columns={columns} data={refs} emptyText="No references Yet" testId="references-table"
        rowProps={(r) => ({ 'data-testid': 'reference-row', 'data-id': r.id, className: r.locked ? 'is-locked' : undefined })}
        toolbar={links.add_reference && (
          <button type="button" className="btn btn--primary btn--small" data-testid="add-reference"
            onClick={() => setDialog({ kind: 'add' })}>
            {links.add_reference.label || 'Add Reference'}
          </button>
        )} />
      {dialog && dialog.kind === 'add' && (
        <FormDialog title="Add Reference" url={links.add_reference.url} submitLabel="Add" onClose={() => setDialog(null)}
          onSuccess={(item) => { setDialog(null); changed(item); }} />
      )}
      {dialog && dialog.kind === 'edit' && (
        <FormDialog title={`Edit ${dialog.ref.title}`} url={dialog.ref.links.edit.url} onClose={() => setDialog(null)}
          onSuccess={(item) => { setDialog(null); changed(item); }} />
      )}
      {del && (
        <ConfirmDialog title="Delete reference" question={DELETE_REFERENCE_QUESTION} detail={del.ref.title}
          busy={del.busy} error={del.error} onConfirm={confirmDelete} onCancel={() => setDel(null)} />
      )}
      <LockedPopup message={locked} onClose={() => setLocked(null)} />
      <ResultDialog result={result} onClose={() => setResult(null)} />
    </>
  );
}

/** The references tab of a module. */
export default function ReferencesPanel({ module, title }) {
  const { vault, status, error, put, drop, reload } = useVault(module.id);
  if (status === 'loading' || status === 'idle') return <Loading inline />;
  if (status === 'failed') return <div className="form__error" role="alert">{error}</div>;
  return (
    <div className="vault" data-testid="references-panel">
      <VaultHeader vault={vault} title={title} />
      <ReferencesTable vault={vault} put={put} drop={drop} reload={reload} />
    </div>
  );
}
