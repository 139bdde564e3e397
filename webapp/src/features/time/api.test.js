import { beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn(), delete: vi.fn() } };
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
import { downloadEntries, getTimer, onTimeChanged, startTimer, stopTimer, timeChanged } from './api.js';

const link = (url, operation = 'GET') => ({ url, operation, route: 'x', label: 'x', access: 'view' });

beforeEach(() => {
  api.get.mockReset();
  api.post.mockReset();
  saveBlob.mockReset();
});

describe('time api', () => {
  test('the list downloads through the authenticated client, with its filters and format, named by the server', async () => {
    const blob = new Blob(['x']);
    api.get.mockResolvedValue({ data: blob, headers: { 'content-disposition': 'attachment; filename="time-wp1-2026-11-25.xlsx"' } });
    await downloadEntries('/api/time/list/12', { user: '3', from: '2026-11-01', sort: '-day' }, 'xlsx', 'time-12');
    expect(api.get).toHaveBeenCalledWith('/api/time/list/12?user=3&from=2026-11-01&sort=-day&format=xlsx', { responseType: 'blob' });
    expect(saveBlob).toHaveBeenCalledWith(blob, 'time-wp1-2026-11-25.xlsx');
    api.get.mockResolvedValue({ data: blob, headers: {} });
    await downloadEntries('/api/time/list/12', {}, 'csv', 'time-12');
    expect(api.get).toHaveBeenLastCalledWith('/api/time/list/12?format=csv', { responseType: 'blob' });
    expect(saveBlob).toHaveBeenLastCalledWith(blob, 'time-12.csv');
  });

  test('the timer: read, started through the module\'s start_timer link, stopped', async () => {
    api.get.mockResolvedValue({ data: { item: null } });
    expect(await getTimer(link('/api/time/timer'))).toBeNull();
    api.post.mockResolvedValue({ data: { item: { moduleId: 12 } } });
    expect(await startTimer({ id: 12, links: { start_timer: link('/api/time/timer/start/12', 'POST') } })).toEqual({ moduleId: 12 });
    expect(api.post).toHaveBeenLastCalledWith('/api/time/timer/start/12');
    api.post.mockResolvedValue({ data: { item: { id: 5, minutes: 85 } } });
    expect(await stopTimer({ links: { stop: link('/api/time/timer/stop', 'POST') } })).toEqual({ id: 5, minutes: 85 });
  });

  test('time changed: every listener hears it until it stops listening', () => {
    const heard = vi.fn();
    const off = onTimeChanged(heard);
    timeChanged({ id: 1 });
    off();
    timeChanged({ id: 2 });
    expect(heard.mock.calls).toEqual([[{ id: 1 }]]);
  });
});
