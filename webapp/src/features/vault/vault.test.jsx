import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import FilesPanel, { DELETE_FILE_FAILED } from './FilesPanel.jsx';
// eslint-disable-next-line import/first
import ReferencesPanel, { ReferenceUrl } from './ReferencesPanel.jsx';
// eslint-disable-next-line import/first
import { uploadFile } from './api.js';
// eslint-disable-next-line import/first
import { filenameFromDisposition, isHttpUrl, referenceCount } from './vault.js';
// eslint-disable-next-line import/first
import { clearToasts, subscribe } from '../../lib/toast.js';

const link = (url, operation = 'GET') => ({ url, operation, label: 'x', access: 'edit' });

function file(id, extra = {}) {
  return {
    id, title: `File ${id}`, filename: `f${id}.txt`, filesize: 1536, created: '2026-11-05T10:00:00', createdBy: 'Sofia', locked: false,
    versions: [],
    links: {
      download: link(`/api/vault/download/5/${id}`), edit: link(`/api/vault/edit/5/${id}`, 'POST'),
      delete: link(`/api/vault/delete/5/${id}`, 'DELETE'), lock: link(`/api/vault/lock-file/5/${id}`, 'PATCH'),
    },
    ...extra,
  };
}

const lockedFile = (id) => file(id, {
  locked: true, links: { download: link(`/api/vault/download/5/${id}`), unlock: link(`/api/vault/unlock-file/5/${id}`, 'PATCH') },
});

function vault(files = [], references = [], links = { add_file: link('/api/vault/upload/5', 'POST'), add_reference: link('/api/reference/add/5', 'POST') }, total = files.length) {
  return { data: { item: { id: 5, moduleId: 5, files, references, links }, meta: { page: 1, perPage: 10, total } } };
}

beforeEach(() => {
  Object.values(api).forEach((fn) => fn.mockReset());
});

describe('vault helpers', () => {
  test('the count badge sums LINK, DOCUMENT and FILE references', () => {
    expect(referenceCount([{ resourceType: 'LINK' }, { resourceType: 'VIDEO' }, { resourceType: 'DOCUMENT' }, { resourceType: 'FILE' }])).toBe(3);
    expect(referenceCount([])).toBe(0);
    expect(referenceCount(undefined)).toBe(0);
  });

  test('only http(s) addresses are links', () => {
    expect(isHttpUrl('https://example.org/x')).toBe(true);
    expect(isHttpUrl('http://example.org')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('data:text/html,hi')).toBe(false);
    expect(isHttpUrl('ftp://example.org')).toBe(false);
    expect(isHttpUrl('not a url')).toBe(false);
    const { container, unmount } = render(<ReferenceUrl url="javascript:alert(1)" />);
    expect(container.querySelector('a')).toBeNull();
    unmount();
    render(<ReferenceUrl url="https://www.example.org/a" />);
    expect(screen.getByTestId('reference-url')).toHaveAttribute('href', 'https://www.example.org/a');
    expect(screen.getByTestId('reference-url')).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('file names from Content-Disposition', () => {
    expect(filenameFromDisposition("attachment; filename*=UTF-8''Bericht%20%C3%BCber.txt")).toBe('Bericht über.txt');
    expect(filenameFromDisposition('attachment; filename="a b.txt"')).toBe('a b.txt');
    expect(filenameFromDisposition('attachment; filename=report.txt')).toBe('report.txt');
    expect(filenameFromDisposition('attachment; filename="x.txt"; filename*=UTF-8\'\'%C3%A9.txt')).toBe('é.txt');
    expect(filenameFromDisposition(undefined)).toBeNull();
  });

  test('uploadFile posts title and file with progress and the abort signal', async () => {
    api.post.mockImplementation((url, fd, cfg) => {
      cfg.onUploadProgress({ loaded: 50, total: 200 });
      return Promise.resolve({ data: { item: { id: 9 } } });
    });
    const progress = [];
    const ctrl = new AbortController();
    const f = new File(['x'.repeat(200)], 'a.txt');
    const item = await uploadFile(link('/api/vault/upload/5', 'POST'), { title: 'T', file: f }, { onProgress: (p) => progress.push(p), signal: ctrl.signal });
    expect(item).toEqual({ id: 9 });
    const [url, fd, cfg] = api.post.mock.calls[0];
    expect(url).toBe('/api/vault/upload/5');
    expect(fd.get('title')).toBe('T');
    expect(fd.get('file').name).toBe('a.txt');
    expect(cfg.signal).toBe(ctrl.signal);
    expect(progress).toEqual([25]);
  });
});

describe('FilesPanel', () => {
  test("'No files Yet' without files; the upload button only with add_file", async () => {
    api.get.mockResolvedValue(vault([], [], {}));
    render(<FilesPanel module={{ id: 5 }} />);
    expect(await screen.findByText('No files Yet')).toBeInTheDocument();
    expect(screen.queryByTestId('upload-file')).toBeNull();
    expect(screen.getByTestId('vault-count')).toHaveTextContent('0');
  });

  test('columns, sizes in base 1024, the count badge', async () => {
    api.get.mockResolvedValue(vault([file(1), file(2, { filesize: 5 * 1024 ** 3 })], [{ id: 1, resourceType: 'LINK' }, { id: 2, resourceType: 'VIDEO' }]));
    render(<FilesPanel module={{ id: 5 }} />);
    await screen.findAllByTestId('file-row');
    expect(screen.getAllByTestId('file-size').map((e) => e.textContent)).toEqual(['1.5 KB', '5 GB']);
    expect(screen.getByTestId('vault-count')).toHaveTextContent('1');
    expect(api.get).toHaveBeenCalledWith('/api/vault/view/5?page=1&perPage=10');
  });

  test('files come a page at a time: pager, sort and search ask the server', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const page1 = Array.from({ length: 10 }, (_, i) => file(i + 1));
    api.get.mockImplementation((url) => Promise.resolve(url.includes('page=2')
      ? vault([file(11), file(12)], [], undefined, 12) : vault(page1, [], undefined, 12)));
    render(<FilesPanel module={{ id: 5 }} />);
    await screen.findAllByTestId('file-row');
    expect(screen.getByTestId('dt-pageinfo')).toHaveTextContent('Page 1 of 2');
    expect(screen.getByTestId('vault-head')).toHaveTextContent('12 files');
    expect(screen.queryByTestId('filter-title')).toBeNull();
    fireEvent.click(screen.getByTestId('dt-next'));
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(2));
    expect(api.get).toHaveBeenLastCalledWith('/api/vault/view/5?page=2&perPage=10');
    fireEvent.click(screen.getByTestId('th-filesize'));
    await waitFor(() => expect(api.get).toHaveBeenLastCalledWith('/api/vault/view/5?page=1&perPage=10&sort=filesize'));
    fireEvent.click(screen.getByTestId('th-filesize'));
    await waitFor(() => expect(api.get).toHaveBeenLastCalledWith('/api/vault/view/5?page=1&perPage=10&sort=-filesize'));
    expect(screen.getByTestId('th-createdBy')).not.toHaveClass('dt__th--sortable');
    fireEvent.change(screen.getByTestId('dt-search'), { target: { value: 'f1 ' } });
    vi.advanceTimersByTime(250);
    await waitFor(() => expect(api.get).toHaveBeenLastCalledWith('/api/vault/view/5?page=1&perPage=10&sort=-filesize&q=f1'));
    vi.useRealTimers();
  });

  test('Export CSV reads every page of the files as sorted, sizes in bytes and dates as YYYY-MM-DD', async () => {
    const blobs = [];
    URL.createObjectURL = vi.fn((b) => { blobs.push(b); return 'blob:files'; });
    URL.revokeObjectURL = vi.fn();
    const names = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function saved() { names.push(this.download); });
    const all = Array.from({ length: 12 }, (_, i) => file(i + 1, { title: i === 2 ? '@risk, "draft"' : `File ${i + 1}` }));
    // the API answers pages of 10 at most: the export asks for 500 and goes on until meta.total
    api.get.mockImplementation((url) => {
      const q = new URL(url, 'http://x').searchParams;
      const page = Number(q.get('page'));
      return Promise.resolve(vault(all.slice((page - 1) * 10, page * 10), [], undefined, 12));
    });
    render(<FilesPanel module={{ id: 5, name: 'Lisbon demo case' }} />);
    await screen.findAllByTestId('file-row');
    fireEvent.click(screen.getByTestId('dt-export'));
    await waitFor(() => expect(names).toHaveLength(1));
    expect(names[0]).toMatch(/^files-lisbon-demo-case-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(api.get).toHaveBeenCalledWith('/api/vault/view/5?page=1&perPage=500');
    expect(api.get).toHaveBeenCalledWith('/api/vault/view/5?page=2&perPage=500');
    const text = await new Promise((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.readAsText(blobs[0]);
    });
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('ID,Title,File,Size,Date Added,Created By');
    expect(lines[1]).toBe('1,File 1,f1.txt,1536,2026-11-05,Sofia');
    expect(lines[3]).toBe('3,"\'@risk, ""draft""",f3.txt,1536,2026-11-05,Sofia');
    expect(lines.filter(Boolean)).toHaveLength(13);
    click.mockRestore();
  });

  test('lock: a toast says File is locked, no dialog waits for Ok; edit and delete are disabled with the lock as tooltip', async () => {
    const seen = [];
    const stop = subscribe((items) => seen.push(...items.map((t) => t.text)));
    api.get.mockResolvedValue(vault([file(1)]));
    api.patch.mockResolvedValue({ data: { item: lockedFile(1) } });
    render(<FilesPanel module={{ id: 5 }} />);
    fireEvent.click(await screen.findByTestId('file-more'));
    fireEvent.click(screen.getByTestId('file-lock'));
    await waitFor(() => expect(screen.getByTestId('lock-mark')).toHaveTextContent('File is locked'));
    expect(seen).toContain('File is locked');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.patch).toHaveBeenCalledWith('/api/vault/lock-file/5/1', undefined);
    for (const id of ['file-edit', 'file-delete']) {
      const button = screen.getByTestId(id);
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAttribute('title', 'File is locked');
      fireEvent.click(button);
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.delete).not.toHaveBeenCalled();
    stop();
    clearToasts();
  });

  test('a failed lock opens ERROR with the message and Ok', async () => {
    api.get.mockResolvedValue(vault([file(1)]));
    api.patch.mockRejectedValue({ response: { status: 403, data: { error: 'You may not do this' } } });
    render(<FilesPanel module={{ id: 5 }} />);
    fireEvent.click(await screen.findByTestId('file-more'));
    fireEvent.click(screen.getByTestId('file-lock'));
    const dialog = await screen.findByRole('dialog', { name: 'ERROR' });
    expect(within(dialog).getByText('You may not do this')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByText('Ok'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('delete asks the question; a failure says so', async () => {
    api.get.mockResolvedValue(vault([file(1), file(2)]));
    api.delete.mockRejectedValueOnce({ response: { status: 500, data: { error: 'boom' } } }).mockResolvedValueOnce({ data: {} });
    render(<FilesPanel module={{ id: 5 }} />);
    fireEvent.click((await screen.findAllByTestId('file-delete'))[0]);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Do you want to delete the following file?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByText('Delete'));
    expect(await within(dialog).findByText(DELETE_FILE_FAILED)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByText('Delete'));
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(1));
    expect(api.delete).toHaveBeenCalledWith('/api/vault/delete/5/1');
  });

  test('a viewer has download only', async () => {
    api.get.mockResolvedValue(vault([file(1, { links: { download: link('/api/vault/download/5/1') } })], [], {}));
    render(<FilesPanel module={{ id: 5 }} />);
    await screen.findByTestId('file-download');
    expect(screen.queryByTestId('file-edit')).toBeNull();
    expect(screen.queryByTestId('file-delete')).toBeNull();
  });
});

describe('ReferencesPanel', () => {
  const ref = (id, extra = {}) => ({
    id, title: `Ref ${id}`, description: 'd', url: 'https://example.org', resourceType: 'LINK', created: '2026-11-05T10:00:00', createdBy: 'Sofia',
    locked: false,
    links: { edit: link(`/api/reference/edit/5/${id}`, 'POST'), delete: link(`/api/reference/delete/5/${id}`, 'DELETE'), lock: link(`/api/reference/lock/5/${id}`, 'PATCH') },
    ...extra,
  });

  test('add through forms[0] (a JSON string); the new row and the badge follow', async () => {
    const form = { method: 'POST', action: '/api/reference/add/5', elements: [
      { name: 'title', label: 'Title', type: 'text', value: '', required: true, options: [] },
      { name: 'url', label: 'URL', type: 'text', value: '', required: true, options: [] },
      { name: 'resourceType', label: 'Resource type', type: 'select', value: 'LINK', required: true, options: [{ value: 'LINK', label: 'Link', selected: true }, { value: 'VIDEO', label: 'Video', selected: false }] },
      { name: '_token', label: '', type: 'hidden', value: 'tok', required: true, options: [] },
    ] };
    api.get.mockImplementation((url) => Promise.resolve(url.startsWith('/api/vault/view/5?') ? vault([], [ref(1, { resourceType: 'VIDEO' })]) : { data: { forms: [JSON.stringify(form)] } }));
    api.post.mockResolvedValue({ data: { item: ref(2, { title: 'Guide' }) } });
    render(<ReferencesPanel module={{ id: 5 }} />);
    await screen.findAllByTestId('reference-row');
    expect(screen.getByTestId('vault-count')).toHaveTextContent('0');
    fireEvent.click(screen.getByTestId('add-reference'));
    fireEvent.change(await screen.findByLabelText(/^Title/), { target: { value: 'Guide' } });
    fireEvent.change(screen.getByLabelText(/^URL/), { target: { value: 'https://example.org/g' } });
    fireEvent.click(screen.getByText('Add'));
    await waitFor(() => expect(screen.getAllByTestId('reference-row')).toHaveLength(2));
    const [url, fd] = api.post.mock.calls[0];
    expect(url).toBe('/api/reference/add/5');
    expect(fd.get('_token')).toBe('tok');
    expect(fd.get('resourceType')).toBe('LINK');
    expect(screen.getByTestId('vault-count')).toHaveTextContent('1');
  });

  test('delete question and failure text; a locked reference\'s delete is disabled, and a 423 shows the popup', async () => {
    api.get.mockResolvedValue(vault([], [ref(1), ref(2, { locked: true, links: { unlock: link('/api/reference/unlock/5/2', 'PATCH') } })]));
    api.delete.mockRejectedValue({ response: { status: 500 } });
    render(<ReferencesPanel module={{ id: 5 }} />);
    const deletes = await screen.findAllByTestId('reference-delete');
    expect(deletes[1]).toHaveAttribute('aria-disabled', 'true');
    expect(deletes[1]).toHaveAttribute('title', 'Reference is locked');
    fireEvent.click(deletes[1]);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(deletes[0]);
    expect(screen.getByText('Do you want to delete the reference?')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Delete', { selector: 'button' }));
    expect(await screen.findByText('There has been error deleting the reference. Please try again')).toBeInTheDocument();
  });
});
