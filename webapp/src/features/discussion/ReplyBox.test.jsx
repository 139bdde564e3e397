import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import ReplyBox from './ReplyBox.jsx';

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
    expect(onPost).toHaveBeenCalledWith('first');
    fireEvent.focus(area);
    fireEvent.change(area, { target: { value: 'second' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Reply' }));
    await screen.findByText('Nope');
    expect(area.value).toBe('second');
  });
});
