import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('./api.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, getTimer: vi.fn(), stopTimer: vi.fn(), discardTimer: vi.fn(), startTimer: vi.fn() };
});

// eslint-disable-next-line import/first
import Toaster from '../../components/Toaster.jsx';
// eslint-disable-next-line import/first
import { clearToasts } from '../../lib/toast.js';
// eslint-disable-next-line import/first
import { discardTimer, getTimer, onTimeChanged, startTimer, stopTimer } from './api.js';
// eslint-disable-next-line import/first
import StartTimerButton from './StartTimerButton.jsx';
// eslint-disable-next-line import/first
import TimerControl, { timerHref } from './TimerControl.jsx';
// eslint-disable-next-line import/first
import { resetTimerStore, timerChanged } from './timerStore.js';

const link = (url, operation = 'GET') => ({ url, operation, route: 'x', label: 'x', access: 'view' });
const TIMER_LINK = link('/api/time/timer');
const ago = (seconds) => new Date(Date.now() - seconds * 1000).toISOString();
const timer = (extra = {}) => ({
  moduleId: 12, moduleName: 'WP1 Design', portalId: 4, started: ago(5103), note: 'Sketches',
  links: { stop: link('/api/time/timer/stop', 'POST'), discard: link('/api/time/timer', 'DELETE') }, ...extra,
});

function renderBar(props = { link: TIMER_LINK }, extra = null) {
  return render(<MemoryRouter><Toaster /><TimerControl {...props} />{extra}</MemoryRouter>);
}

beforeEach(() => {
  resetTimerStore();
  [getTimer, stopTimer, discardTimer, startTimer].forEach((fn) => fn.mockReset());
});
afterEach(() => act(() => clearToasts()));

describe('TimerControl', () => {
  test('nothing without the currentuser\'s timer link, nor while no timer runs', async () => {
    const { unmount } = renderBar({ link: null });
    expect(getTimer).not.toHaveBeenCalled();
    expect(screen.queryByTestId('timer')).toBeNull();
    unmount();
    getTimer.mockResolvedValue(null);
    renderBar();
    await waitFor(() => expect(getTimer).toHaveBeenCalledWith({ url: '/api/time/timer' }));
    expect(screen.queryByTestId('timer')).toBeNull();
  });

  test('a running timer: a chip named by its module, the elapsed time ticking every second and not read out', async () => {
    getTimer.mockResolvedValue(timer());
    renderBar();
    const chip = await screen.findByRole('button', { name: /^Timer running on WP1 Design: 1:25:0\d$/ });
    expect(chip).toHaveAttribute('aria-expanded', 'false');
    const elapsed = within(chip).getByTestId('timer-elapsed');
    expect(elapsed).toHaveAttribute('aria-live', 'off');
    const first = elapsed.textContent;
    expect(first).toMatch(/^1:25:0\d$/);
    await waitFor(() => expect(elapsed.textContent).not.toBe(first), { timeout: 2500 });
    // no interactive element inside the chip
    expect(chip.querySelector('a, button, input')).toBeNull();
  });

  test('its panel links the module\'s page; Stop logs it and says so', async () => {
    getTimer.mockResolvedValue(timer());
    const heard = vi.fn();
    const off = onTimeChanged(heard);
    renderBar();
    fireEvent.click(await screen.findByTestId('timer-chip'));
    const panel = screen.getByRole('dialog', { name: 'Running timer' });
    expect(within(panel).getByRole('link', { name: 'WP1 Design' })).toHaveAttribute('href', '/portal/4/module/12');
    expect(panel).toHaveTextContent('Sketches');
    stopTimer.mockResolvedValue({ id: 9, moduleId: 12, moduleName: 'WP1 Design', minutes: 86, hours: 1.43 });
    fireEvent.click(within(panel).getByRole('button', { name: 'Stop and log' }));
    await waitFor(() => expect(screen.queryByTestId('timer')).toBeNull());
    expect(stopTimer).toHaveBeenCalledWith(expect.objectContaining({ moduleId: 12 }));
    expect(screen.getByRole('status')).toHaveTextContent('Logged 1:26 on WP1 Design');
    expect(heard).toHaveBeenCalledWith(expect.objectContaining({ id: 9 }));
    off();
  });

  test('a refused stop keeps the timer and says why', async () => {
    getTimer.mockResolvedValue(timer());
    renderBar();
    fireEvent.click(await screen.findByTestId('timer-chip'));
    stopTimer.mockRejectedValue({ response: { status: 422, data: { error: 'More than 24 hours on this day' } } });
    fireEvent.click(screen.getByTestId('timer-stop'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('More than 24 hours on this day'));
    expect(screen.getByTestId('timer')).toBeInTheDocument();
  });

  test('Discard asks first, then drops the timer without logging', async () => {
    getTimer.mockResolvedValue(timer());
    renderBar();
    fireEvent.click(await screen.findByTestId('timer-chip'));
    fireEvent.click(screen.getByTestId('timer-discard'));
    const dialog = screen.getByRole('dialog', { name: 'Discard Timer' });
    expect(dialog).toHaveTextContent('Discard the running timer? Its time is not logged.');
    expect(discardTimer).not.toHaveBeenCalled();
    discardTimer.mockResolvedValue({});
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByTestId('timer')).toBeNull());
    expect(stopTimer).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Timer discarded');
  });

  test('read again on timer-changed; without its portal the module shows as text', async () => {
    getTimer.mockResolvedValue(null);
    renderBar();
    await waitFor(() => expect(getTimer).toHaveBeenCalledTimes(1));
    getTimer.mockResolvedValue(timer({ portalId: undefined, links: { stop: link('/s', 'POST') } }));
    act(() => timerChanged());
    fireEvent.click(await screen.findByTestId('timer-chip'));
    expect(screen.getByTestId('timer-module').tagName).toBe('STRONG');
    expect(screen.queryByTestId('timer-discard')).toBeNull(); // no discard link, no button
    expect(timerHref({ moduleId: 3, portalId: 7, platform: 'peb' })).toBe('/peb/7/module/3');
  });
});

describe('StartTimerButton', () => {
  const module = (links = { add_time: link('/api/time/add/12'), start_timer: link('/api/time/timer/start/12') }) => ({ id: 12, name: 'WP1 Design', links });

  test('only with the module\'s add_time link', () => {
    render(<StartTimerButton module={module({})} />);
    expect(screen.queryByTestId('start-timer')).toBeNull();
  });

  test('starts a timer: the top bar shows it at once and the button says it runs', async () => {
    getTimer.mockResolvedValue(null);
    renderBar({ link: TIMER_LINK }, <StartTimerButton module={module()} />);
    await waitFor(() => expect(getTimer).toHaveBeenCalled());
    startTimer.mockResolvedValue(timer({ started: ago(0) }));
    fireEvent.click(screen.getByRole('button', { name: 'Start timer' }));
    expect(await screen.findByTestId('timer-chip')).toHaveTextContent(/0:00:0\d/);
    expect(startTimer).toHaveBeenCalledWith(expect.objectContaining({ id: 12 }));
    expect(screen.getByTestId('start-timer')).toBeDisabled();
    expect(screen.getByTestId('start-timer')).toHaveTextContent('Timer running');
    expect(screen.getByRole('status')).toHaveTextContent('Timer started on WP1 Design');
  });

  test('a timer running elsewhere: the tooltip says it stops first, and its logged time is told', async () => {
    getTimer.mockResolvedValue(timer({ moduleId: 30, moduleName: 'WP2 Build' }));
    const heard = vi.fn();
    const off = onTimeChanged(heard);
    renderBar({ link: TIMER_LINK }, <StartTimerButton module={module()} />);
    await screen.findByTestId('timer-chip');
    const button = screen.getByTestId('start-timer');
    expect(button).toHaveAttribute('title', 'The timer running on WP2 Build stops first and its time is logged');
    startTimer.mockResolvedValue(timer());
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveTextContent('Timer running'));
    expect(heard).toHaveBeenCalled();
    off();
  });
});
