import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('./api.js', () => ({ loadReport: vi.fn(), downloadExport: vi.fn(() => Promise.resolve()) }));
// chart.js draws on a canvas jsdom does not have: the bars stand in as their labels and figures.
vi.mock('react-chartjs-2', () => ({
  Bar: ({ data, ...rest }) => (
    <div data-testid="bar" role={rest.role} aria-label={rest['aria-label']}>
      {data.datasets.map((d) => <span key={d.label} data-testid="bar-dataset">{`${d.label}: ${data.labels.map((l, i) => `${l}=${d.data[i]}`).join(', ')}`}</span>)}
    </div>
  ),
}));

// eslint-disable-next-line import/first
import { downloadExport, loadReport } from './api.js';
// eslint-disable-next-line import/first
import EffortReport from './EffortReport.jsx';

const LINK = { url: '/api/time/report/5', operation: 'GET' };
const project = (links = { effort_report: LINK }) => ({ id: 5, name: 'Lisbon demo', links });

const answer = (extra = {}) => ({
  project: { id: 5, name: 'Lisbon demo', start: '2026-01-01' },
  period: { name: 'all', from: '2026-01-01', to: '2027-06-30' },
  periods: [{ name: 'M1-M18', from: 1, to: 18 }, { name: 'M19-M36', from: 19, to: 36 }],
  hoursPerPersonMonth: 143.33,
  rule: 'Over: more person-months spent than planned.',
  organisations: ['ACME', 'Uni'],
  packages: [{ id: 11, name: 'WP1 Survey' }, { id: 12, name: 'WP2 Design' }],
  cells: [
    { moduleId: 11, organisation: 'ACME', plannedPm: 2, actualPm: 3.5, minutes: 30000, status: 'over' },
    { moduleId: 12, organisation: 'ACME', plannedPm: 4, actualPm: 1, minutes: 8600, status: 'under' },
    { moduleId: 11, organisation: 'Uni', plannedPm: 1, actualPm: 1, minutes: 8600, status: 'ok' },
    { moduleId: 12, organisation: 'Uni', plannedPm: 0, actualPm: 0.25, minutes: 2150, status: 'unplanned' },
  ],
  totals: {
    byPackage: { 11: { plannedPm: 3, actualPm: 4.5, status: 'over' }, 12: { plannedPm: 4, actualPm: 1.25, status: 'under' } },
    byOrganisation: { ACME: { plannedPm: 6, actualPm: 4.5, status: 'under' }, Uni: { plannedPm: 1, actualPm: 1.25, status: 'over' } },
    plannedPm: 7,
    actualPm: 5.75,
    status: 'ok',
  },
  links: { csv: { url: '/api/time/report/5?period=all&format=csv' }, xlsx: { url: '/api/time/report/5?period=all&format=xlsx' } },
  ...extra,
});

const failure = (status, error) => Object.assign(new Error(error), { response: { status, data: { error } } });

beforeEach(() => {
  loadReport.mockReset();
  downloadExport.mockClear();
});

describe('EffortReport', () => {
  test('shows nothing without the project\'s effort_report link', () => {
    const { container } = render(<EffortReport project={project({})} />);
    expect(container).toBeEmptyDOMElement();
    expect(loadReport).not.toHaveBeenCalled();
  });

  test('a table of organisations × work packages: actual / planned, the status in words and a shape, totals', async () => {
    loadReport.mockResolvedValue(answer());
    render(<EffortReport project={project()} />);
    const over = await screen.findByText('3.5 / 2 PM');
    expect(loadReport).toHaveBeenCalledWith(LINK, 'all');
    const cells = screen.getAllByTestId('effort-cell');
    expect(cells).toHaveLength(4);
    const cell = over.closest('td');
    expect(cell).toHaveAttribute('data-module', '11');
    expect(cell).toHaveAttribute('data-organisation', 'ACME');
    expect(cell).toHaveAttribute('data-status', 'over');
    expect(cell).toHaveTextContent('▲ Over plan');
    const byStatus = Object.fromEntries(cells.map((c) => [c.dataset.status, c.textContent]));
    expect(byStatus).toEqual({ over: '3.5 / 2 PM▲ Over plan', under: '1 / 4 PM▼ Under plan', ok: '1 / 1 PM✓ On plan', unplanned: '0.25 / 0 PM◆ Unplanned' });
    // Rows are organisations, columns work packages, and each has its total.
    const table = screen.getByRole('table', { name: /Person-months by organisation and work package/ });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Organisation', 'WP1 Survey', 'WP2 Design', 'Total']);
    expect(within(table).getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['ACME', 'Uni', 'Total']);
    expect(screen.getAllByTestId('effort-row-total').map((td) => td.textContent)).toEqual(['4.5 / 6 PM▼ Under plan', '1.25 / 1 PM▲ Over plan']);
    expect(screen.getAllByTestId('effort-column-total').map((td) => td.textContent)).toEqual(['4.5 / 3 PM▲ Over plan', '1.25 / 4 PM▼ Under plan']);
    expect(screen.getByTestId('effort-grand-total').textContent).toBe('5.75 / 7 PM');
    // The server's rule of the statuses, as it says it.
    expect(screen.getByTestId('effort-rule')).toHaveTextContent('Over: more person-months spent than planned.');
    // The table scrolls in its own box, which the keyboard can reach.
    const box = screen.getByTestId('effort-table');
    expect(box).toHaveClass('effort__scroll');
    expect(box).toHaveAttribute('tabindex', '0');
    expect(screen.getByTestId('effort-period-note')).toHaveTextContent('1 person-month = 143.33 hours');
  });

  test('the period picker offers All and the portal\'s periods, and reads the chosen one', async () => {
    loadReport.mockResolvedValue(answer());
    render(<EffortReport project={project()} periods={['M37-M48']} />);
    const picker = await screen.findByTestId('effort-period');
    await screen.findByText('3.5 / 2 PM');
    expect([...picker.options].map((o) => o.textContent)).toEqual(['All', 'M1-M18', 'M19-M36', 'M37-M48']);
    loadReport.mockResolvedValue(answer({ period: { name: 'M1-M18', from: '2026-01-01', to: '2027-06-30' } }));
    fireEvent.change(picker, { target: { value: 'M1-M18' } });
    await waitFor(() => expect(loadReport).toHaveBeenLastCalledWith(LINK, 'M1-M18'));
    expect(await screen.findByTestId('effort-period-note')).toHaveTextContent(/^M1-M18: 1st Jan 2026 to 30th Jun 2027/);
  });

  test('the chart shows planned against actual per organisation, or per work package', async () => {
    loadReport.mockResolvedValue(answer());
    render(<EffortReport project={project()} />);
    const chart = await screen.findByTestId('effort-chart');
    expect(chart).toHaveAttribute('data-by', 'organisation');
    const sets = await within(chart).findAllByTestId('bar-dataset');
    expect(sets.map((s) => s.textContent)).toEqual(['Planned: ACME=6, Uni=1', 'Actual: ACME=4.5, Uni=1.25']);
    fireEvent.click(within(chart).getByRole('button', { name: 'By work package' }));
    expect(chart).toHaveAttribute('data-by', 'module');
    expect(within(chart).getByRole('button', { name: 'By work package' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(chart).getAllByTestId('bar-dataset').map((s) => s.textContent))
      .toEqual(['Planned: WP1 Survey=3, WP2 Design=4', 'Actual: WP1 Survey=4.5, WP2 Design=1.25']);
    expect(within(chart).getByRole('img', { name: 'Planned and actual person-months by work package' })).toBeInTheDocument();
  });

  test('Export CSV and Export XLSX download the answer\'s links; a missing link, no button', async () => {
    loadReport.mockResolvedValue(answer());
    render(<EffortReport project={project()} />);
    const csv = await screen.findByRole('button', { name: 'Export CSV' });
    fireEvent.click(csv);
    expect(downloadExport).toHaveBeenCalledWith(answer().links.csv, 'effort-lisbon-demo-all.csv');
    await waitFor(() => expect(csv).toBeEnabled());
    const xlsx = screen.getByRole('button', { name: 'Export XLSX' });
    fireEvent.click(xlsx);
    expect(xlsx).toBeDisabled();
    expect(downloadExport).toHaveBeenLastCalledWith(answer().links.xlsx, 'effort-lisbon-demo-all.xlsx');
    await waitFor(() => expect(xlsx).toBeEnabled());
  });

  test('without export links there are no export buttons', async () => {
    loadReport.mockResolvedValue(answer({ links: {} }));
    render(<EffortReport project={project()} />);
    await screen.findByText('3.5 / 2 PM');
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
  });

  test('nothing logged and nothing planned: the empty state', async () => {
    loadReport.mockResolvedValue(answer({ cells: [], organisations: [], totals: { plannedPm: 0, actualPm: 0 } }));
    render(<EffortReport project={project()} />);
    expect(await screen.findByTestId('effort-empty')).toHaveTextContent('No time logged and nothing planned in this period.');
    expect(screen.queryByTestId('effort-chart')).toBeNull();
  });

  test('a refusal is shown as the server says it (no start date)', async () => {
    loadReport.mockRejectedValue(failure(422, "Set the project's start date first"));
    render(<EffortReport project={project()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent("Set the project's start date first");
    expect(screen.queryByTestId('effort-cell')).toBeNull();
    expect(screen.getByTestId('effort-period')).toHaveValue('all');
  });
});
