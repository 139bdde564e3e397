import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('./api.js', () => ({ loadPlan: vi.fn(), savePlan: vi.fn(), importPlan: vi.fn() }));

// eslint-disable-next-line import/first
import { importPlan, loadPlan, savePlan } from './api.js';
// eslint-disable-next-line import/first
import EffortPlan from './EffortPlan.jsx';

const LINK = { url: '/api/time/plan/5' };
const SAVE = { url: '/api/time/plan/5', operation: 'PUT' };
const IMPORT = { url: '/api/time/plan/import/5', operation: 'POST' };
const project = (links = { effort_plan: LINK }) => ({ id: 5, name: 'Lisbon demo', links });
const plan = (extra = {}) => ({
  organisations: ['ACME', 'Uni'],
  packages: [{ id: 11, name: 'WP1 Survey' }, { id: 12, name: 'WP2 Design' }],
  cells: { 11: { ACME: 2, Uni: 1.5 }, 12: { ACME: 4 } },
  links: { save: SAVE, import: IMPORT },
  ...extra,
});
const failure = (status, error, errors) => Object.assign(new Error(error), { response: { status, data: { error, errors } } });
const input = (pkg, org) => screen.getByRole('textbox', { name: `Person-months of ${org} on ${pkg}` });

beforeEach(() => {
  loadPlan.mockReset();
  savePlan.mockReset();
  importPlan.mockReset();
});

describe('EffortPlan', () => {
  test('shows nothing without the project\'s effort_plan link', () => {
    const { container } = render(<EffortPlan project={project({})} />);
    expect(container).toBeEmptyDOMElement();
  });

  test('work packages as rows, organisations as columns, each cell editable, with totals', async () => {
    loadPlan.mockResolvedValue(plan());
    render(<EffortPlan project={project()} />);
    const table = await screen.findByRole('table', { name: 'Planned person-months by work package and organisation' });
    expect(loadPlan).toHaveBeenCalledWith(LINK);
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Work package', 'ACME', 'Uni', 'Total']);
    expect(within(table).getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['WP1 Survey', 'WP2 Design', 'Total']);
    expect(input('WP1 Survey', 'Uni')).toHaveValue('1.5');
    expect(input('WP2 Design', 'Uni')).toHaveValue('');
    expect(screen.getByTestId('effort-plan-total')).toHaveTextContent('7.5');
    expect(screen.getByTestId('effort-plan-table')).toHaveClass('effort__scroll');
    expect(screen.getByRole('button', { name: 'Save plan' })).toBeDisabled();
  });

  test('a save sends the changed cells with PUT; a new organisation is a new column', async () => {
    loadPlan.mockResolvedValue(plan());
    const saved = plan({ organisations: ['ACME', 'Uni', 'TU Delft'], cells: { 11: { ACME: 2.5, Uni: 1.5, 'TU Delft': 3 }, 12: {} } });
    savePlan.mockResolvedValue(saved);
    render(<EffortPlan project={project()} />);
    await screen.findByRole('table');
    fireEvent.change(input('WP1 Survey', 'ACME'), { target: { value: '2,5' } });
    fireEvent.change(input('WP2 Design', 'ACME'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('New organisation'), { target: { value: 'TU Delft' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add organisation' }));
    fireEvent.change(input('WP1 Survey', 'TU Delft'), { target: { value: '3' } });
    expect(screen.getByTestId('effort-plan-total')).toHaveTextContent('7');
    fireEvent.click(screen.getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(savePlan).toHaveBeenCalledWith(SAVE, [
      { moduleId: 11, organisation: 'ACME', personMonths: 2.5 },
      { moduleId: 12, organisation: 'ACME', personMonths: null },
      { moduleId: 11, organisation: 'TU Delft', personMonths: 3 },
    ]));
    // The answer is the plan as kept: the editor starts again from it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save plan' })).toBeDisabled());
    expect(input('WP1 Survey', 'TU Delft')).toHaveValue('3');
    expect(loadPlan).toHaveBeenCalledTimes(1);
  });

  test('an organisation already in the plan, or no name, is refused', async () => {
    loadPlan.mockResolvedValue(plan());
    render(<EffortPlan project={project()} />);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Add organisation' }));
    expect(screen.getByRole('alert')).toHaveTextContent("Type the organisation's name");
    fireEvent.change(screen.getByLabelText('New organisation'), { target: { value: 'acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add organisation' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This organisation is already in the plan');
  });

  test('a value that is not person-months is refused on its cell before anything is sent', async () => {
    loadPlan.mockResolvedValue(plan());
    render(<EffortPlan project={project()} />);
    await screen.findByRole('table');
    fireEvent.change(input('WP1 Survey', 'Uni'), { target: { value: 'lots' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save plan' }));
    expect(input('WP1 Survey', 'Uni')).toHaveAttribute('aria-invalid', 'true');
    expect(input('WP1 Survey', 'Uni')).toHaveAccessibleDescription('A number from 0 to 9,999.99');
    expect(savePlan).not.toHaveBeenCalled();
  });

  test('a 422 of a save shows each error on its cell', async () => {
    loadPlan.mockResolvedValue(plan());
    // As the server names them: the place of the cell in the list sent.
    savePlan.mockRejectedValue(failure(422, 'The form has errors', { 'cells[1][personMonths]': ['A number from 0 to 9,999.99 (server)'] }));
    render(<EffortPlan project={project()} />);
    await screen.findByRole('table');
    fireEvent.change(input('WP1 Survey', 'ACME'), { target: { value: '1' } });
    fireEvent.change(input('WP2 Design', 'Uni'), { target: { value: '9999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save plan' }));
    const cellError = await screen.findByTestId('effort-plan-cell-error');
    expect(cellError).toHaveTextContent('A number from 0 to 9,999.99 (server)');
    expect(cellError.closest('td')).toHaveAttribute('data-organisation', 'Uni');
    expect(cellError.closest('td')).toHaveAttribute('data-module', '12');
    expect(screen.getByTestId('effort-plan-error')).toHaveTextContent('The form has errors');
  });

  test('without a save link the plan is shown, not edited', async () => {
    loadPlan.mockResolvedValue(plan({ links: {} }));
    render(<EffortPlan project={project()} />);
    await screen.findByRole('table');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add organisation' })).toBeNull();
    expect(screen.queryByTestId('effort-import')).toBeNull();
  });

  test('Import CSV sends the file, says the expected header and shows a refusal line by line', async () => {
    loadPlan.mockResolvedValue(plan());
    // As the server says them: the bad lines, each already naming its line, under `file`.
    importPlan.mockRejectedValueOnce(failure(422, 'The file has errors', {
      file: ["Line 3: no work package 'WP9' in this project", "Line 4: 'lots' is no number of person-months"],
    }));
    render(<EffortPlan project={project()} />);
    const form = await screen.findByTestId('effort-import');
    expect(form).toHaveTextContent('work package,organisation,person-months');
    const submit = within(form).getByRole('button', { name: 'Import CSV' });
    expect(submit).toBeDisabled();
    const file = new File(['work package,organisation,person-months\nWP9,ACME,1\n'], 'plan.csv', { type: 'text/csv' });
    fireEvent.change(within(form).getByLabelText('CSV file'), { target: { files: [file] } });
    fireEvent.click(submit);
    await waitFor(() => expect(importPlan).toHaveBeenCalledWith(IMPORT, file));
    const errors = await screen.findByTestId('effort-import-errors');
    expect(errors).toHaveTextContent('The file has errors');
    expect(within(errors).getAllByRole('listitem').map((li) => li.textContent))
      .toEqual(["Line 3: no work package 'WP9' in this project", "Line 4: 'lots' is no number of person-months"]);

    // Taken: the answer is the plan as it is now, and the table shows it.
    importPlan.mockResolvedValueOnce({ ...plan({ cells: { 11: { ACME: 1 } } }), imported: 1 });
    fireEvent.click(submit);
    await waitFor(() => expect(input('WP1 Survey', 'Uni')).toHaveValue(''));
    expect(input('WP1 Survey', 'ACME')).toHaveValue('1');
    expect(loadPlan).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('effort-import-errors')).toBeNull();
  });

  test('an answer that is not the plan reads the plan again', async () => {
    loadPlan.mockResolvedValue(plan());
    savePlan.mockResolvedValue({});
    render(<EffortPlan project={project()} />);
    await screen.findByRole('table');
    loadPlan.mockResolvedValue(plan({ cells: { 11: { ACME: 9 } } }));
    fireEvent.change(input('WP1 Survey', 'ACME'), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(loadPlan).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save plan' })).toBeDisabled());
    expect(input('WP1 Survey', 'ACME')).toHaveValue('9');
  });

  test('a plan that cannot be read says why', async () => {
    loadPlan.mockRejectedValue(failure(404, 'Not found'));
    render(<EffortPlan project={project()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
  });
});
