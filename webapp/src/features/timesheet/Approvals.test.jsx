import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn() } };
});
vi.mock('../../lib/saveFile.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: vi.fn() };
});

// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import saveBlob from '../../lib/saveFile.js';
// eslint-disable-next-line import/first
import { clearToasts, subscribe } from '../../lib/toast.js';
// eslint-disable-next-line import/first
import Approvals from './Approvals.jsx';

const PORTAL = { id: 4, name: 'Consortium', links: { timesheets: { url: '/api/time/months/4', operation: 'GET' } } };
const link = (url) => ({ url, operation: 'POST' });

const sheet = (id, name, overrides = {}) => ({
  id, user: { id: id + 100, name }, month: '2026-11', state: 'SUBMITTED', comment: '', submitted: '2026-12-01T09:30:00Z',
  decidedBy: null, decided: null, totalMinutes: 450,
  links: {
    approve: link(`/api/time/month/approve/${id}`), return: link(`/api/time/month/return/${id}`),
    pdf: { url: `/api/time/month/pdf/${id}`, operation: 'GET' },
  },
  ...overrides,
});

const LIST = [
  sheet(1, 'Lars Berg'),
  // the reader's own sheet: nobody decides their own, so only its PDF
  sheet(2, 'Ada Lovelace', { totalMinutes: 600, links: { pdf: { url: '/api/time/month/pdf/2', operation: 'GET' } } }),
];

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

function renderApprovals(url = '/portal/4/timesheet/approvals', portal = PORTAL) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes><Route path="/portal/:portalId/timesheet/approvals" element={<><Approvals portal={portal} /><Where /></>} /></Routes>
    </MemoryRouter>,
  );
}

const rowOf = (name) => screen.getAllByTestId('ts-sheet').find((r) => r.textContent.includes(name));

let toasts = [];
let unsubscribe;
beforeEach(() => {
  api.get.mockReset();
  api.post.mockReset();
  saveBlob.mockReset();
  api.get.mockImplementation(() => Promise.resolve({ data: { list: LIST } }));
  clearToasts();
  unsubscribe = subscribe((items) => { toasts = items; });
});
afterEach(() => unsubscribe());

describe('Approvals', () => {
  test('the submitted sheets from the portal\'s timesheets link, each with the buttons its links offer', async () => {
    renderApprovals();
    await screen.findAllByTestId('ts-sheet');
    expect(api.get).toHaveBeenCalledWith('/api/time/months/4?state=SUBMITTED');
    const lars = rowOf('Lars Berg');
    expect(lars).toHaveTextContent('November 2026');
    expect(within(lars).getByTestId('ts-sheet-hours')).toHaveTextContent('7.5');
    expect(within(lars).getByTestId('ts-state')).toHaveTextContent('Submitted');
    expect(within(lars).getByTestId('ts-pdf')).toBeInTheDocument();
    expect(within(lars).getByTestId('ts-approve')).toBeInTheDocument();
    expect(within(lars).getByTestId('ts-return')).toBeInTheDocument();
    const own = rowOf('Ada Lovelace');
    expect(within(own).getByTestId('ts-pdf')).toBeInTheDocument();
    expect(within(own).queryByTestId('ts-approve')).toBeNull();
    expect(within(own).queryByTestId('ts-return')).toBeNull();
  });

  test('Approve: one POST to its link, a toast, the list read again', async () => {
    api.post.mockResolvedValueOnce({ data: { item: { ...LIST[0], state: 'APPROVED' } } });
    renderApprovals();
    await screen.findAllByTestId('ts-sheet');
    fireEvent.click(within(rowOf('Lars Berg')).getByTestId('ts-approve'));
    expect(api.post).toHaveBeenCalledWith('/api/time/month/approve/1', {});
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
    expect(toasts.map((x) => x.text)).toEqual(['Timesheet of Lars Berg for November 2026 approved']);
  });

  test('a refused approval says why in an error toast', async () => {
    api.post.mockRejectedValueOnce({ response: { status: 403, data: { error: 'Nobody decides their own timesheet' } } });
    renderApprovals();
    await screen.findAllByTestId('ts-sheet');
    fireEvent.click(within(rowOf('Lars Berg')).getByTestId('ts-approve'));
    await waitFor(() => expect(toasts.map((x) => [x.text, x.kind])).toEqual([['Nobody decides their own timesheet', 'error']]));
    expect(api.get).toHaveBeenCalledTimes(1);
  });

  test('Return asks for a comment (required), posts it, says so and reads the list again', async () => {
    api.post.mockResolvedValueOnce({ data: { item: { ...LIST[0], state: 'RETURNED' } } });
    renderApprovals();
    await screen.findAllByTestId('ts-sheet');
    fireEvent.click(within(rowOf('Lars Berg')).getByTestId('ts-return'));
    const dialog = screen.getByRole('dialog', { name: 'Return the timesheet' });
    expect(dialog).toHaveTextContent('Return the timesheet of Lars Berg for November 2026?');
    fireEvent.click(within(dialog).getByTestId('ts-return-send'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Write a comment for the person');
    expect(api.post).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText(/Comment/), { target: { value: '  WP2 is missing on the 3rd  ' } });
    fireEvent.click(within(dialog).getByTestId('ts-return-send'));
    expect(api.post).toHaveBeenCalledWith('/api/time/month/return/1', { comment: 'WP2 is missing on the 3rd' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toasts.map((x) => x.text)).toEqual(['Timesheet of Lars Berg for November 2026 returned']);
    expect(api.get).toHaveBeenCalledTimes(2);
  });

  test('a refused return keeps the dialog open with the server\'s message on the comment', async () => {
    api.post.mockRejectedValueOnce({ response: { status: 422, data: { error: 'Invalid', errors: { comment: ['At most 2000 characters'] } } } });
    renderApprovals();
    await screen.findAllByTestId('ts-sheet');
    fireEvent.click(within(rowOf('Lars Berg')).getByTestId('ts-return'));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('ts-return-comment'), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByTestId('ts-return-send'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('At most 2000 characters');
    expect(within(dialog).getByTestId('ts-return-comment')).toHaveValue('x');
  });

  test('Open PDF downloads through the authenticated client under the server\'s file name', async () => {
    renderApprovals();
    await screen.findAllByTestId('ts-sheet');
    const blob = new Blob(['%PDF']);
    api.get.mockResolvedValueOnce({ data: blob, headers: { 'content-disposition': 'attachment; filename="timesheet-Lars Berg-2026-11.pdf"' } });
    fireEvent.click(within(rowOf('Lars Berg')).getByTestId('ts-pdf'));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(blob, 'timesheet-Lars Berg-2026-11.pdf'));
    expect(api.get).toHaveBeenLastCalledWith('/api/time/month/pdf/1', { responseType: 'blob' });
  });

  test('the state filter asks the server again and stays in the address', async () => {
    renderApprovals();
    await screen.findAllByTestId('ts-sheet');
    fireEvent.change(screen.getByTestId('ts-state-filter'), { target: { value: 'APPROVED' } });
    await waitFor(() => expect(api.get).toHaveBeenLastCalledWith('/api/time/months/4?state=APPROVED'));
    expect(screen.getByTestId('where')).toHaveTextContent('?state=APPROVED');
    fireEvent.change(screen.getByTestId('ts-state-filter'), { target: { value: 'all' } });
    await waitFor(() => expect(api.get).toHaveBeenLastCalledWith('/api/time/months/4'));
  });

  test('no sheets: the empty text', async () => {
    api.get.mockImplementation(() => Promise.resolve({ data: { list: [] } }));
    renderApprovals('/portal/4/timesheet/approvals?state=RETURNED', { id: 4, name: 'Consortium', links: {} });
    expect(await screen.findByText('No timesheets here')).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/api/time/months/4?state=RETURNED');
  });
});
