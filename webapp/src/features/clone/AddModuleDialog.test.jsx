import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn() } };
});

// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import AddModuleDialog from './AddModuleDialog.jsx';

const ADD = { url: '/api/module/add/5/4rineu_task', label: 'Add Task', operation: 'POST' };
const token = { name: '_token', type: 'hidden', value: 't', options: [] };
const PLAIN = {
  method: 'POST', action: ADD.url,
  elements: [{ name: 'name', label: 'Name', type: 'text', value: '', required: true, options: [] },
    { name: 'description', label: 'Description', type: 'textarea', value: '', options: [] }, token],
};
const FROM = {
  method: 'POST', action: ADD.url,
  elements: [{ name: 'name', label: 'Name', type: 'text', value: '', required: true, options: [] },
    { name: 'templateId', label: '', type: 'hidden', value: 9, options: [] }, token],
};
const TEMPLATE = {
  id: 9, name: 'Survey task', description: 'Walk the site', module: { id: 40, name: 'Survey model', type: '4rineu_task' },
  createdBy: 'Sofia',
  links: { add: { url: `${ADD.url}?template=9`, operation: 'POST' }, manage: { url: '/api/clone-config/manage/40/9', operation: 'POST' } },
};
const DEP = {
  method: 'PUT', action: '/api/clone-config/manage/40/9', title: 'Subtask: Photos', entityType: 'module', entityId: 41,
  included: true, depth: 1, elements: [],
};

function serve(templates) {
  api.get.mockImplementation((url) => {
    const answers = {
      [ADD.url]: PLAIN, [`${ADD.url}/templates`]: { list: templates }, [`${ADD.url}?template=9`]: FROM,
      '/api/clone-config/manage/40/9': { forms: [JSON.stringify(DEP)] },
    };
    return url in answers ? Promise.resolve({ data: answers[url] }) : Promise.reject(new Error(`unexpected ${url}`));
  });
}

beforeEach(() => {
  api.get.mockReset();
  api.post.mockReset();
});

describe('AddModuleDialog', () => {
  test('without templates of the type it is the plain add form, no toggle', async () => {
    serve([]);
    render(<AddModuleDialog title="Add Task" link={ADD} onClose={() => {}} />);
    expect(await screen.findByLabelText(/^Name/)).toBeInTheDocument();
    await waitFor(() => expect(api.get).toHaveBeenCalledWith(`${ADD.url}/templates`));
    expect(screen.getByLabelText('Description')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start from template' })).toBeNull();
  });

  test('start from a template: pick, see its dependencies, create through the filled form; Start blank goes back', async () => {
    serve([TEMPLATE]);
    const onSuccess = vi.fn();
    const onClose = vi.fn();
    render(<AddModuleDialog title="Add Task" link={ADD} onClose={onClose} onSuccess={onSuccess} />);
    const toggle = await screen.findByRole('button', { name: 'Start from template' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Survey task')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Survey task')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Use Survey task' }));
    expect(await screen.findByText('Subtask: Photos')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /From the template .Survey task./ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Description')).toBeNull());
    expect(api.get).toHaveBeenCalledWith(`${ADD.url}?template=9`);

    fireEvent.click(screen.getByRole('button', { name: 'Start blank' }));
    expect(await screen.findByLabelText('Description')).toBeInTheDocument();
    expect(screen.queryByText('Subtask: Photos')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Start from template' }));
    fireEvent.click(screen.getByRole('button', { name: 'Use Survey task' }));
    await waitFor(() => expect(screen.queryByLabelText('Description')).toBeNull());
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Survey of Porto' } });
    api.post.mockResolvedValue({ data: { item: { id: 77, name: 'Survey of Porto' } } });
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Create' })); });
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ id: 77, name: 'Survey of Porto' }, expect.anything()));
    const [action, sent] = api.post.mock.calls[0];
    expect(action).toBe(ADD.url);
    expect(sent.get('name')).toBe('Survey of Porto');
    expect(sent.get('templateId')).toBe('9');
    expect(onClose).toHaveBeenCalledTimes(1); // success: a toast, and the dialog closes at once
  });
});
