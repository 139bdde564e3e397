import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('./api.js', () => ({ loadJob: vi.fn(), cancelJob: vi.fn() }));

// eslint-disable-next-line import/first
import { cancelJob, loadJob } from './api.js';
// eslint-disable-next-line import/first
import JobView from './JobView.jsx';

const SELF = { url: '/api/import/3' };
const CANCEL = { url: '/api/import/cancel/3', operation: 'POST' };
const job = (extra = {}) => ({
  id: 3, kind: 'spreadsheet', state: 'RUNNING', phase: 'reading', done: 40, total: 120, dryRun: false, title: 'plan.csv',
  created: '2026-11-03T10:00:00Z', finished: null, createdBy: { id: 1, name: 'Sofia' }, report: null,
  links: { self: SELF, cancel: CANCEL }, ...extra,
});
const done = (report, extra = {}) => job({ state: 'DONE', done: 120, links: { self: SELF, module: { url: '/api/module/view/12' } }, report, ...extra });
const REPORT = {
  created: { modules: 6, deliverables: 5, relations: 2, articles: 0, comments: 0, files: 0, time: 0, fields: 1, members: 0, people: 0 },
  updated: { modules: 1 }, skipped: [{ what: "Issue #12 'Foo'", reason: 'its project was not imported' }], errors: [], moduleId: 12,
};
const view = (j, props = {}) => render(<MemoryRouter><JobView job={j} moduleHref={(id) => `/portal/1/module/${id}`} {...props} /></MemoryRouter>);

beforeEach(() => {
  vi.useFakeTimers();
  loadJob.mockReset();
  cancelJob.mockReset();
});
afterEach(() => vi.useRealTimers());

const tick = async (ms = 1000) => { await act(async () => { await vi.advanceTimersByTimeAsync(ms); }); };

describe('JobView', () => {
  test('a running job: its progress bar, its phase in words, read again every second until it ends', async () => {
    const settled = vi.fn();
    loadJob.mockResolvedValueOnce(job({ phase: 'writing', done: 90 })).mockResolvedValueOnce(done(REPORT));
    view(job(), { onSettled: settled });
    const bar = screen.getByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '33');
    expect(screen.getByTestId('import-progress-text')).toHaveTextContent('Reading the source: 40 of 120');
    expect(loadJob).not.toHaveBeenCalled();
    await tick();
    expect(loadJob).toHaveBeenCalledTimes(1);
    expect(loadJob.mock.calls[0][0].links.self).toBe(SELF);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
    expect(screen.getByTestId('import-progress-text')).toHaveTextContent('Writing: 90 of 120');
    await tick();
    expect(screen.getByTestId('import-report')).toBeInTheDocument();
    expect(settled).toHaveBeenCalledWith(expect.objectContaining({ state: 'DONE' }));
    await tick(3000);
    expect(loadJob).toHaveBeenCalledTimes(2); // an ended job is not read again
  });

  test('a queued job waits in words; polling stops when the view goes', async () => {
    loadJob.mockResolvedValue(job({ state: 'QUEUED', done: 0, total: 0, phase: null }));
    const { unmount } = view(job({ state: 'QUEUED', done: 0, total: 0, phase: null }));
    expect(screen.getByTestId('import-progress-text')).toHaveTextContent('Waiting for the background worker to start');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await tick();
    expect(loadJob).toHaveBeenCalledTimes(1);
    unmount();
    await tick(5000);
    expect(loadJob).toHaveBeenCalledTimes(1);
  });

  test('Cancel follows the job\'s cancel link; the cancelled job says nothing was written', async () => {
    cancelJob.mockResolvedValue(job({ state: 'CANCELLED', links: { self: SELF } }));
    view(job());
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Cancel import' })); });
    expect(cancelJob).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }));
    expect(screen.getByTestId('import-report')).toHaveTextContent('The import was cancelled and wrote nothing.');
    expect(screen.queryByRole('button', { name: 'Cancel import' })).toBeNull();
  });

  test('no Cancel without the link; a cancel asked for is said while the run stops', () => {
    view(job({ links: { self: SELF }, cancelRequested: true }));
    expect(screen.queryByRole('button', { name: 'Cancel import' })).toBeNull();
    expect(screen.getByTestId('import-progress-text')).toHaveTextContent('Stopping before anything is written');
  });

  test('the report: counts by kind, the skipped with their reasons, the link to the imported module', () => {
    view(done(REPORT));
    expect(screen.getByText('Import finished.')).toBeInTheDocument();
    const counts = screen.getByRole('table', { name: 'Created and updated' });
    const rows = within(counts).getAllByRole('row').slice(1).map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([['Modules', '6', '1'], ['Deliverables', '5', '0'], ['Relations', '2', '0'], ['Custom fields', '1', '0']]);
    expect(screen.getByTestId('import-skipped')).toHaveTextContent("1 thing skippedIssue #12 'Foo': its project was not imported");
    expect(screen.getByRole('link', { name: 'Open the imported module' })).toHaveAttribute('href', '/portal/1/module/12');
  });

  test('a dry run says nothing was written and counts what would be; no link', () => {
    view(done(REPORT, { dryRun: true, links: { self: SELF } }));
    expect(screen.getByText('Dry run: nothing was written. This is what the import would do.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'What the import would create and update' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  test('rows in error: row, column and message; no counts', () => {
    const errors = [{ row: 2, column: 'deadline', message: 'Not a date: 31.02.2026' }, { row: 317, column: 'WBS', message: 'Parent 9.9 not found' }];
    view(done({ ...REPORT, errors, created: { modules: 0 }, message: 'Nothing was imported: 2 rows have errors' },
      { state: 'FAILED', dryRun: true, links: { self: SELF } }));
    expect(screen.queryByTestId('import-message')).toBeNull(); // the summary says it
    expect(screen.getByText('Nothing was imported: 2 errors to fix in the file first.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Errors, by row number in the file' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([['2', 'deadline', 'Not a date: 31.02.2026'], ['317', 'WBS', 'Parent 9.9 not found']]);
    expect(screen.queryByTestId('import-counts')).toBeNull();
  });

  test('a portal archive\'s counts: its tables by name, the unknown left out', () => {
    view(done({ created: { modules: 40, memberships: 9, file_versions: 14, peopleCreated: 3, mentions: 2 }, updated: {}, skipped: [], moduleId: 77 }));
    const rows = within(screen.getByTestId('import-counts')).getAllByRole('rowheader').map((th) => th.textContent);
    expect(rows).toEqual(['Modules', 'File versions', 'Memberships', 'Accounts created']);
  });

  test('a failed job: its message', () => {
    view(job({ state: 'FAILED', links: { self: SELF }, report: { message: 'Redmine answered 503.', skipped: [], errors: [] } }));
    expect(screen.getByText('The import failed and wrote nothing.')).toBeInTheDocument();
    expect(screen.getByTestId('import-message')).toHaveTextContent('Redmine answered 503.');
  });

  test('reading the job failing again and again is said', async () => {
    loadJob.mockRejectedValue(Object.assign(new Error('Network Error'), {}));
    view(job());
    for (let i = 0; i < 6; i += 1) await tick();
    expect(screen.getByRole('alert')).toHaveTextContent('Network Error');
    expect(loadJob).toHaveBeenCalledTimes(5);
  });
});
