import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import FilesPanel from './FilesPanel.jsx';
// eslint-disable-next-line import/first
import ReferencesPanel from './ReferencesPanel.jsx';
// eslint-disable-next-line import/first
import { previewAsked } from './PreviewDeepLink.jsx';
// eslint-disable-next-line import/first
import { embedUrl, fileKind } from './vault.js';

const link = (url, operation = 'GET') => ({ url, operation, label: 'x', access: 'edit' });
const TICKET = (id) => `/api/vault/preview/5/${id}?t=tick`;

function file(id, preview, extra = {}, links = {}) {
  return {
    id, title: `File ${id}`, filename: `f${id}.bin`, filesize: 10, created: '2026-11-05T10:00:00', createdBy: 'Sofia', locked: false,
    versions: [], preview, textState: 'done', textError: null,
    links: {
      download: link(`/api/vault/download/5/${id}`),
      ...(['image', 'pdf', 'text'].includes(preview) ? { preview: link(`/api/vault/preview-ticket/5/${id}`) } : {}),
      ...links,
    },
    ...extra,
  };
}

const view = (files, references = []) => ({ data: { item: { id: 5, files, references, links: {} }, meta: { page: 1, perPage: 10, total: files.length } } });

/** The API: the vault view answers `files()` (read again on each call), tickets and texts by their address. */
function serve(files, { text = 'Line one\nLine two', references = [] } = {}) {
  const list = typeof files === 'function' ? files : () => files;
  api.get.mockImplementation((url, cfg) => {
    if (url.startsWith('/api/vault/view/')) return Promise.resolve(view(list(), references));
    if (url.startsWith('/api/vault/preview-ticket/')) {
      const id = url.split('/').pop();
      return Promise.resolve({ data: { item: { url: TICKET(id), mode: 'pdf', expiresIn: 300 } } });
    }
    if (url.startsWith('/api/vault/text/')) return Promise.resolve({ data: { item: { text, truncated: false, pages: null, state: 'done' } } });
    if (url.startsWith('/api/vault/thumbnail/')) return Promise.resolve({ data: new Blob(['img']), cfg });
    if (url.startsWith('/api/vault/download/')) return Promise.resolve({ data: new Blob(['x']), headers: {} });
    return Promise.reject(new Error(`unexpected ${url}`));
  });
}

async function openPreview(id = 1) {
  const row = (await screen.findAllByTestId('file-row')).find((r) => r.getAttribute('data-id') === String(id));
  fireEvent.click(within(row).getByTestId('file-preview'));
  return screen.findByTestId('preview-pane');
}

beforeEach(() => {
  Object.values(api).forEach((fn) => fn.mockReset());
  URL.createObjectURL = vi.fn(() => 'blob:thumb');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.useRealTimers());

describe('helpers', () => {
  test('the deep link asks for a file and a page', () => {
    expect(previewAsked('?hit=file-12&preview=1&page=3')).toEqual({ id: '12', page: 3 });
    expect(previewAsked('?hit=file-12&preview=1&page=x')).toEqual({ id: '12', page: null });
    expect(previewAsked('?hit=file-12')).toBeNull();
    expect(previewAsked('?hit=reference-2&preview=1')).toBeNull();
  });

  test('only the privacy-enhanced players are framed; file kinds by extension', () => {
    expect(embedUrl({ provider: 'youtube', url: 'https://www.youtube-nocookie.com/embed/abc' })).toBe('https://www.youtube-nocookie.com/embed/abc');
    expect(embedUrl({ provider: 'vimeo', url: 'https://player.vimeo.com/video/1?dnt=1' })).toBe('https://player.vimeo.com/video/1?dnt=1');
    expect(embedUrl({ provider: 'youtube', url: 'https://www.youtube.com/embed/abc' })).toBeNull();
    expect(embedUrl({ url: 'javascript:alert(1)' })).toBeNull();
    expect(embedUrl(null)).toBeNull();
    expect(fileKind('Report.PDF')).toEqual({ ext: 'PDF', kind: 'pdf' });
    expect(fileKind('sheet.xlsx')).toEqual({ ext: 'XLSX', kind: 'sheet' });
    expect(fileKind('noext')).toEqual({ ext: '', kind: 'other' });
  });
});

describe('preview pane', () => {
  test('pdf: the browser viewer in a frame without sandbox, a fresh ticket each time the pane opens', async () => {
    serve([file(1, 'pdf')]);
    render(<FilesPanel module={{ id: 5 }} />);
    const pane = await openPreview(1);
    const frame = await within(pane).findByTestId('preview-pdf');
    expect(frame).not.toHaveAttribute('sandbox');
    expect(frame).toHaveAttribute('src', TICKET(1));
    expect(frame).toHaveAttribute('title', 'File 1');
    expect(screen.getByRole('dialog', { name: 'Preview: File 1' })).toBeInTheDocument();
    expect(within(pane).queryByTestId('text-pending')).toBeNull();
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('preview-pane')).toBeNull());
    fireEvent.click(screen.getByTestId('file-open'));
    await screen.findByTestId('preview-pdf');
    expect(api.get.mock.calls.filter(([u]) => u.includes('preview-ticket'))).toHaveLength(2);
  });

  test('text: a sandboxed frame; image: an <img> of the ticket', async () => {
    serve([file(1, 'text'), file(2, 'image')]);
    render(<FilesPanel module={{ id: 5 }} />);
    let pane = await openPreview(1);
    expect(await within(pane).findByTestId('preview-text-frame')).toHaveAttribute('sandbox', '');
    fireEvent.click(screen.getByTestId('preview-close'));
    pane = await openPreview(2);
    const img = await within(pane).findByTestId('preview-image');
    expect(img).toHaveAttribute('src', TICKET(2));
    expect(img).toHaveAttribute('alt', 'File 2');
    expect(within(pane).queryByRole('iframe')).toBeNull();
  });

  test('office: the extracted text in one block; partial says so', async () => {
    serve([file(1, 'office', { textState: 'partial' }, { text: link('/api/vault/text/5/1') })]);
    render(<FilesPanel module={{ id: 5 }} />);
    const pane = await openPreview(1);
    const block = await within(pane).findByTestId('preview-text');
    expect(block.textContent).toBe('Line one\nLine two');
    expect(block.children).toHaveLength(0);
    expect(within(pane).getByTestId('text-partial')).toHaveTextContent("Only the first part of this file's text is searchable.");
  });

  test('none (an SVG): no frame, no image, the message and Download', async () => {
    serve([file(1, 'none', { filename: 'logo.svg', textState: 'none' })]);
    render(<FilesPanel module={{ id: 5 }} />);
    const pane = await openPreview(1);
    expect(within(pane).getByTestId('preview-none')).toHaveTextContent('No preview for this kind of file.');
    expect(document.querySelector('.modal iframe, .modal img')).toBeNull();
    expect(api.get.mock.calls.some(([u]) => u.includes('preview-ticket'))).toBe(false);
    fireEvent.click(screen.getByTestId('preview-download'));
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/api/vault/download/5/1', { responseType: 'blob' }));
  });

  test('failed: the server\'s sentence; Try again only with the extract link, which reads the text again', async () => {
    const failed = { textState: 'failed', textError: 'The file could not be read.' };
    serve([file(1, 'office', failed, { extract: link('/api/vault/extract/5/1', 'POST') }), file(2, 'office', failed)]);
    api.post.mockResolvedValue({ data: { item: { ...file(1, 'office'), textState: 'pending', textError: null } } });
    render(<FilesPanel module={{ id: 5 }} />);
    let pane = await openPreview(2);
    expect(within(pane).getByTestId('text-failed')).toHaveTextContent('The file could not be read.');
    expect(within(pane).queryByTestId('preview-retry')).toBeNull();
    fireEvent.click(screen.getByTestId('preview-close'));
    pane = await openPreview(1);
    fireEvent.click(within(pane).getByTestId('preview-retry'));
    expect(await within(pane).findByTestId('text-pending')).toHaveTextContent('Text being read…');
    expect(api.post).toHaveBeenCalledWith('/api/vault/extract/5/1', undefined);
  });

  test('axe finds nothing in the pane (the failed state with its retry, the text block)', async () => {
    serve([
      file(1, 'office', { textState: 'failed', textError: 'Unreadable.' }, { extract: link('/api/vault/extract/5/1', 'POST') }),
      file(2, 'office', { textState: 'partial' }, { text: link('/api/vault/text/5/2') }),
    ]);
    render(<FilesPanel module={{ id: 5 }} />);
    // 'region' is about the page's landmarks, which the app around the tab gives; jsdom paints no colours.
    const rules = { region: { enabled: false }, 'color-contrast': { enabled: false } };
    await openPreview(1);
    expect((await axe.run(document.body, { rules })).violations.map((v) => v.id)).toEqual([]);
    fireEvent.click(screen.getByTestId('preview-close'));
    const pane = await openPreview(2);
    await within(pane).findByTestId('preview-text');
    expect((await axe.run(document.body, { rules })).violations.map((v) => v.id)).toEqual([]);
  });

  test('?hit=file-2&preview=1&page=4 opens that file at page 4', async () => {
    serve([file(1, 'pdf'), file(2, 'pdf')]);
    render(<MemoryRouter initialEntries={['/m/5/files?hit=file-2&preview=1&page=4']}><FilesPanel module={{ id: 5 }} /></MemoryRouter>);
    const pane = await screen.findByTestId('preview-pane');
    expect(pane).toHaveAttribute('data-id', '2');
    expect(await within(pane).findByTestId('preview-pdf')).toHaveAttribute('src', `${TICKET(2)}#page=4`);
  });
});

describe('thumbnails', () => {
  test('fetched as a blob, shown by object URL, revoked on unmount; a placeholder otherwise', async () => {
    serve([file(1, 'image', { filename: 'a.png' }, { thumbnail: link('/api/vault/thumbnail/5/1?v=1') }), file(2, 'none', { filename: 'b.zip' })]);
    const { unmount } = render(<FilesPanel module={{ id: 5 }} />);
    const img = await screen.findByTestId('file-thumb-img');
    expect(img).toHaveAttribute('src', 'blob:thumb');
    expect(api.get).toHaveBeenCalledWith('/api/vault/thumbnail/5/1?v=1', { responseType: 'blob' });
    expect(screen.getAllByTestId('file-thumb')[1]).toHaveTextContent('ZIP');
    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:thumb');
  });
});

describe('polling', () => {
  const reads = () => api.get.mock.calls.filter(([u]) => u.startsWith('/api/vault/view/')).length;

  test('every 3 s while a file is pending, and not once none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let state = 'pending';
    serve(() => [file(1, 'pdf', { textState: state })]);
    render(<FilesPanel module={{ id: 5 }} />);
    await screen.findAllByTestId('file-row');
    expect(reads()).toBe(1);
    await act(async () => { vi.advanceTimersByTime(3000); });
    expect(reads()).toBe(2);
    state = 'done';
    await act(async () => { vi.advanceTimersByTime(3000); });
    expect(reads()).toBe(3);
    await act(async () => { vi.advanceTimersByTime(30000); });
    expect(reads()).toBe(3);
    expect(screen.getByTestId('files-table')).not.toHaveAttribute('aria-busy');
  });

  test('gives up after 2 minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve([file(1, 'pdf', { textState: 'pending' })]);
    render(<FilesPanel module={{ id: 5 }} />);
    await screen.findAllByTestId('file-row');
    for (let i = 0; i < 45; i += 1) await act(async () => { vi.advanceTimersByTime(3000); });
    const after = reads();
    expect(after).toBeLessThanOrEqual(41);
    await act(async () => { vi.advanceTimersByTime(60000); });
    expect(reads()).toBe(after);
  });

  test('nothing pending: no timer at all', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve([file(1, 'pdf')]);
    render(<FilesPanel module={{ id: 5 }} />);
    await screen.findAllByTestId('file-row');
    await act(async () => { vi.advanceTimersByTime(10000); });
    expect(reads()).toBe(1);
  });
});

describe('references: video', () => {
  const ref = (id, embed) => ({
    id, title: `Talk ${id}`, description: '', url: 'https://www.youtube.com/watch?v=abc', resourceType: 'VIDEO', created: '2026-11-05T10:00:00',
    createdBy: 'Sofia', locked: false, links: {}, embed,
  });

  test('Play video frames the privacy-enhanced player only after the click', async () => {
    serve([], { references: [ref(1, { provider: 'youtube', url: 'https://www.youtube-nocookie.com/embed/abc' }), ref(2, null)] });
    render(<ReferencesPanel module={{ id: 5 }} />);
    await screen.findAllByTestId('reference-row');
    expect(screen.getAllByTestId('reference-play')).toHaveLength(1);
    expect(document.querySelector('iframe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Play video: Talk 1' }));
    const frame = await screen.findByTestId('reference-video');
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/abc');
    expect(frame).toHaveAttribute('title', 'Talk 1');
    expect(frame).toHaveAttribute('allow', 'fullscreen; picture-in-picture');
    expect(frame).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
    const rules = { region: { enabled: false }, 'color-contrast': { enabled: false } };
    // the player's own page is YouTube's, not ours (and jsdom cannot talk to a frame)
    expect((await axe.run(document.body, { rules, iframes: false })).violations.map((v) => v.id)).toEqual([]);
  });
});
