/**
 * @mentions in a comment's text (docs/architecture.md 'Events'): the text carries `@[Name](user:ID)` for each person
 * mentioned; the server keeps the reference and refuses (422) someone who may not see the module. These helpers
 * find the '@word' being typed, put a person's token in its place, and split a text into text and mentions (shown
 * as chips, as text: never as HTML).
 */
import { t } from '../../lib/i18n.js';

export const TOKEN = /@\[([^[\]\r\n]{1,120})\]\(user:(\d{1,10})\)/g;

/** [{type: 'text', text} | {type: 'mention', name, id}] of a comment's text. */
export function splitMentions(text) {
  const out = [];
  const s = String(text || '');
  let last = 0;
  for (const m of s.matchAll(TOKEN)) {
    if (m.index > last) out.push({ type: 'text', text: s.slice(last, m.index) });
    out.push({ type: 'mention', name: m[1], id: Number(m[2]) });
    last = m.index + m[0].length;
  }
  if (last < s.length) out.push({ type: 'text', text: s.slice(last) });
  return out;
}

/** The text with each token shown as its '@Name' (previews, confirmations). */
export function plainText(text) {
  return String(text || '').replace(TOKEN, (_, name) => `@${name}`);
}

/**
 * The mention being typed at `caret`: {start, query} when an '@' opens a word (at the start or after a space)
 * and the caret is in it (up to 40 characters without a line break), else null.
 */
export function mentionQuery(text, caret) {
  const before = String(text || '').slice(0, caret);
  const m = /(^|\s)@([^\s@[\]()]{0,40})$/.exec(before);
  if (!m) return null;
  return { start: before.length - m[2].length - 1, query: m[2] };
}

/** A person's token: brackets and parentheses left out of the name, so the token stays one token. */
export function mentionToken(person) {
  const name = String(person.name || '').replace(/[[\]()\r\n]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 120) || t('discussion.someone');
  return `@[${name}](user:${person.id})`;
}

/** Put `person`'s token in place of the '@query' from `start` to `caret`: {text, caret} after it and a space. */
export function insertMention(text, start, caret, person) {
  const s = String(text || '');
  const token = `${mentionToken(person)} `;
  return { text: s.slice(0, start) + token + s.slice(caret), caret: start + token.length };
}
