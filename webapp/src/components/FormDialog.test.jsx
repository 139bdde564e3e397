import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn() } };
});

// eslint-disable-next-line import/first
import api from '../lib/apiClient.js';
// eslint-disable-next-line import/first
import FormDialog, { ANOTHER_LABEL, DISCARD_QUESTION, SUCCESS_TEXT } from './FormDialog.jsx';
// eslint-disable-next-line import/first
import Toaster from './Toaster.jsx';
// eslint-disable-next-line import/first
import { clearToasts } from '../lib/toast.js';

const FORM = {
  method: 'PUT',
  action: '/api/thing/edit/1',
  elements: [
    { name: 'name', label: 'Name', type: 'text', value: 'Old', required: true, options: [] },
    { name: '_version', type: 'hidden', value: '3', options: [] },
  ],
};
const STALE = 'This item was changed by someone else. Reload to see the changes.';
const deferred = () => {
  let resolve;
  let reject;
  const promise = new Promise((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
};

beforeEach(() => {
  api.get.mockReset();
  api.post.mockReset();
  api.get.mockResolvedValue({ data: FORM });
});
afterEach(() => { vi.useRealTimers(); act(() => clearToasts()); });

describe('FormDialog: the dialog states of spec §4', () => {
  test('loading, open, submitting with buttons off, then success: a toast and the dialog closes at once', async () => {
    const onClose = vi.fn();
    const onSuccess = vi.fn();
    render(<><Toaster /><FormDialog title="Edit thing" url="/api/thing/edit/1" onClose={onClose} onSuccess={onSuccess} /></>);
    expect(screen.getByRole('dialog', { name: 'Edit thing' })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    const input = await screen.findByLabelText(/^Name/);
    const answer = deferred();
    api.post.mockReturnValue(answer.promise);
    fireEvent.change(input, { target: { value: 'New' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => answer.resolve({ data: { item: { id: 1, name: 'New' } } }));
    expect(screen.getByRole('status')).toHaveTextContent(SUCCESS_TEXT);
    expect(onSuccess).toHaveBeenCalledWith({ id: 1, name: 'New' }, { item: { id: 1, name: 'New' } });
    expect(onClose).toHaveBeenCalledTimes(1);
    const sent = api.post.mock.calls[0][1];
    expect(sent.get('name')).toBe('New');
    expect(sent.get('_version')).toBe('3');
  });

  test('Create another: the form opens empty at once, focused, without reading it again; a toast each time', async () => {
    const onClose = vi.fn();
    const onSuccess = vi.fn();
    api.get.mockResolvedValue({ data: { ...FORM, elements: [{ ...FORM.elements[0], value: '' }] } });
    api.post.mockImplementation(async (url, fd) => ({ data: { item: { id: 9, name: fd.get('name') } } }));
    render(<><Toaster /><FormDialog title="Add thing" url="/api/thing/add/1" another onClose={onClose} onSuccess={onSuccess} /></>);
    fireEvent.click(await screen.findByLabelText(ANOTHER_LABEL));
    for (const name of ['One', 'Two', 'Three']) {
      fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: name } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue(''));
      expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    }
    expect(onSuccess.mock.calls.map((c) => c[0].name)).toEqual(['One', 'Two', 'Three']);
    expect(onClose).not.toHaveBeenCalled();
    expect(api.get).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent(SUCCESS_TEXT);
    fireEvent.click(screen.getByLabelText(ANOTHER_LABEL)); // unticked: the next save closes
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Four' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  test('a form without `another` offers no Create another', async () => {
    render(<FormDialog title="Edit thing" url="/u" onClose={vi.fn()} />);
    await screen.findByLabelText(/^Name/);
    expect(screen.queryByLabelText(ANOTHER_LABEL)).toBeNull();
  });

  test('error: the server text, and a stale edit keeps what was typed', async () => {
    api.post.mockRejectedValue({ response: { status: 409, data: { error: STALE, item: { id: 1, name: 'Theirs' } } } });
    render(<FormDialog title="Edit thing" url="/u" onClose={vi.fn()} />);
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(STALE);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Mine');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  test('a 422 puts its errors on the fields', async () => {
    api.post.mockRejectedValue({ response: { status: 422, data: { error: 'The form has errors', errors: { name: ['Too long'] } } } });
    render(<FormDialog title="Edit thing" url="/u" onClose={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too long')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('unsaved changes ask before Escape, the backdrop or Cancel close the dialog', async () => {
    const onClose = vi.fn();
    render(<FormDialog title="Edit thing" url="/u" onClose={onClose} />);
    const input = await screen.findByLabelText(/^Name/);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1); // nothing typed: closes at once
    fireEvent.change(input, { target: { value: 'Typed' } });
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.getByText(DISCARD_QUESTION)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Typed');
    fireEvent.mouseDown(document.querySelector('.modal'));
    expect(screen.getByText(DISCARD_QUESTION)).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'Escape' }); // Escape on the question keeps editing
    expect(screen.queryByText(DISCARD_QUESTION)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
