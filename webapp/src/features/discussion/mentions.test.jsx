import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('../../lib/apiClient.js', async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, default: { get: vi.fn(), post: vi.fn(), delete: vi.fn() } };
});

// eslint-disable-next-line import/first
import api from '../../lib/apiClient.js';
// eslint-disable-next-line import/first
import CommentText from './CommentText.jsx';
// eslint-disable-next-line import/first
import MentionBox from './MentionBox.jsx';
// eslint-disable-next-line import/first
import { insertMention, mentionQuery, mentionToken, plainText, splitMentions } from './mentions.js';

describe('mention helpers', () => {
  test('split a text into text and mentions', () => {
    expect(splitMentions('Hi @[Marco Rossi](user:3), see @[Ada](user:1)!')).toEqual([
      { type: 'text', text: 'Hi ' }, { type: 'mention', name: 'Marco Rossi', id: 3 }, { type: 'text', text: ', see ' },
      { type: 'mention', name: 'Ada', id: 1 }, { type: 'text', text: '!' }]);
    expect(splitMentions('')).toEqual([]);
    expect(plainText('cc @[Ada](user:1)')).toBe('cc @Ada');
  });
  test('the @word being typed', () => {
    expect(mentionQuery('Hello @mar', 10)).toEqual({ start: 6, query: 'mar' });
    expect(mentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQuery('mail@example', 12)).toBeNull();
    expect(mentionQuery('Hello @mar and', 14)).toBeNull();
  });
  test('a token replaces the query; names cannot break it', () => {
    expect(insertMention('Hello @mar!', 6, 10, { id: 3, name: 'Marco Rossi' }))
      .toEqual({ text: 'Hello @[Marco Rossi](user:3) !', caret: 29 });
    expect(mentionToken({ id: 9, name: 'Evil](user:1) [x' })).toBe('@[Evil user:1 x](user:9)');
  });
});

test('a mention renders as a chip of text, never as HTML', () => {
  const { container } = render(<CommentText text={'<img src=x onerror=alert(1)> @[<b>Bob</b>](user:2)'} />);
  expect(container.querySelector('img')).toBeNull();
  expect(container.querySelector('b')).toBeNull();
  expect(screen.getByTestId('mention')).toHaveTextContent('@<b>Bob</b>');
  expect(screen.getByTestId('comment-text')).toHaveTextContent('<img src=x onerror=alert(1)> @<b>Bob</b>');
});

function Box() {
  const [text, setText] = useState('');
  const ref = useRef(null);
  return (
    <>
      <MentionBox ref={ref} value={text} onChange={setText} mentionUrl="/api/discussion/mentionable/5" aria-label="Comment" />
      <output data-testid="value">{text}</output>
    </>
  );
}

describe('MentionBox', () => {
  beforeEach(() => {
    api.get.mockReset();
    api.get.mockImplementation(() => Promise.resolve({ data: { list: [
      { id: 3, name: 'Marco Rossi', avatar: null }, { id: 4, name: 'Maria Silva', avatar: null }] } }));
  });

  test('typing @ offers the people; arrows and Enter pick one (a text box that autocompletes from a listbox)', async () => {
    render(<Box />);
    const box = screen.getByRole('textbox', { name: 'Comment' });
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    expect(box).not.toHaveAttribute('aria-controls');
    expect(screen.getByTestId('mention-status')).toHaveTextContent('');
    fireEvent.change(box, { target: { value: 'Hi @ma', selectionStart: 6 } });
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Marco Rossi', 'Maria Silva']); // initials are drawn by CSS
    expect(api.get.mock.calls[0][0]).toBe('/api/discussion/mentionable/5?q=ma');
    expect(box.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(screen.getByTestId('mention-status')).toHaveTextContent('2 people to mention: up and down arrows to choose, Enter to pick');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0].id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByTestId('value')).toHaveTextContent('Hi @[Maria Silva](user:4)');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(box).not.toHaveAttribute('aria-activedescendant');
  });

  test('Escape closes the list and keeps the text', async () => {
    render(<Box />);
    const box = screen.getByRole('textbox');
    fireEvent.change(box, { target: { value: '@m', selectionStart: 2 } });
    await screen.findByRole('listbox');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByTestId('value')).toHaveTextContent('@m');
  });
});
