import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn() } };
});
vi.mock('./api.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, startTimer: vi.fn() };
});

// eslint-disable-next-line import/first
import Toaster from '../../components/Toaster.jsx';
// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import { clearToasts } from '../../lib/toast.js';
// eslint-disable-next-line import/first
import { onTimeChanged } from './api.js';
// eslint-disable-next-line import/first
import { loggedText } from './LogTimeDialog.jsx';
// eslint-disable-next-line import/first
import TimeActions from './TimeActions.jsx';
// eslint-disable-next-line import/first
import { resetTimerStore } from './timerStore.js';

const link = (url, operation = 'GET') => ({ url, operation, route: 'x', label: 'x', access: 'view' });
const FORM = {
  method: 'POST', action: '/api/time/add/12',
  elements: [
    { name: 'day', label: 'Day', type: 'date', value: '2026-11-25', required: true, options: [] },
    { name: 'duration', label: 'Duration', type: 'text', value: '', required: true, options: [] },
    { name: 'activityId', label: 'Activity', type: 'select', value: '2', required: true,
      options: [{ value: '2', label: 'Research', selected: true }, { value: '3', label: 'Travel', selected: false }] },
    { name: 'note', label: 'Note', type: 'textarea', value: '', required: false, options: [] },
  ],
};
const MODULE = { id: 12, name: 'WP1 Design', links: { add_time: link('/api/time/add/12'), start_timer: link('/api/time/timer/start/12'), time: link('/api/time/list/12') } };

beforeEach(() => {
  resetTimerStore();
  api.get.mockReset();
  api.post.mockReset();
  api.get.mockResolvedValue({ data: FORM });
});
afterEach(() => act(() => clearToasts()));

describe('TimeActions (the module header\'s Log time and Start timer)', () => {
  test('none without the module\'s add_time link', () => {
    render(<TimeActions module={{ ...MODULE, links: { time: MODULE.links.time } }} />);
    expect(screen.queryByTestId('time-actions')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  test('Log time: the server\'s add form with Create another; a save says what was logged and tells the Time tab', async () => {
    const onLogged = vi.fn();
    const heard = vi.fn();
    const off = onTimeChanged(heard);
    render(<><Toaster /><TimeActions module={MODULE} onLogged={onLogged} /></>);
    expect(screen.getByRole('button', { name: /Start timer/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Log time' }));
    expect(screen.getByRole('dialog', { name: 'Log Time' })).toBeInTheDocument();
    const duration = await screen.findByLabelText(/^Duration/);
    expect(api.get).toHaveBeenCalledWith('/api/time/add/12');
    expect(screen.getByTestId('create-another')).toBeInTheDocument();
    const saved = { id: 40, moduleId: 12, moduleName: 'WP1 Design', minutes: 90, hours: 1.5 };
    api.post.mockResolvedValue({ data: { item: saved } });
    fireEvent.change(duration, { target: { value: '1:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.post.mock.calls[0][0]).toBe('/api/time/add/12');
    expect(screen.getByRole('status')).toHaveTextContent('Logged 1:30 on WP1 Design');
    expect(onLogged).toHaveBeenCalledWith(saved);
    expect(heard).toHaveBeenCalledWith(saved);
    off();
  });

  test('Create another keeps the dialog open for the next entry', async () => {
    render(<><Toaster /><TimeActions module={MODULE} /></>);
    fireEvent.click(screen.getByTestId('log-time'));
    const duration = await screen.findByLabelText(/^Duration/);
    fireEvent.click(screen.getByTestId('create-another'));
    api.post.mockResolvedValue({ data: { item: { id: 41, moduleName: 'WP1 Design', minutes: 30 } } });
    fireEvent.change(duration, { target: { value: '30m' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Logged 0:30 on WP1 Design'));
    expect(screen.getByRole('dialog', { name: 'Log Time' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Duration/)).toHaveValue('');
  });

  test('a refused duration shows on its field', async () => {
    render(<TimeActions module={MODULE} />);
    fireEvent.click(screen.getByTestId('log-time'));
    const duration = await screen.findByLabelText(/^Duration/);
    api.post.mockRejectedValue({ response: { status: 422, data: { error: 'Invalid', errors: { duration: ['Use hours like 1.5 or 1:30'] } } } });
    fireEvent.change(duration, { target: { value: 'lots' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log' }));
    expect(await screen.findByText('Use hours like 1.5 or 1:30')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Log Time' })).toBeInTheDocument();
  });

  test('what a save says', () => {
    expect(loggedText({ minutes: 85, moduleName: 'WP2' })).toBe('Logged 1:25 on WP2');
    expect(loggedText({ minutes: 60 }, 'Here')).toBe('Logged 1:00 on Here');
    expect(loggedText({ id: 1 })).toBeNull();
    expect(loggedText(null)).toBeNull();
  });
});
