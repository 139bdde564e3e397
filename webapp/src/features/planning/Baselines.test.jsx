import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';

vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn() } };
});

// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import Baselines, { slipText } from './Baselines.jsx';

const link = (url) => ({ url, route: 'x', label: 'x', access: 'view', operation: 'GET' });
const grant = { id: 4, name: 'Grant agreement', links: { slips: link('/api/baseline/slips/9/4'), delete: link('/d') } };
const rows = [
  { id: 11, name: 'Design', depth: 1, slip: 5, baseline: { startDate: '2026-03-09', deadline: '2026-03-13' }, current: { startDate: '2026-03-09', deadline: '2026-03-20' } },
  { id: 12, name: 'Survey', depth: 1, slip: null, baseline: { startDate: '2026-03-02', deadline: null }, current: { startDate: '2026-03-02', deadline: null } },
];

describe('Baselines', () => {
  test('says a slip in working days', () => {
    expect([slipText(3), slipText(-1), slipText(0), slipText(null)]).toEqual(['+3', '−1', 'on time', '—']);
  });

  test('a chosen baseline gives the Gantt its dates and a slip table, sorted by the server', async () => {
    api.get.mockImplementation((url, cfg) => Promise.resolve({ data: url.includes('/list/')
      ? { list: [grant] } : { baseline: grant, list: cfg.params.sort === 'name' ? [...rows].reverse() : rows } }));
    const onShow = vi.fn();
    render(<Baselines module={{ id: 9, links: { baselines: link('/api/baseline/list/9') } }} onShow={onShow} />);
    expect(screen.queryByTestId('save-baseline')).toBeNull(); // no add_baseline link: no button
    await screen.findByRole('option', { name: 'Grant agreement' });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '4' } });
    await waitFor(() => expect(onShow).toHaveBeenLastCalledWith({ 11: rows[0].baseline, 12: rows[1].baseline }));
    fireEvent.click(screen.getByTestId('slips-toggle'));
    expect(screen.getAllByTestId('slip-row').map((r) => r.textContent)).toEqual(['Design13th Mar 202620th Mar 2026+5', 'Survey———']);
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(screen.getAllByTestId('slip-row')[0]).toHaveTextContent('Survey'));
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '' } });
    await waitFor(() => expect(onShow).toHaveBeenLastCalledWith(null));
  });
});
