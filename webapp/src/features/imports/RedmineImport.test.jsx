import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('./api.js', () => ({ probeRedmine: vi.fn(), startRedmine: vi.fn(), loadJob: vi.fn(), cancelJob: vi.fn() }));

// eslint-disable-next-line import/first
import { probeRedmine, startRedmine } from './api.js';
// eslint-disable-next-line import/first
import RedmineImport from './RedmineImport.jsx';

const LINKS = { redmine: { url: '/api/import/redmine/1', operation: 'POST' } };
const PROBE = {
  project: { name: 'Renovation consortium', identifier: 'renovation' },
  statuses: [
    { id: 1, name: 'New', isClosed: false, status: 'NOT_STARTED' },
    { id: 2, name: 'In Progress', isClosed: false, status: 'IN_PROGRESS' },
    { id: 5, name: 'Closed', isClosed: true, status: 'COMPLETED' },
  ],
  trackers: [{ id: 1, name: 'Bug' }, { id: 2, name: 'Feature' }],
  counts: { projects: 5, issues: 10 },
};
const refusal = (error, errors) => Object.assign(new Error(error), { response: { status: 422, data: { error, errors } } });

function connect({ url = 'https://redmine.example.org', key = 'secret', project = 'renovation' } = {}) {
  fireEvent.change(screen.getByLabelText(/Redmine address/), { target: { value: url } });
  fireEvent.change(screen.getByLabelText(/API key/), { target: { value: key } });
  fireEvent.change(screen.getByLabelText(/Project identifier/), { target: { value: project } });
  fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
}
const renderIt = () => render(<MemoryRouter><RedmineImport links={LINKS} moduleHref={(id) => `/portal/1/module/${id}`} /></MemoryRouter>);

beforeEach(() => {
  probeRedmine.mockReset();
  startRedmine.mockReset();
});

describe('RedmineImport', () => {
  test('the connection form: the key is a password field; a refused address is said in the form', async () => {
    probeRedmine.mockRejectedValue(refusal('This address is on a private network: imports may not reach it.', { url: ['Not a public address.'] }));
    renderIt();
    expect(screen.getByLabelText(/API key/)).toHaveAttribute('type', 'password');
    connect({ url: 'http://127.0.0.1:9/' });
    const alert = await screen.findByTestId('redmine-error');
    expect(alert).toHaveTextContent('This address is on a private network: imports may not reach it.');
    expect(alert).not.toHaveTextContent('Not a public address.'); // said at its field instead
    expect(screen.getByText('Not a public address.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Redmine address/)).toHaveAttribute('aria-invalid', 'true');
    expect(probeRedmine).toHaveBeenCalledWith(LINKS, { url: 'http://127.0.0.1:9/', key: 'secret', project: 'renovation' });
    expect(screen.queryByTestId('status-mapping')).toBeNull();
  });

  test('the mapping: each Redmine status with the default from is_closed, changed by hand; the import sends it', async () => {
    probeRedmine.mockResolvedValue(PROBE);
    startRedmine.mockResolvedValue({ id: 9, kind: 'redmine', state: 'QUEUED', done: 0, total: 0, title: 'Redmine renovation', links: { self: { url: '/api/import/9' } } });
    renderIt();
    connect();
    const table = await screen.findByRole('table', { name: 'Redmine’s statuses and the deliverable status each becomes' });
    expect(screen.getByTestId('redmine-project')).toHaveTextContent('Renovation consortium (renovation): 5 projects and 10 issues.');
    const rows = within(table).getAllByTestId('status-row');
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['New', 'In Progress', 'Closed']);
    expect(within(rows[2]).getByText('Yes')).toBeInTheDocument();
    const closed = screen.getByRole('combobox', { name: 'Deliverable status for Closed' });
    expect(closed).toHaveValue('COMPLETED');
    expect(within(closed).getAllByRole('option').map((o) => o.textContent))
      .toEqual(['Not Started', 'In Progress', 'Blocked', 'Completed', 'Verified Complete']);
    fireEvent.change(closed, { target: { value: 'VERIFIED_COMPLETE' } });
    expect(screen.getByText('Trackers: Bug, Feature')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Tracker'), { target: { value: 'none' } });
    fireEvent.change(screen.getByLabelText('People not known here'), { target: { value: 'inactive' } });
    expect(screen.getByLabelText('Subprojects become')).toHaveValue('4rineu_phase');
    fireEvent.change(screen.getByLabelText('Subprojects become'), { target: { value: '4rineu_task' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByTestId('import-progress');
    expect(startRedmine).toHaveBeenCalledWith(LINKS, {
      url: 'https://redmine.example.org', key: 'secret', project: 'renovation',
      statuses: { 1: 'NOT_STARTED', 2: 'IN_PROGRESS', 5: 'VERIFIED_COMPLETE' }, tracker: 'none', people: 'inactive', dryRun: false,
      levels: ['4rineu_project', '4rineu_task'],
    });
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled(); // one run at a time
  });

  test('Change the connection goes back to the form, its values kept', async () => {
    probeRedmine.mockResolvedValue(PROBE);
    renderIt();
    connect();
    await screen.findByTestId('redmine-mapping');
    fireEvent.click(screen.getByRole('button', { name: 'Change the connection' }));
    expect(screen.getByLabelText(/Project identifier/)).toHaveValue('renovation');
  });
});
