import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn() } };
});

// eslint-disable-next-line import/first
import api from '../lib/apiClient.js';
// eslint-disable-next-line import/first
import DynamicForm from './DynamicForm.jsx';
// eslint-disable-next-line import/first
import { buildFormData, flattenElements, normaliseForm, validateForm } from '../lib/serverForm.js';

const el = (name, type, extra = {}) => ({
  name, label: extra.label || name, type, value: '', required: false, disabled: false, help: '', placeholder: '', options: [], ...extra,
});

const FORM = {
  method: 'PUT',
  action: '/api/thing/edit/1',
  elements: [
    el('thing[name]', 'text', { label: 'Name', required: true, value: 'Old name', help: 'A short name' }),
    el('thing[description]', 'textarea', { label: 'Description' }),
    el('thing[when]', 'date', { label: 'When', required: true }),
    el('thing[email]', 'email', { label: 'Email', required: true }),
    el('thing[colour]', 'select', {
      label: 'Colour', required: true, placeholder: 'Pick a colour',
      options: [{ value: 'r', label: 'Red', selected: false }, { value: 'g', label: 'Green', selected: false }],
    }),
    el('thing[file]', 'file', { label: 'Attachment', required: true }),
    el('thing[range]', 'compound', {
      label: 'Range',
      elements: [el('thing[range][first]', 'text', { label: 'First' }), el('thing[range][second]', 'text', { label: 'Second' })],
    }),
    el('thing[fancy]', 'wysiwyg', { label: 'Fancy' }),
    el('_token', 'hidden', { value: 'tok123', required: true }),
  ],
};

beforeEach(() => {
  api.get.mockReset();
  api.post.mockReset();
});

describe('DynamicForm', () => {
  test('renders every element type, a disabled select placeholder, a to-do for unknown types', () => {
    const { container } = render(<DynamicForm form={FORM} />);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Old name');
    expect(screen.getByLabelText(/^Description/).tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText(/^When/)).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Attachment/)).toHaveAttribute('type', 'file');
    const select = screen.getByLabelText(/^Colour/);
    const placeholder = select.querySelector('option');
    expect(placeholder).toHaveTextContent('Pick a colour');
    expect(placeholder).toBeDisabled();
    expect(select).toHaveValue('');
    expect(screen.getByText('Range').tagName).toBe('LEGEND');
    expect(screen.getByLabelText('First')).toBeInTheDocument();
    expect(screen.getByTestId('todo-element')).toHaveTextContent("element type ‘wysiwyg’ is not supported");
    expect(container.querySelector('input[type=hidden][name=_token]')).toHaveValue('tok123');
    expect(screen.getByText('A short name')).toBeInTheDocument();
  });

  test('required rules with the default messages; nothing is sent', async () => {
    render(<DynamicForm form={FORM} />);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // the required text and the required select both say 'Input is required'
    expect(await screen.findAllByText('Input is required')).toHaveLength(2);
    expect(screen.getByText('Date is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('File is required')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });

  test('submits FormData of every element plus _method and hands back the item', async () => {
    const onSuccess = vi.fn();
    api.post.mockResolvedValue({ data: { item: { id: 1, name: 'New name' } } });
    render(<DynamicForm form={FORM} onSuccess={onSuccess} />);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'New name' } });
    fireEvent.change(screen.getByLabelText(/^When/), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'a@b.eu' } });
    fireEvent.change(screen.getByLabelText(/^Colour/), { target: { value: 'g' } });
    const file = new File(['hello'], 'hello.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByLabelText(/^Attachment/), { target: { files: [file] } });
    fireEvent.change(screen.getByLabelText('First'), { target: { value: 'one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ id: 1, name: 'New name' }, expect.anything()));
    const [url, fd] = api.post.mock.calls[0];
    expect(url).toBe('/api/thing/edit/1');
    expect(fd.get('thing[name]')).toBe('New name');
    expect(fd.get('thing[when]')).toBe('2026-12-01');
    expect(fd.get('thing[colour]')).toBe('g');
    expect(fd.get('thing[file]').name).toBe('hello.txt');
    expect(fd.get('thing[range][first]')).toBe('one');
    expect(fd.get('thing[range][second]')).toBe('');
    expect(fd.get('_token')).toBe('tok123');
    expect(fd.get('_method')).toBe('PUT');
    expect(fd.has('thing[fancy]')).toBe(false);
  });

  test("a 422 puts the errors on the matching fields and clears the general message", async () => {
    const small = { method: 'POST', action: '/api/x', elements: [el('name', 'text', { label: 'Name', value: 'x' }), el('_token', 'hidden', { value: 't' })] };
    api.post.mockRejectedValueOnce({ response: { status: 500, data: { error: 'Server down' } } });
    render(<DynamicForm form={small} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Server down')).toBeInTheDocument();
    api.post.mockRejectedValueOnce({
      response: { status: 422, data: { error: 'The form has errors', errors: { name: ['Name is taken'] } } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is taken')).toBeInTheDocument();
    expect(screen.queryByText('Server down')).not.toBeInTheDocument();
    expect(screen.queryByText('The form has errors')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  test("a form that cannot load shows 'Error: {error}'", async () => {
    api.get.mockRejectedValue({ response: { status: 403, data: { error: 'You may not edit this' } } });
    render(<DynamicForm url="/api/module/edit/9" />);
    expect(await screen.findByText('Error: You may not edit this')).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/api/module/edit/9');
  });

  test('loads the form from its url', async () => {
    api.get.mockResolvedValue({ data: { method: 'POST', action: '/api/a', elements: [el('title', 'text', { label: 'Title', value: 'Hi' })] } });
    render(<DynamicForm url="/api/a" submitLabel="Create" />);
    expect(await screen.findByLabelText('Title')).toHaveValue('Hi');
    expect(screen.getByRole('button', { name: 'Create' })).toBeInTheDocument();
  });
});

describe('form helpers', () => {
  test('flatten opens compounds', () => {
    expect(flattenElements(FORM.elements).map((e) => e.name)).toContain('thing[range][second]');
  });
  test('reference forms come as forms[0], a JSON string', () => {
    const f = normaliseForm({ forms: [JSON.stringify({ method: 'POST', action: '/a', elements: [] })] });
    expect(f.action).toBe('/a');
  });
  test('validateForm skips hidden, disabled and unknown elements', () => {
    const els = [el('a', 'hidden', { required: true }), el('b', 'text', { required: true, disabled: true }), el('c', 'wysiwyg', { required: true })];
    expect(validateForm(els, {})).toEqual({});
  });
  test('buildFormData defaults _method to POST', () => {
    const fd = buildFormData({ elements: [el('a', 'text')] }, { a: 'x' });
    expect(fd.get('_method')).toBe('POST');
    expect(fd.get('a')).toBe('x');
  });
});

describe('role presets and checkboxes (issue 40)', () => {
  const flags = ['admin', 'allowCreate', 'allowView', 'allowEdit', 'allowDelete'];
  const RIGHTS_FORM = {
    method: 'PUT',
    action: '/api/membership/edit/5/9',
    elements: [
      el('role', 'text', {
        label: 'Role', value: 'Site engineer',
        presets: [
          { role: 'Viewer', admin: false, allowCreate: false, allowView: true, allowEdit: false, allowDelete: false },
          { role: 'Admin', admin: true, allowCreate: true, allowView: true, allowEdit: true, allowDelete: true },
          { role: 'Site engineer', admin: false, allowCreate: false, allowView: true, allowEdit: true, allowDelete: false },
        ],
      }),
      ...flags.map((f) => el(f, 'checkbox', { label: f, value: f === 'allowView' || f === 'allowEdit' ? '1' : '0' })),
    ],
  };

  test('a preset types its name and ticks its rights; a checkbox sends 1 or 0; the role keeps its name', async () => {
    api.post.mockResolvedValue({ data: { item: { id: 9 } } });
    render(<DynamicForm form={RIGHTS_FORM} />);
    expect(screen.getByLabelText(/^Preset/)).toHaveValue('Site engineer');
    expect(screen.getByLabelText('allowEdit')).toBeChecked();
    expect(screen.getByLabelText('admin')).not.toBeChecked();
    fireEvent.click(screen.getByLabelText('allowDelete'));
    expect(screen.getByLabelText(/^Role/)).toHaveValue('Site engineer');
    fireEvent.change(screen.getByLabelText(/^Preset/), { target: { value: 'Admin' } });
    expect(screen.getByLabelText(/^Role/)).toHaveValue('Admin');
    flags.forEach((f) => expect(screen.getByLabelText(f)).toBeChecked());
    fireEvent.click(screen.getByLabelText('allowDelete'));
    fireEvent.submit(screen.getByLabelText(/^Role/).closest('form'));
    await waitFor(() => expect(api.post).toHaveBeenCalled());
    const fd = api.post.mock.calls[0][1];
    expect(fd.get('role')).toBe('Admin');
    expect(fd.get('admin')).toBe('1');
    expect(fd.get('allowDelete')).toBe('0');
    expect(fd.get('_method')).toBe('PUT');
  });
});
