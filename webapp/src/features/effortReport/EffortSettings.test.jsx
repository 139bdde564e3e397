import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn() } };
});

// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import EffortSettings from './EffortSettings.jsx';

const el = (name, type, extra = {}) => ({ name, label: name, type, value: '', required: false, disabled: false, help: '', placeholder: '', options: [], ...extra });
const FORM = {
  method: 'PUT',
  action: '/api/time/settings/3',
  elements: [
    el('activities', 'textarea', { label: 'Activities', value: 'Research\nManagement', required: true }),
    el('hoursPerPersonMonth', 'text', { label: 'Hours per person-month', value: '143.33', required: true }),
    el('periods', 'textarea', { label: 'Periods', value: 'M1-M18' }),
    el('_token', 'hidden', { value: 'tok' }),
  ],
};
const portal = (links = { effort_settings: { url: '/api/time/settings/3' } }) => ({ id: 3, name: '4RinEU', links });

beforeEach(() => {
  api.get.mockReset();
  api.post.mockReset();
});

describe('EffortSettings', () => {
  test('shows nothing without the portal\'s effort_settings link', () => {
    const { container } = render(<EffortSettings portal={portal({})} />);
    expect(container).toBeEmptyDOMElement();
    expect(api.get).not.toHaveBeenCalled();
  });

  test('the server\'s form under a heading and help; saved with PUT, a 422 on its field', async () => {
    api.get.mockResolvedValue({ data: FORM });
    render(<EffortSettings portal={portal()} />);
    expect(screen.getByRole('heading', { name: 'Time and effort' })).toBeInTheDocument();
    expect(screen.getByText(/the hours that make one person-month/)).toBeInTheDocument();
    const periods = await screen.findByLabelText(/^Periods/);
    expect(api.get).toHaveBeenCalledWith('/api/time/settings/3');

    api.post.mockRejectedValueOnce(Object.assign(new Error('422'), { response: { status: 422, data: { error: 'Invalid', errors: { periods: ['Line 2: M10-M20 overlaps M1-M18'] } } } }));
    fireEvent.change(periods, { target: { value: 'M1-M18\nM10-M20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save effort settings' }));
    expect(await screen.findByText('Line 2: M10-M20 overlaps M1-M18')).toBeInTheDocument();

    api.post.mockResolvedValueOnce({ data: { item: { activities: [], hoursPerPersonMonth: 143.33, periods: [], version: 2 } } });
    fireEvent.change(periods, { target: { value: 'M1-M18\nM19-M36' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save effort settings' }));
    expect(await screen.findByTestId('effort-settings-saved')).toHaveTextContent('The effort settings are saved.');
    const [url, body] = api.post.mock.calls[1];
    expect(url).toBe('/api/time/settings/3');
    expect(body.get('_method')).toBe('PUT');
    expect(body.get('periods')).toBe('M1-M18\nM19-M36');
  });
});
