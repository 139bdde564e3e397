import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { downloadLink, uploadFile } from '../../lib/vaultFiles.js';
import CommentAttachments from './CommentAttachments.jsx';
import ReplyBox from './ReplyBox.jsx';

vi.mock('../../lib/vaultFiles.js', () => ({ uploadFile: vi.fn(), downloadLink: vi.fn() }));

describe('ReplyBox', () => {
  test('opens on focus, Post Reply disabled while empty, Cancel clears', () => {
    render(<ReplyBox onPost={vi.fn()} />);
    const area = screen.getByRole('textbox');
    expect(screen.queryByRole('button', { name: 'Post Reply' })).toBeNull();
    fireEvent.focus(area);
    const post = screen.getByRole('button', { name: 'Post Reply' });
    expect(post.disabled).toBe(true);
    fireEvent.change(area, { target: { value: '  ' } });
    expect(post.disabled).toBe(true);
    fireEvent.change(area, { target: { value: 'hello' } });
    expect(post.disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(area.value).toBe('');
    expect(screen.queryByRole('button', { name: 'Post Reply' })).toBeNull();
  });

  test('posts the trimmed text and clears; a failure keeps the draft', async () => {
    const onPost = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce({ response: { data: { error: 'Nope' } } });
    render(<ReplyBox onPost={onPost} />);
    const area = screen.getByRole('textbox');
    fireEvent.focus(area);
    fireEvent.change(area, { target: { value: '  first  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Reply' }));
    await waitFor(() => expect(area.value).toBe(''));
    expect(onPost).toHaveBeenCalledWith('first', []);
    fireEvent.focus(area);
    fireEvent.change(area, { target: { value: 'second' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Reply' }));
    await screen.findByText('Nope');
    expect(area.value).toBe('second');
  });

  test('no Attach files without the add_file link', () => {
    render(<ReplyBox onPost={vi.fn()} />);
    fireEvent.focus(screen.getByRole('textbox'));
    expect(screen.queryByLabelText('Attach files')).toBeNull();
  });
});

const LINK = { url: '/api/vault/upload/5', operation: 'POST' };
const file = (name, size) => new File(['x'.repeat(size)], name, { type: 'text/plain' });

function openBox(onPost) {
  render(<ReplyBox onPost={onPost} attachLink={LINK} />);
  const area = screen.getByRole('textbox');
  fireEvent.focus(area);
  fireEvent.change(area, { target: { value: 'See attached' } });
  const input = screen.getByLabelText('Attach files');
  expect(input.type).toBe('file');
  expect(input.multiple).toBe(true);
  return input;
}

describe('ReplyBox attachments', () => {
  afterEach(() => { vi.mocked(uploadFile).mockReset(); });

  test('chosen files show as chips; Remove drops one; posting uploads with progress, then posts their ids', async () => {
    const onPost = vi.fn().mockResolvedValue(undefined);
    const input = openBox(onPost);
    fireEvent.change(input, { target: { files: [file('plan.pdf', 2048), file('notes.txt', 10), file('drop.me', 1)] } });
    const chips = screen.getByRole('list', { name: 'Files to attach' });
    expect(within(chips).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('plan.pdf2 KB'), expect.stringContaining('notes.txt10 Bytes'), expect.stringContaining('drop.me1 Bytes')]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove drop.me' }));
    expect(within(chips).getAllByRole('listitem')).toHaveLength(2);

    let finish;
    vi.mocked(uploadFile)
      .mockImplementationOnce((link, { file: f }, { onProgress }) => {
        onProgress(40);
        return new Promise((resolve) => { finish = () => resolve({ id: 7, filename: f.name }); });
      })
      .mockResolvedValueOnce({ id: 9, filename: 'notes.txt' });
    fireEvent.click(screen.getByRole('button', { name: 'Post Reply' }));
    const bar = await screen.findByRole('progressbar', { name: 'Uploading plan.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(uploadFile).toHaveBeenCalledWith(LINK, { file: expect.objectContaining({ name: 'plan.pdf' }) },
      expect.objectContaining({ signal: expect.any(AbortSignal) }));
    await act(async () => { finish(); });
    await waitFor(() => expect(onPost).toHaveBeenCalledWith('See attached', [7, 9]));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Files to attach' })).toBeNull());
  });

  test('a refused upload (413) marks its chip and posts nothing; the uploaded one is not sent again', async () => {
    const onPost = vi.fn().mockResolvedValue(undefined);
    const input = openBox(onPost);
    fireEvent.change(input, { target: { files: [file('ok.txt', 3), file('huge.bin', 50)] } });
    vi.mocked(uploadFile)
      .mockResolvedValueOnce({ id: 3 })
      .mockRejectedValueOnce({ response: { status: 413, data: { error: 'The upload is too large (limit 25 MB)' } } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Reply' }));
    const chipError = await screen.findByTestId('attach-error');
    expect(chipError.textContent).toBe('The upload is too large (limit 25 MB)');
    await screen.findByText('A file could not be uploaded');
    expect(onPost).not.toHaveBeenCalled();
    expect(screen.getByTestId('attach-error').closest('li').dataset.state).toBe('failed');

    fireEvent.click(screen.getByRole('button', { name: 'Remove huge.bin' }));
    fireEvent.click(screen.getByRole('button', { name: 'Post Reply' }));
    await waitFor(() => expect(onPost).toHaveBeenCalledWith('See attached', [3]));
    expect(uploadFile).toHaveBeenCalledTimes(2);
  });

  test("the server's word on an attachment shows under the box", async () => {
    const onPost = vi.fn().mockRejectedValue({ response: { status: 422, data: {
      error: 'The form has errors', errors: { attachments: ["Not a file of this module's vault: 4"] } } } });
    const input = openBox(onPost);
    fireEvent.change(input, { target: { files: [file('a.txt', 1)] } });
    vi.mocked(uploadFile).mockResolvedValueOnce({ id: 4 });
    fireEvent.click(screen.getByRole('button', { name: 'Post Reply' }));
    await screen.findByText("Not a file of this module's vault: 4");
  });

  test('Cancel drops the chosen files', () => {
    const input = openBox(vi.fn());
    fireEvent.change(input, { target: { files: [file('a.txt', 1)] } });
    expect(screen.getAllByTestId('attach-chip')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryAllByTestId('attach-chip')).toHaveLength(0);
  });
});

describe('CommentAttachments', () => {
  test("a comment's files are download links with name and size, said to be in the module's files", () => {
    const download = { url: '/api/vault/download/5/7', operation: 'GET' };
    render(<CommentAttachments files={[
      { id: 7, name: 'plan.pdf', size: 1536, locked: false, inVault: true, links: { download } },
      { id: 8, name: 'old.txt', size: 5, locked: true, inVault: true, links: { download: { url: '/api/vault/download/5/8' } } },
    ]} />);
    expect(screen.getByText(/kept in the module.s Files/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'plan.pdf' });
    expect(link.getAttribute('href')).toBe('/api/vault/download/5/7');
    expect(screen.getByText('1.5 KB')).toBeTruthy();
    expect(screen.getByText('5 Bytes · locked')).toBeTruthy();
    vi.mocked(downloadLink).mockResolvedValue('plan.pdf');
    fireEvent.click(link);
    expect(downloadLink).toHaveBeenCalledWith(download, 'plan.pdf');
  });

  test('nothing without files', () => {
    const { container } = render(<CommentAttachments files={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
