import { describe, expect, test } from 'vitest';
import { isSafeUrl, normaliseLinkInput, normaliseRaw, rawText, textRaw } from './richText.js';

describe('isSafeUrl', () => {
  test.each([
    'https://example.org', 'http://example.org/a?b=c#d', 'HTTPS://EXAMPLE.ORG', 'mailto:someone@example.org',
    '  https://example.org  ',
  ])('follows %s', (u) => expect(isSafeUrl(u)).toBe(true));
  test.each([
    'javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'java\nscript:alert(1)', 'java\tscript:alert(1)',
    'jav&#x09;ascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'file:///etc/passwd',
    '//evil.example/x', '/relative/path', 'example.org', '', null, undefined, 42, {}, 'https:evil', 'http:/\\evil',
    'https://', `https://x.org/${'a'.repeat(3000)}`, 'ftp://example.org', 'blob:https://x.org/1',
  ])('refuses %s', (u) => expect(isSafeUrl(u)).toBe(false));
});

describe('normaliseLinkInput', () => {
  test('adds https:// to a bare host and mailto: to an address', () => {
    expect(normaliseLinkInput('example.org/x')).toBe('https://example.org/x');
    expect(normaliseLinkInput('a@b.org')).toBe('mailto:a@b.org');
    expect(normaliseLinkInput('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(normaliseLinkInput('  ')).toBe('');
  });
});

describe('normaliseRaw', () => {
  test('keeps a well-formed document with safe links', () => {
    const raw = {
      blocks: [
        { key: 'a1', text: 'Hello world', type: 'header-one', depth: 0, inlineStyleRanges: [{ offset: 0, length: 5, style: 'BOLD' }],
          entityRanges: [{ offset: 6, length: 5, key: 0 }], data: {} },
      ],
      entityMap: { 0: { type: 'LINK', mutability: 'MUTABLE', data: { url: 'https://example.org' } } },
    };
    const out = normaliseRaw(JSON.stringify(raw));
    expect(out.blocks[0]).toMatchObject({ key: 'a1', type: 'header-one', text: 'Hello world' });
    expect(out.blocks[0].inlineStyleRanges).toEqual([{ offset: 0, length: 5, style: 'BOLD' }]);
    expect(out.blocks[0].entityRanges).toEqual([{ offset: 6, length: 5, key: 0 }]);
    expect(out.entityMap[0].data).toEqual({ url: 'https://example.org' });
  });

  test('an unsafe link loses its URL; other entities lose their data', () => {
    const raw = {
      blocks: [{ key: 'x', text: 'click me', type: 'unstyled', entityRanges: [{ offset: 0, length: 5, key: 0 }, { offset: 6, length: 2, key: 1 }] }],
      entityMap: {
        0: { type: 'LINK', data: { url: 'javascript:alert(1)' } },
        1: { type: 'IMAGE', data: { src: 'x', onerror: 'alert(1)' } },
      },
    };
    const out = normaliseRaw(raw);
    expect(out.entityMap[0]).toEqual({ type: 'LINK', mutability: 'MUTABLE', data: { unsafe: true } });
    expect(out.entityMap[1].data).toEqual({});
  });

  test('clamps ranges, drops ranges of missing entities, unknown styles and block types', () => {
    const raw = {
      blocks: [{ key: 'bad key!', text: 'abc', type: 'script', depth: 99,
        inlineStyleRanges: [{ offset: 1, length: 50, style: 'ITALIC' }, { offset: 0, length: 1, style: 'onerror' }, { offset: 9, length: 1, style: 'BOLD' }],
        entityRanges: [{ offset: 0, length: 1, key: 7 }] }, 'junk', null],
      entityMap: {},
    };
    const out = normaliseRaw(raw);
    expect(out.blocks).toHaveLength(1);
    expect(out.blocks[0]).toMatchObject({ key: 'b0', type: 'unstyled', depth: 4 });
    expect(out.blocks[0].inlineStyleRanges).toEqual([{ offset: 1, length: 2, style: 'ITALIC' }]);
    expect(out.blocks[0].entityRanges).toEqual([]);
  });

  test('non-JSON content is plain text; garbage is an empty document', () => {
    expect(rawText('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
    expect(normaliseRaw('{"nope": 1}').blocks[0].text).toBe('');
    expect(normaliseRaw(null).blocks).toHaveLength(1);
    expect(rawText(JSON.stringify(textRaw('a\nb')))).toBe('a\nb');
  });

  test('duplicate block keys are made unique', () => {
    const out = normaliseRaw({ blocks: [{ key: 'k', text: 'a' }, { key: 'k', text: 'b' }], entityMap: {} });
    expect(new Set(out.blocks.map((b) => b.key)).size).toBe(2);
  });
});

describe('atomic blocks', () => {
  const atomic = (key, entity, text = ' ') => ({ key, text, type: 'atomic', entityRanges: [{ offset: 0, length: 1, key: entity }] });
  test('a rule and a vault image stay atomic; any other image, or an atomic block without one, is a paragraph', () => {
    const out = normaliseRaw({
      blocks: [atomic('a', 0), atomic('b', 1, 'xx'), atomic('c', 2), atomic('d', 3), { key: 'e', text: 'x', type: 'atomic' }],
      entityMap: {
        0: { type: 'hr', data: { html: '<hr>' } },
        1: { type: 'IMAGE', data: { src: '/api/vault/download/3/5', alt: 'Plan', onerror: 'x' } },
        2: { type: 'IMAGE', data: { src: 'data:image/png;base64,AAAA' } },
        3: { type: 'IMAGE', data: { src: '/api/vault/download/3/5\n' } },
      },
    });
    expect(out.blocks.map((b) => b.type)).toEqual(['atomic', 'atomic', 'unstyled', 'unstyled', 'unstyled']);
    expect(out.blocks[1]).toMatchObject({ text: ' ', entityRanges: [{ offset: 0, length: 1, key: 1 }] });
    expect(out.entityMap[0]).toEqual({ type: 'HR', mutability: 'IMMUTABLE', data: {} });
    expect(out.entityMap[1].data).toEqual({ src: '/api/vault/download/3/5', alt: 'Plan' });
    expect(out.entityMap[2].type).toBe('UNSUPPORTED');
    expect(out.entityMap[3].type).toBe('UNSUPPORTED');
  });
});
