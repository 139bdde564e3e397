import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { parseComment, parseInline, safeHref } from './commentMarkup.js';
import CommentText, { LINK_REL } from './CommentText.jsx';

const show = (text) => render(<CommentText text={text} />).container.firstChild;

describe('comment formatting', () => {
  test('bold, italics, code, links and mentions become elements', () => {
    const box = show('A **bold** and *soft* `x < y` see [the docs](https://example.com/a?b=1) or https://example.org/x. '
      + 'Ask @[Ada Lovelace](user:7) or [mail](mailto:ada@example.com)');
    expect(box.querySelector('strong')).toHaveTextContent('bold');
    expect(box.querySelector('em')).toHaveTextContent('soft');
    expect(box.querySelector('code')).toHaveTextContent('x < y');
    const links = [...box.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['the docs', 'https://example.com/a?b=1'], ['https://example.org/x', 'https://example.org/x'],
      ['mail', 'mailto:ada@example.com']]);
    links.forEach((a) => {
      expect(a).toHaveAttribute('rel', LINK_REL);
      expect(a).toHaveAttribute('target', '_blank');
    });
    expect(LINK_REL).toBe('noopener noreferrer nofollow');
    const chip = screen.getByTestId('mention');
    expect(chip).toHaveTextContent('@Ada Lovelace');
    expect(chip).toHaveAttribute('data-user-id', '7');
    expect(box.textContent).not.toContain('@[');
    expect(box.textContent).not.toContain('**');
  });

  test('lists and code blocks; other lines keep their breaks', () => {
    const box = show('Plan:\n- one **1**\n- two\n1. first\n2. second\nthen\n```js\n<b>raw</b> **not bold**\n```\nend');
    expect([...box.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual(['one 1', 'two']);
    expect(box.querySelector('ul strong')).toHaveTextContent('1');
    expect([...box.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual(['first', 'second']);
    expect(box.querySelector('ol')).not.toHaveAttribute('start');
    expect(box.querySelector('pre code').textContent).toBe('<b>raw</b> **not bold**');
    expect(box.querySelector('pre strong, pre b')).toBeNull();
    expect([...box.querySelectorAll('.dc-md__p')].map((p) => p.textContent)).toEqual(['Plan:', 'then', 'end']);
    expect(show('two\nlines').textContent).toBe('two\nlines');
    expect(show('3. three\n4. four').querySelector('ol')).toHaveAttribute('start', '3');
  });

  test('plain arithmetic, lone markers and unclosed ones stay text', () => {
    expect(parseInline('2 * 3 * 4')).toEqual([{ type: 'text', text: '2 * 3 * 4' }]);
    expect(parseInline('**open and `tick and *star')).toEqual([{ type: 'text', text: '**open and `tick and *star' }]);
    expect(parseInline('****')).toEqual([{ type: 'text', text: '****' }]);
    expect(parseComment('-not a list\n1.nor this')).toEqual([{ type: 'text', children: [{ type: 'text', text: '-not a list\n1.nor this' }] }]);
  });

  test('nested markers nest, a few levels deep at most; links do not nest', () => {
    const box = show('**bold *and italic* [link `x`](https://a.example)** and [link **x**](https://b.example)');
    expect(box.querySelector('strong > em')).toHaveTextContent('and italic');
    expect(box.querySelector('strong > a > code')).toHaveTextContent('x');
    expect(box.querySelector('a[href="https://b.example/"] > strong')).toHaveTextContent('x');
    const links = parseInline('[[a](https://b.example)](https://c.example)').filter((n) => n.type === 'link');
    links.forEach((l) => expect(l.children.some((c) => c.type === 'link')).toBe(false));
    const deep = show('**a *b **c *d **e** d* c** b* a**');
    expect(deep.querySelectorAll('strong, em').length).toBeLessThanOrEqual(3);
    expect(deep.textContent).toContain('e');
  });
});

describe('hostile input', () => {
  test('markup is text: no element is made from it', () => {
    const box = show('<script>alert(1)</script> <img src=x onerror=alert(1)> **<b>x</b>** @[<i>Bob</i>](user:2)');
    expect(box.querySelector('script, img, b, i')).toBeNull();
    expect(box.textContent).toBe('<script>alert(1)</script> <img src=x onerror=alert(1)> <b>x</b> @<i>Bob</i>');
    expect(screen.getByTestId('mention')).toHaveTextContent('@<i>Bob</i>');
  });

  test('only http, https and mailto links: javascript:, data:, vbscript: and relative ones stay text', () => {
    const hostile = ['[x](javascript:alert(1))', '[x](JavaScript:alert%281%29)', '[x](JAVASCRIPT:void0)', '[x](data:text/html,<script>1</script>)',
      '[x](vbscript:msgbox)', '[x](/relative)', '[x](//evil.example)', 'javascript:alert(1)', '[x](java\tscript:alert(1))',
      '[x](user:2)'];
    hostile.forEach((text) => {
      const box = show(text);
      expect(box.querySelector('a')).toBeNull();
      expect(box.textContent).toBe(text);
    });
    expect(safeHref('https://ok.example/')).toBe('https://ok.example/');
    expect(safeHref(' javascript:alert(1)')).toBeNull();
    expect(safeHref('https://a.example/"onmouseover="x')).toBe('https://a.example/%22onmouseover=%22x');
  });

  test('a very long or marker-heavy text is rendered quickly and whole', () => {
    const texts = ['*'.repeat(20000), '**a'.repeat(7000), '`'.repeat(20000), '[x]('.repeat(5000), '@['.repeat(10000),
      'https://'.repeat(2500), `${'a'.repeat(19990)} **b**`, '- '.repeat(10000), '*a '.repeat(7000)];
    const t0 = performance.now();
    texts.forEach((text) => {
      const blocks = parseComment(text);
      expect(blocks.length).toBeGreaterThan(0);
    });
    expect(performance.now() - t0).toBeLessThan(1500);
    const box = show(`${'x'.repeat(20000)} **end**`);
    expect(box.querySelector('strong')).toHaveTextContent('end');
    expect(box.textContent).toHaveLength(20004);
  });
});
