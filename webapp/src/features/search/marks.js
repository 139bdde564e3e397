/**
 * Highlights in a search answer (docs/architecture.md 'Search'): the API puts each highlighted stretch of a
 * title or snippet between U+E000 and U+E001 (private-use characters). The text is split on them here and every
 * part is shown as text, so whatever the item holds (markup included) never becomes HTML.
 */
export const MARK = '\uE000';
export const UNMARK = '\uE001';

/** [{text, hit}] of a marked text: the stretches between the markers are hits; stray markers are dropped. */
export function splitMarks(marked) {
  const parts = [];
  let hit = false;
  let text = '';
  const flush = () => {
    if (text) {
      const last = parts[parts.length - 1];
      if (last && last.hit === hit) last.text += text;
      else parts.push({ text, hit });
    }
    text = '';
  };
  for (const ch of String(marked || '')) {
    if (ch === MARK || ch === UNMARK) {
      flush();
      hit = ch === MARK;
    } else {
      text += ch;
    }
  }
  flush();
  return parts;
}

/** The text without its markers. */
export function plainText(marked) {
  return splitMarks(marked).map((p) => p.text).join('');
}
