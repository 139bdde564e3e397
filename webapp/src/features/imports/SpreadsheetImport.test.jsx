import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('./api.js', () => ({ readColumns: vi.fn(), startSpreadsheet: vi.fn(), loadJob: vi.fn(), cancelJob: vi.fn() }));

// eslint-disable-next-line import/first
import { readColumns, startSpreadsheet } from './api.js';
// eslint-disable-next-line import/first
import SpreadsheetImport from './SpreadsheetImport.jsx';

const LINKS = { spreadsheet: { url: '/api/import/spreadsheet/1', operation: 'POST' } };
const TARGETS = [
  { value: 'name', label: 'Name' }, { value: 'wbs', label: 'WBS code' }, { value: 'owner', label: 'Owner' },
  { value: 'deadline', label: 'Deadline' }, { value: 'predecessors', label: 'Predecessors' }, { value: 'field:partner', label: 'Partner' },
];
const COLUMNS = { headers: ['Task', 'WBS', 'Due', 'Notes'], mapping: { Task: 'name', WBS: 'wbs', Due: 'deadline' }, targets: TARGETS, rows: 6 };
const finished = (report, dryRun) => ({
  id: dryRun ? 7 : 8, kind: 'spreadsheet', state: 'DONE', dryRun, done: 6, total: 6, title: 'plan.csv', report,
  links: { self: { url: '/api/import/7' }, ...(dryRun ? {} : { module: { url: '/api/module/view/40' } }) },
});
const file = (name = 'plan.csv') => new File(['Task,WBS,Due,Notes\n'], name, { type: 'text/csv' });
const choose = (f) => fireEvent.change(screen.getByLabelText('Work plan (CSV or XLSX)'), { target: { files: [f] } });
const onChanged = vi.fn();

function renderIt() {
  return render(<MemoryRouter><SpreadsheetImport links={LINKS} moduleHref={(id) => `/portal/1/module/${id}`} onChanged={onChanged} /></MemoryRouter>);
}
const select = (header) => screen.getByRole('combobox', { name: `Import the column ${header} as` });

beforeEach(() => {
  readColumns.mockReset();
  startSpreadsheet.mockReset();
  onChanged.mockReset();
});

describe('SpreadsheetImport', () => {
  test('the file\'s columns mapped by header, each changed by hand; nothing to run before a file', async () => {
    readColumns.mockResolvedValue(COLUMNS);
    renderIt();
    expect(screen.queryByRole('button', { name: 'Dry run' })).toBeNull();
    const f = file();
    choose(f);
    await screen.findByTestId('column-mapping');
    expect(readColumns).toHaveBeenCalledWith(LINKS, f);
    expect(screen.getByText(/4 columns and 6 rows below the header/)).toBeInTheDocument();
    expect(select('Task')).toHaveValue('name');
    expect(select('Due')).toHaveValue('deadline');
    expect(select('Notes')).toHaveValue('');
    expect(within(select('Notes')).getAllByRole('option').map((o) => o.textContent))
      .toEqual(['Not imported', 'Name', 'WBS code', 'Owner', 'Deadline', 'Predecessors', 'Partner']);
    fireEvent.change(select('Notes'), { target: { value: 'field:partner' } });
    expect(select('Notes')).toHaveValue('field:partner');
    expect(screen.getByRole('button', { name: 'Dry run' })).toBeEnabled();
  });

  test('no names, or a field chosen twice: said, and nothing can run', async () => {
    readColumns.mockResolvedValue(COLUMNS);
    renderIt();
    choose(file());
    await screen.findByTestId('column-mapping');
    fireEvent.change(select('Task'), { target: { value: '' } });
    fireEvent.change(select('Notes'), { target: { value: 'wbs' } });
    const problems = screen.getByTestId('mapping-problems');
    expect(problems).toHaveTextContent('Choose the column that holds the names.');
    expect(problems).toHaveTextContent('WBS code is chosen for more than one column.');
    expect(problems).not.toHaveTextContent('Predecessors');
    fireEvent.change(select('WBS'), { target: { value: 'predecessors' } });
    fireEvent.change(select('Notes'), { target: { value: '' } });
    expect(screen.getByTestId('mapping-problems')).toHaveTextContent('Predecessors are given by WBS codes: choose the column that holds them too.');
    expect(screen.getByRole('button', { name: 'Dry run' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  test('a dry run sends the mapping chosen; its errors show with their row numbers', async () => {
    readColumns.mockResolvedValue(COLUMNS);
    const errors = [{ row: 2, column: 'Due', message: 'Not a date: soon' }];
    startSpreadsheet.mockResolvedValue(finished({ created: {}, updated: {}, skipped: [], errors }, true));
    renderIt();
    const f = file();
    choose(f);
    await screen.findByTestId('column-mapping');
    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    await screen.findByTestId('import-report');
    expect(startSpreadsheet).toHaveBeenCalledWith(LINKS, f, { Task: 'name', WBS: 'wbs', Due: 'deadline' }, true);
    expect(screen.getByText('Nothing was imported: 1 error to fix in the file first.')).toBeInTheDocument();
    expect(screen.getByTestId('import-error')).toHaveAttribute('data-row', '2');
    expect(screen.getByTestId('import-error')).toHaveTextContent('2DueNot a date: soon');
    expect(onChanged).toHaveBeenCalled();
  });

  test('a new file starts again: its dry run counts, its import reports and links to the module', async () => {
    readColumns.mockResolvedValue(COLUMNS);
    const report = { created: { modules: 6, deliverables: 6, relations: 2 }, updated: {}, skipped: [], errors: [], moduleId: 40 };
    startSpreadsheet.mockResolvedValueOnce(finished(report, true)).mockResolvedValueOnce(finished(report, false));
    renderIt();
    choose(file('fixed.csv'));
    await screen.findByTestId('column-mapping');
    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    expect(await screen.findByText('Dry run: nothing was written. This is what the import would do.')).toBeInTheDocument();
    expect(screen.getAllByTestId('import-count')[0]).toHaveTextContent('Modules60');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Import finished.')).toBeInTheDocument();
    expect(startSpreadsheet.mock.calls[1][3]).toBe(false);
    expect(screen.getByRole('link', { name: 'Open the imported module' })).toHaveAttribute('href', '/portal/1/module/40');
  });

  test('a file the server cannot read: its refusal', async () => {
    readColumns.mockRejectedValue(Object.assign(new Error('422'), {
      response: { status: 422, data: { error: 'The form has errors', errors: { file: ['This is not a CSV or XLSX file.'] } } },
    }));
    renderIt();
    choose(file('plan.pdf'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The form has errors');
    expect(alert).toHaveTextContent('This is not a CSV or XLSX file.');
    expect(screen.queryByTestId('column-mapping')).toBeNull();
  });

  test('a refused start (422 with per-field errors) is said in the form', async () => {
    readColumns.mockResolvedValue(COLUMNS);
    startSpreadsheet.mockRejectedValue(Object.assign(new Error('422'), {
      response: { status: 422, data: { error: 'The file cannot be imported.', errors: { mapping: ['Unknown target: foo'] } } },
    }));
    renderIt();
    choose(file());
    await screen.findByTestId('column-mapping');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const alert = await screen.findByTestId('import-refusal');
    expect(alert).toHaveTextContent('The file cannot be imported.');
    expect(alert).toHaveTextContent('Unknown target: foo');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled());
  });
});
