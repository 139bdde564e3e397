import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { contentJson, editorStateFrom, RichTextView } from './RichTextEditor.jsx';

const raw = {
  blocks: [
    { key: 'a', text: '<script>window.__x = 1</script>', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [] },
    { key: 'b', text: 'bad good mail', type: 'unstyled', depth: 0, inlineStyleRanges: [{ offset: 4, length: 4, style: 'BOLD' }],
      entityRanges: [{ offset: 0, length: 3, key: 0 }, { offset: 4, length: 4, key: 1 }, { offset: 9, length: 4, key: 2 }] },
    { key: 'c', text: 'Title', type: 'header-one', depth: 0, inlineStyleRanges: [], entityRanges: [] },
  ],
  entityMap: {
    0: { type: 'LINK', mutability: 'MUTABLE', data: { url: 'javascript:alert(1)' } },
    1: { type: 'LINK', mutability: 'MUTABLE', data: { url: 'https://example.org' } },
    2: { type: 'LINK', mutability: 'MUTABLE', data: { url: 'mailto:a@b.org' } },
  },
};

describe('RichTextView', () => {
  test('renders text, never markup; only safe links are anchors', () => {
    const { container } = render(<RichTextView content={JSON.stringify(raw)} />);
    expect(screen.getByText('<script>window.__x = 1</script>')).toBeTruthy();
    expect(container.querySelector('script')).toBeNull();
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['https://example.org', 'mailto:a@b.org']);
    expect(screen.getByTestId('blocked-link').textContent).toBe('bad');
    expect(container.querySelector('h1').textContent).toBe('Title');
    expect(container.querySelector('[contenteditable=true]')).toBeNull();
  });

  test('survives malformed content', () => {
    for (const bad of ['not json', '{"blocks": 3}', '', null, JSON.stringify({ blocks: [{ text: 5, entityRanges: [{ key: 9, offset: -1, length: 99 }] }], entityMap: [] })]) {
      const { unmount } = render(<RichTextView content={bad} />);
      unmount();
    }
    expect(JSON.parse(contentJson(editorStateFrom('plain <b>text</b>'))).blocks[0].text).toBe('plain <b>text</b>');
  });
});
