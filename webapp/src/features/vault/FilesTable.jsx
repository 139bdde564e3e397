import { useMemo, useState } from 'react';
import { useInRouterContext } from 'react-router-dom';
import ConfirmDialog from '../../components/ConfirmDialog.jsx';
import DataTable from '../../components/DataTable.jsx';
import useLatest from '../../hooks/useLatest.js';
import { formatFileSize, parseFileSize } from '../../lib/format.js';
import { formatNumber, t } from '../../lib/i18n.js';
import { EditFileDialog, VersionsDialog } from './FileDialogs.jsx';
import FilePreview from './FilePreview.jsx';
import { FileOpen } from './FileThumb.jsx';
import PreviewDeepLink from './PreviewDeepLink.jsx';
import UploadDialog from './UploadDialog.jsx';
import { itemTexts } from './vault.js';
import { createdColumns, titleColumn } from './vaultColumns.jsx';
import { LockedPopup, ResultDialog } from './VaultDialogs.jsx';
import VaultRowActions from './VaultRowActions.jsx';
import usePendingPoll from './usePendingPoll.js';
import useVaultItems from './useVaultItems.js';

/** The English text of a failed delete (what the tests look for; the screen shows t('vault.deleteFileFailed')). */
export const DELETE_FILE_FAILED = 'There has been error deleting the file. Please try again';

/** The file columns; the cells act through `act` (a ref), so a menu open in a row survives a reload. */
function useFileColumns(act) {
  return useMemo(() => [
    { Header: t('vault.id'), accessor: 'id', filter: 'range', width: 70, className: 'muted', sortKey: 'id' },
    titleColumn('file', t('vault.fileLocked'), { sortKey: 'title' }, (f) => <FileOpen file={f} onOpen={(x) => act.current.preview(x)} />),
    { Header: t('vault.file'), accessor: (f) => f.filename || f.fileName, id: 'filename', sortKey: 'filename', Cell: ({ value }) => <span className="vault-filename" title={value}>{value}</span> },
    {
      Header: t('vault.size'), accessor: 'filesize', sortKey: 'filesize', filter: 'range', parseFilter: parseFileSize, searchText: (v) => formatFileSize(v), width: 120,
      Cell: ({ value }) => <span className="nowrap" data-testid="file-size">{formatFileSize(value)}</span>,
    },
    ...createdColumns(t('vault.dateAdded'), { sortKey: 'created' }),
    {
      Header: '',
      id: 'actions',
      className: 'vault-actions',
      Cell: ({ row }) => {
        const f = row.original;
        const count = formatNumber((f.versions || []).length);
        const versions = { label: t('vault.versionsCount', { count }), testId: 'file-versions', onClick: () => act.current.versions(f) };
        return <VaultRowActions item={f} prefix="file" act={act} more={[versions]} download onPreview={(x) => act.current.preview(x)} />;
      },
    },
  ], [act]);
}

/**
 * The files of a module's vault (spec §2 Files and references): ID, Title, File, Size, Date Added,
 * Created By and the row actions download, edit, delete and more (lock, unlock, versions).
 * With `server` (a DataTable server prop) `vault.files` is one page, paged, sorted and searched by the API
 * (the CSV export reads every page). `exportName`: what the CSV file is called ('files-<module>-<day>.csv').
 * A file's thumbnail, title or Preview opens its preview pane (also from `?hit=file-<id>&preview=1&page=<n>`);
 * while a file's text is being read, `refresh` (a quiet re-read; else `reload`) runs every 3 s.
 */
export default function FilesTable({ vault, put, drop, reload, refresh, onChanged, server = null, exportName = 'files' }) {
  const [dialog, setDialog] = useState(null);
  const links = vault.links || {};
  const files = vault.files || [];
  // A file added or removed moves the pages: the server says what the page holds now.
  const moved = (item) => {
    if (server && reload) reload();
    else if (item) put('files', item);
    if (onChanged) onChanged();
  };
  const texts = itemTexts('files');
  const items = useVaultItems({ key: 'files', texts, vault: { put, drop, reload, onChanged }, afterDelete: () => moved() });
  const act = useLatest({
    ...items, edit: (file) => setDialog({ kind: 'edit', file }), remove: items.del.ask, versions: (file) => setDialog({ kind: 'versions', file }),
    preview: (file, page = null) => setDialog({ kind: 'preview', file, page }),
  });
  const again = refresh || reload;
  usePendingPoll(files, again);
  const routed = useInRouterContext(); // the tests (and any page outside a router) have no address to read
  const columns = useFileColumns(act);
  const close = () => setDialog(null);
  const del = items.del.target;
  // The file as the latest read has it (its text state moves while the pane is open).
  const current = (f) => files.find((x) => x.id === f.id) || f;
  return (
    <>
      <DataTable columns={columns} data={files} emptyText={t('vault.noFiles')} testId="files-table" server={server}
        noMatchText={t('vault.noMatchingFiles')}
        exportName={exportName}
        rowProps={(f) => ({ 'data-testid': 'file-row', 'data-id': f.id, className: f.locked ? 'is-locked' : undefined })}
        toolbar={links.add_file && (
          <button type="button" className="btn btn--primary btn--small" data-testid="upload-file" onClick={() => setDialog({ kind: 'upload' })}>
            {links.add_file.label || t('vault.uploadFile')}
          </button>
        )} />
      {dialog && dialog.kind === 'upload' && <UploadDialog link={links.add_file} onClose={close} onUploaded={(item) => { close(); moved(item); }} />}
      {dialog && dialog.kind === 'edit' && <EditFileDialog file={dialog.file} onClose={close} onSaved={(item) => { close(); items.changed(item); }} />}
      {dialog && dialog.kind === 'versions' && <VersionsDialog file={current(dialog.file)} onClose={close} />}
      {dialog && dialog.kind === 'preview' && (
        <FilePreview file={current(dialog.file)} page={dialog.page} onClose={close}
          onChanged={(item) => { items.changed(item); if (again) again(); }} />
      )}
      {routed && <PreviewDeepLink files={files} onOpen={(f, page) => act.current.preview(f, page)} />}
      {del && <ConfirmDialog title={t('vault.deleteFile')} question={texts.question} detail={`${del.title} (${del.filename})`} action={items.del} />}
      <LockedPopup message={items.locked} onClose={items.closeLocked} />
      <ResultDialog result={items.result} onClose={items.closeResult} />
    </>
  );
}
