import { describe, expect, test } from 'vitest';
import { MARK, UNMARK, plainText, splitMarks } from './marks.js';

describe('splitting a marked text', () => {
  test('the stretches between the markers are hits', () => {
    expect(splitMarks(`La ${MARK}energía${UNMARK} renovable`)).toEqual([
      { text: 'La ', hit: false }, { text: 'energía', hit: true }, { text: ' renovable', hit: false },
    ]);
  });

  test('several hits, at the start and at the end', () => {
    expect(splitMarks(`${MARK}heat${UNMARK} ${MARK}pump${UNMARK}`)).toEqual([
      { text: 'heat', hit: true }, { text: ' ', hit: false }, { text: 'pump', hit: true },
    ]);
  });

  test('markup is text: nothing is parsed', () => {
    const parts = splitMarks(`<b>bold</b> & <i>${MARK}hippo${UNMARK}</i> <script>x</script>`);
    expect(parts).toEqual([
      { text: '<b>bold</b> & <i>', hit: false }, { text: 'hippo', hit: true }, { text: '</i> <script>x</script>', hit: false },
    ]);
  });

  test('no markers, empty, missing and stray markers', () => {
    expect(splitMarks('plain')).toEqual([{ text: 'plain', hit: false }]);
    expect(splitMarks('')).toEqual([]);
    expect(splitMarks(null)).toEqual([]);
    expect(splitMarks(`a${UNMARK}b`)).toEqual([{ text: 'ab', hit: false }]);
    expect(splitMarks(`${MARK}open to the end`)).toEqual([{ text: 'open to the end', hit: true }]);
    expect(splitMarks(`${MARK}${UNMARK}x`)).toEqual([{ text: 'x', hit: false }]);
  });

  test('characters outside the basic plane stay whole', () => {
    expect(plainText(`${MARK}🙂${UNMARK} ok`)).toBe('🙂 ok');
  });
});
