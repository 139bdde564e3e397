import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('./api.js', () => ({ importPortal: vi.fn(), loadJob: vi.fn(), cancelJob: vi.fn() }));

// eslint-disable-next-line import/first
import { importPortal, loadJob } from './api.js';
// eslint-disable-next-line import/first
import ImportPortal from './ImportPortal.jsx';

const LINK = { url: '/api/import/archive/1', operation: 'POST' };
const root = (links = { import_portal: LINK }) => ({ id: 1, name: '4RinEU', platform: '4rineu', links });
const running = { id: 11, kind: 'archive', state: 'RUNNING', phase: 'files', done: 3, total: 10, title: 'archive.zip', links: { self: { url: '/api/import/11' } } };
const ended = {
  ...running, state: 'DONE', done: 10, links: { self: { url: '/api/import/11' }, module: { url: '/api/module/view/77' } },
  report: { created: { modules: 40, files: 12 }, updated: {}, skipped: [], errors: [], moduleId: 77 },
};
const renderIt = (r = root(), onImported = vi.fn()) => render(
  <MemoryRouter><ImportPortal root={r} portalHref={(id) => `/portal/${id}`} onImported={onImported} /></MemoryRouter>,
);

beforeEach(() => {
  importPortal.mockReset();
  loadJob.mockReset();
});

describe('ImportPortal', () => {
  test('nothing without the root\'s import_portal link', () => {
    const { container } = renderIt(root({}));
    expect(container).toBeEmptyDOMElement();
  });

  test('an archive uploaded, the job followed to its report, a link to the new portal', async () => {
    vi.useFakeTimers();
    try {
      const onImported = vi.fn();
      importPortal.mockResolvedValue(running);
      loadJob.mockResolvedValue(ended);
      renderIt(root(), onImported);
      fireEvent.click(screen.getByRole('button', { name: 'Import a portal' }));
      const dialog = screen.getByRole('dialog', { name: 'Import a portal' });
      expect(dialog).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
      const f = new File(['PK'], 'archive.zip', { type: 'application/zip' });
      fireEvent.change(screen.getByLabelText('Portal archive (ZIP)'), { target: { files: [f] } });
      await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Import' })); });
      expect(importPortal).toHaveBeenCalledWith(LINK, f, expect.any(Function));
      expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');
      expect(screen.getByText('Fetching the files: 3 of 10')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Close' })).toBeNull(); // not closed while it runs
      await act(async () => { await vi.advanceTimersByTimeAsync(1000); });
      expect(screen.getByText('Import finished.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Open the imported module' })).toHaveAttribute('href', '/portal/77');
      expect(onImported).toHaveBeenCalledWith(expect.objectContaining({ state: 'DONE' }));
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  test('a refused archive: the server\'s reason in the dialog', async () => {
    importPortal.mockRejectedValue(Object.assign(new Error('422'), { response: { status: 422, data: { error: 'The archive holds a path outside it: ../etc/passwd' } } }));
    renderIt();
    fireEvent.click(screen.getByRole('button', { name: 'Import a portal' }));
    fireEvent.change(screen.getByLabelText('Portal archive (ZIP)'), { target: { files: [new File(['PK'], 'evil.zip')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The archive holds a path outside it: ../etc/passwd');
  });
});
