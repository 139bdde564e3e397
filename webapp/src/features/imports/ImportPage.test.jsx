import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('./api.js', () => ({
  listImports: vi.fn(), loadJob: vi.fn(), cancelJob: vi.fn(), downloadArchive: vi.fn(), startMspdi: vi.fn(),
  readColumns: vi.fn(), startSpreadsheet: vi.fn(), probeRedmine: vi.fn(), startRedmine: vi.fn(),
}));

// eslint-disable-next-line import/first
import { downloadArchive, listImports, startMspdi } from './api.js';
// eslint-disable-next-line import/first
import ImportPage from './ImportPage.jsx';

const LIST = { url: '/api/import/list/1' };
const ALL = {
  redmine_probe: { url: '/api/import/redmine/probe/1' }, redmine: { url: '/api/import/redmine/1' },
  spreadsheet_columns: { url: '/api/import/spreadsheet/columns/1' }, spreadsheet: { url: '/api/import/spreadsheet/1' },
  mspdi: { url: '/api/import/mspdi/1' }, export_archive: { url: '/api/import/archive/1' },
};
const JOB = {
  id: 4, kind: 'spreadsheet', state: 'DONE', dryRun: true, done: 6, total: 6, title: 'plan.csv', created: '2026-11-03T10:00:00Z',
  createdBy: { id: 2, name: 'Sofia Rossi' }, report: { created: { modules: 6 }, updated: {}, skipped: [], errors: [] }, links: { self: { url: '/api/import/4' } },
};
const portal = (links = { import: LIST }) => ({ id: 1, name: '4RinEU', links });

function renderAt(path, p = portal()) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/portal/1/settings/import/*" element={<ImportPage portal={p} baseUrl="/portal/1/settings/import" moduleHref={(id) => `/portal/1/module/${id}`} />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  listImports.mockReset();
  downloadArchive.mockReset();
  startMspdi.mockReset();
});

describe('ImportPage', () => {
  test('without the portal\'s import link: for its admins only, nothing asked', () => {
    renderAt('/portal/1/settings/import', portal({}));
    expect(screen.getByText('Only the portal’s administrators can import.')).toBeInTheDocument();
    expect(listImports).not.toHaveBeenCalled();
  });

  test('a tab for each source the list offers, the first opened; the imports so far below', async () => {
    listImports.mockResolvedValue({ items: [JOB], links: { spreadsheet_columns: ALL.spreadsheet_columns, spreadsheet: ALL.spreadsheet,
      redmine: ALL.redmine, export_archive: ALL.export_archive } }); // Redmine without its probe: not offered
    renderAt('/portal/1/settings/import');
    const tabs = await screen.findByRole('navigation', { name: 'Import sources' });
    expect(listImports).toHaveBeenCalledWith(LIST);
    expect(within(tabs).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Spreadsheet', '/portal/1/settings/import/spreadsheet'], ['Portal archive', '/portal/1/settings/import/archive'],
    ]);
    expect(await screen.findByTestId('import-spreadsheet')).toBeInTheDocument();
    const history = screen.getByRole('table', { name: 'The portal’s imports, newest first' });
    const row = within(history).getByTestId('import-history-row');
    expect(row).toHaveTextContent('Spreadsheet: plan.csv');
    expect(row).toHaveTextContent('dry run');
    expect(row).toHaveTextContent('Done');
    expect(row).toHaveTextContent('Sofia Rossi');
    fireEvent.click(within(row).getByRole('button', { name: 'Show' }));
    expect(screen.getByTestId('import-report')).toHaveTextContent('Dry run: nothing was written.');
    expect(within(row).getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
  });

  test('no imports yet', async () => {
    listImports.mockResolvedValue({ items: [], links: ALL });
    renderAt('/portal/1/settings/import/redmine');
    expect(await screen.findByTestId('import-redmine')).toBeInTheDocument();
    expect(screen.getByText('No imports yet.')).toBeInTheDocument();
  });

  test('MS Project: an XML file, a dry run; the list is read again when a job starts', async () => {
    listImports.mockResolvedValue({ items: [], links: ALL });
    startMspdi.mockResolvedValue({ ...JOB, id: 5, kind: 'mspdi', title: 'plan.xml' });
    renderAt('/portal/1/settings/import/ms-project');
    await screen.findByTestId('import-mspdi');
    expect(screen.getByRole('button', { name: 'Dry run' })).toBeDisabled();
    const f = new File(['<Project/>'], 'plan.xml', { type: 'application/xml' });
    fireEvent.change(screen.getByLabelText('MS Project XML file'), { target: { files: [f] } });
    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    await screen.findByTestId('import-report');
    expect(startMspdi).toHaveBeenCalledWith(ALL, f, true);
    await waitFor(() => expect(listImports).toHaveBeenCalledTimes(2));
  });

  test('the archive: downloaded through export_archive, its name said', async () => {
    listImports.mockResolvedValue({ items: [], links: ALL });
    downloadArchive.mockResolvedValue('4rineu-archive.zip');
    renderAt('/portal/1/settings/import/archive');
    fireEvent.click(await screen.findByRole('button', { name: 'Download the archive' }));
    expect(await screen.findByTestId('archive-saved')).toHaveTextContent('Saved as 4rineu-archive.zip.');
    expect(downloadArchive).toHaveBeenCalledWith(ALL.export_archive);
  });

  test('a source the list does not offer is not found', async () => {
    listImports.mockResolvedValue({ items: [], links: { spreadsheet_columns: ALL.spreadsheet_columns, spreadsheet: ALL.spreadsheet } });
    renderAt('/portal/1/settings/import/redmine');
    await screen.findByRole('navigation', { name: 'Import sources' });
    expect(screen.queryByTestId('import-redmine')).toBeNull();
  });
});
