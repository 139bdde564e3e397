import { useMemo, useRef, useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import DataTable from '../../components/DataTable.jsx';
import Loading from '../../components/Loading.jsx';
import { errorMessage } from '../../lib/apiClient.js';
import { formatDate } from '../../lib/dates.js';
import { formatFileSize, parseFileSize } from '../../lib/format.js';
import { EditFileDialog, VersionsDialog } from './FileDialogs.jsx';
import MoreMenu from './MoreMenu.jsx';
import { IconButton } from './icons.jsx';
import UploadDialog from './UploadDialog.jsx';
import { LockMark, LockedPopup, ResultDialog } from './VaultDialogs.jsx';
import VaultHeader from './VaultHeader.jsx';
import useVault from './useVault.js';
import { callLink, downloadLink } from './vaultApi.js';
import './vault.css';

export const FILE_LOCKED = 'File is locked';
export const FILE_UNLOCKED = 'File is unlocked';
export const DELETE_FILE_QUESTION = 'Do you want to delete the following file?';
export const DELETE_FILE_FAILED = 'There has been error deleting the file. Please try again';

const byCreated = (a, b) => String(a.original.created || '').localeCompare(String(b.original.created || ''));

/**
 * The files of a module's vault (spec §2 Files and references): ID, Title, File, Size, Date Added,
 * Created By and the row actions download, edit, delete and more (lock, unlock, versions).
 */
export function FilesTable({ vault, put, drop, reload, onChanged }) {
  const [dialog, setDialog] = useState(null);
  const [result, setResult] = useState(null);
  const [locked, setLocked] = useState(null);
  const [del, setDel] = useState(null);

  const links = vault.links || {};
  const files = vault.files || [];

  const changed = (item) => { if (item) put('files', item); if (onChanged) onChanged(); };

  const toggleLock = async (file, link, lock) => {
    try {
      const res = await callLink(link);
      changed(res.data && res.data.item ? { ...file, ...res.data.item } : { ...file, locked: lock });
      setResult({ kind: 'success', message: lock ? FILE_LOCKED : FILE_UNLOCKED });
    } catch (err) {
      setResult({ kind: 'error', message: errorMessage(err) });
    }
  };

  const download = async (link, name) => {
    try {
      await downloadLink(link, name);
    } catch (err) {
      setResult({ kind: 'error', message: errorMessage(err) });
    }
  };

  const confirmDelete = async () => {
    const file = del.file;
    setDel({ file, busy: true });
    try {
      await callLink(file.links.delete);
      setDel(null);
      drop('files', file.id);
      if (onChanged) onChanged();
    } catch (err) {
      if (err.response && err.response.status === 423) {
        setDel(null);
        setLocked(FILE_LOCKED);
        if (reload) reload();
      } else {
        setDel({ file, busy: false, error: DELETE_FILE_FAILED });
      }
    }
  };

  // The cells stay the same components (a menu open in a row survives a reload); they act through this ref.
  const act = useRef(null);
  act.current = { toggleLock, download, setDialog, setLocked, setDel };

  const columns = useMemo(() => [
    { Header: 'ID', accessor: 'id', filter: 'range', width: 70, className: 'muted' },
    {
      Header: 'Title',
      accessor: 'title',
      Cell: ({ row }) => (
        <span className="vault-title">
          {row.original.locked && <LockMark text={FILE_LOCKED} />}
          <span data-testid="file-title">{row.original.title}</span>
        </span>
      ),
    },
    { Header: 'File', accessor: (f) => f.filename || f.fileName, id: 'filename', Cell: ({ value }) => <span className="vault-filename" title={value}>{value}</span> },
    {
      Header: 'Size',
      accessor: 'filesize',
      filter: 'range',
      parseFilter: parseFileSize,
      searchText: (v) => formatFileSize(v),
      Cell: ({ value }) => <span className="nowrap" data-testid="file-size">{formatFileSize(value)}</span>,
      width: 120,
    },
    {
      Header: 'Date Added', id: 'created', accessor: (f) => formatDate(f.created), sortType: byCreated,
      Cell: ({ value }) => <span className="nowrap">{value}</span>,
    },
    { Header: 'Created By', accessor: (f) => f.createdBy || '', id: 'createdBy' },
    {
      Header: '',
      id: 'actions',
      className: 'vault-actions',
      Cell: ({ row }) => {
        const f = row.original;
        const l = f.links || {};
        // A locked file the reader could otherwise change keeps its Edit and Delete, which explain the lock.
        const mayChange = !!(l.lock || l.unlock);
        const more = [];
        if (l.lock) more.push({ label: 'Lock', testId: 'file-lock', onClick: () => act.current.toggleLock(f, l.lock, true) });
        if (l.unlock) more.push({ label: 'Unlock', testId: 'file-unlock', onClick: () => act.current.toggleLock(f, l.unlock, false) });
        more.push({ label: `Versions (${(f.versions || []).length})`, testId: 'file-versions', onClick: () => act.current.setDialog({ kind: 'versions', file: f }) });
        return (
          <span className="row-actions">
            {l.download && (
              <IconButton icon="download" label="Download" data-testid="file-download"
                onClick={() => act.current.download(l.download, f.filename)} />
            )}
            {(l.edit || (f.locked && mayChange)) && (
              <IconButton icon="edit" label="Edit" data-testid="file-edit"
                onClick={() => (f.locked || !l.edit ? act.current.setLocked(FILE_LOCKED) : act.current.setDialog({ kind: 'edit', file: f }))} />
            )}
            {(l.delete || (f.locked && mayChange)) && (
              <IconButton icon="delete" label="Delete" danger data-testid="file-delete"
                onClick={() => (f.locked || !l.delete ? act.current.setLocked(FILE_LOCKED) : act.current.setDel({ file: f }))} />
            )}
            <MoreMenu items={more} testId="file-more" />
          </span>
        );
      },
    },
  ], []);

  return (
    <>
      <DataTable columns={columns} data={files} emptyText="No files Yet" testId="files-table"
        rowProps={(f) => ({ 'data-testid': 'file-row', 'data-id': f.id, className: f.locked ? 'is-locked' : undefined })}
        toolbar={links.add_file && (
          <button type="button" className="btn btn--primary btn--small" data-testid="upload-file"
            onClick={() => setDialog({ kind: 'upload' })}>
            {links.add_file.label || 'Upload File'}
          </button>
        )} />

      {dialog && dialog.kind === 'upload' && (
        <UploadDialog link={links.add_file} onClose={() => setDialog(null)}
          onUploaded={(item) => { setDialog(null); changed(item); }} />
      )}
      {dialog && dialog.kind === 'edit' && (
        <EditFileDialog file={dialog.file} onClose={() => setDialog(null)}
          onSaved={(item) => { setDialog(null); changed(item); }} />
      )}
      {dialog && dialog.kind === 'versions' && (
        <VersionsDialog file={files.find((x) => x.id === dialog.file.id) || dialog.file} onClose={() => setDialog(null)} />
      )}
      {del && (
        <ConfirmDialog title="Delete file" question={DELETE_FILE_QUESTION}
          detail={`${del.file.title} (${del.file.filename})`} busy={del.busy} error={del.error}
          onConfirm={confirmDelete} onCancel={() => setDel(null)} />
      )}
      <LockedPopup message={locked} onClose={() => setLocked(null)} />
      <ResultDialog result={result} onClose={() => setResult(null)} />
    </>
  );
}

/** The files tab of a module. */
export default function FilesPanel({ module, title }) {
  const { vault, status, error, put, drop, reload } = useVault(module.id);
  if (status === 'loading' || status === 'idle') return <Loading inline />;
  if (status === 'failed') return <div className="form__error" role="alert">{error}</div>;
  return (
    <div className="vault" data-testid="files-panel">
      <VaultHeader vault={vault} title={title} />
      <FilesTable vault={vault} put={put} drop={drop} reload={reload} />
    </div>
  );
}
