import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { contentJson, editorStateFrom, RichTextView } from './RichTextEditor.jsx';
import ImageBox from './richText/ImageBox.jsx';

const fetched = [];
vi.mock('../lib/images.js', () => ({
  fetchBlobUrl: (url) => { fetched.push(url); return Promise.resolve(`blob:test/${url.split('/').pop()}`); },
}));

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

describe('atomic blocks and code', () => {
  const atomic = (key, entity) => ({ key, text: ' ', type: 'atomic', depth: 0, inlineStyleRanges: [], entityRanges: [{ offset: 0, length: 1, key: entity }] });
  const doc = {
    blocks: [
      { key: 'c', text: 'const a = 1;', type: 'code-block', depth: 0, inlineStyleRanges: [], entityRanges: [] },
      atomic('h', 0), atomic('i', 1), atomic('j', 2), atomic('k', 3),
    ],
    entityMap: {
      0: { type: 'HR', mutability: 'IMMUTABLE', data: {} },
      1: { type: 'IMAGE', mutability: 'IMMUTABLE', data: { src: '/api/vault/download/4/9', alt: 'The site plan' } },
      2: { type: 'IMAGE', mutability: 'IMMUTABLE', data: { src: 'javascript:alert(1)', alt: 'evil' } },
      3: { type: 'IMAGE', mutability: 'IMMUTABLE', data: { src: 'https://tracker.example/p.gif', alt: 'tracker' } },
    },
  };

  test('the reader shows a code block, a rule and a vault image (fetched with the token) with its alt text', async () => {
    fetched.length = 0;
    const { container } = render(<RichTextView content={JSON.stringify(doc)} />);
    expect(container.querySelector('pre').textContent).toBe('const a = 1;');
    expect(container.querySelectorAll('hr')).toHaveLength(1);
    const img = await screen.findByTestId('rte-image');
    expect([img.tagName, img.getAttribute('alt'), img.getAttribute('src')]).toEqual(['IMG', 'The site plan', 'blob:test/9']);
    expect(fetched).toEqual(['/api/vault/download/4/9']);
    // An image of anything but a vault download is an empty paragraph: no <img>, nothing fetched.
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(container.innerHTML).not.toMatch(/javascript|tracker/);
  });

  test('what the editor saves keeps the rule and the image as atomic blocks', () => {
    const raw = JSON.parse(contentJson(editorStateFrom(JSON.stringify(doc))));
    expect(raw.blocks.map((b) => b.type)).toEqual(['code-block', 'atomic', 'atomic', 'unstyled', 'unstyled']);
    const types = raw.blocks.slice(1, 3).map((b) => raw.entityMap[b.entityRanges[0].key]);
    expect(types).toEqual([
      { type: 'HR', mutability: 'IMMUTABLE', data: {} },
      { type: 'IMAGE', mutability: 'IMMUTABLE', data: { src: '/api/vault/download/4/9', alt: 'The site plan' } },
    ]);
  });
});

describe('ImageBox', () => {
  test('asks for an image file and its alt text before uploading', async () => {
    const onInsert = vi.fn(() => Promise.resolve());
    render(<ImageBox onInsert={onInsert} onCancel={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Insert image' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose an image file');
    const input = screen.getByLabelText('Image file');
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.txt', { type: 'text/plain' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Insert image' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a PNG, JPEG, GIF or WebP image');
    const png = new File(['x'], 'plan.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    fireEvent.click(screen.getByRole('button', { name: 'Insert image' }));
    expect(screen.getByRole('alert').textContent).toBe('Describe the image for those who cannot see it');
    fireEvent.change(screen.getByLabelText('Alt text (what the image shows)'), { target: { value: ' The plan ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Insert image' }));
    await waitFor(() => expect(onInsert).toHaveBeenCalledWith(png, 'The plan'));
    expect(onInsert).toHaveBeenCalledTimes(1);
  });

  test('a failed upload says so and keeps the box', async () => {
    render(<ImageBox onInsert={() => Promise.reject(new Error('The file is too large'))} onCancel={() => {}} />);
    fireEvent.change(screen.getByLabelText('Image file'), { target: { files: [new File(['x'], 'p.gif', { type: 'image/gif' })] } });
    fireEvent.change(screen.getByLabelText('Alt text (what the image shows)'), { target: { value: 'A chart' } });
    fireEvent.click(screen.getByRole('button', { name: 'Insert image' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The file is too large');
    expect(screen.getByRole('button', { name: 'Insert image' }).disabled).toBe(false);
  });
});
