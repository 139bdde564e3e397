/**
 * The light formatting of a comment's text (kept as typed; the server stores it unchanged): **bold**, *italics*,
 * `code`, ``` code blocks ```, [links](https://…) and bare http/https/mailto addresses, lists (lines starting
 * '- ' or '1. ') and mentions `@[Name](user:ID)`. `parseComment` turns the text into blocks of inline nodes that
 * CommentText.jsx builds elements from: every piece is text for React to escape, never HTML. The scanner is
 * linear (a delimiter without a closer is never looked for again) and nests at most MAX_NESTING deep, so a hostile
 * or very long text costs no more than a plain one.
 */
export const MAX_NESTING = 3;
export const LINK_SCHEMES = ['http:', 'https:', 'mailto:'];

const MENTION = /@\[([^[\]\r\n]{1,120})\]\(user:(\d{1,10})\)/y;
const LINK = /\[([^[\]\n]{1,300})\]\(([^()\s]{1,2000})\)/y;
const BARE = /(?:https?:\/\/|mailto:)[^\s<>"'`[\]()]+/y;
const TRAILING = /[.,;:!?*_]+$/;

/** The address when it parses and is http, https or mailto; else null (javascript:, data:, relative, ...). */
export function safeHref(raw) {
  try {
    const url = new URL(String(raw));
    return LINK_SCHEMES.includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function stickyAt(re, s, i) {
  re.lastIndex = i;
  return re.exec(s);
}

const spaceAt = (s, i) => i < 0 || i >= s.length || /\s/.test(s[i]);

/** Inline nodes: {type: 'text', text} | strong/em {children} | code {text} | link {href, children} | mention {name, id}. */
export function parseInline(s, depth = 0, inLink = false) {
  const out = [];
  let buf = '';
  const closed = new Set(); // delimiters with no closer left in `s`
  const flush = () => { if (buf) out.push({ type: 'text', text: buf }); buf = ''; };
  const push = (node, next) => { flush(); out.push(node); return next; };
  // The index after a span opened by `mark` at i and closed by the next `mark`, with its inside; null if none.
  const span = (i, mark) => {
    if (closed.has(mark)) return null;
    const j = s.indexOf(mark, i + mark.length);
    if (j < 0) { closed.add(mark); return null; }
    return { inner: s.slice(i + mark.length, j), end: j + mark.length };
  };
  const nest = depth < MAX_NESTING;
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    let m;
    if (c === '@' && s[i + 1] === '[' && (m = stickyAt(MENTION, s, i))) {
      i = push({ type: 'mention', name: m[1], id: Number(m[2]) }, i + m[0].length);
      continue;
    }
    if (c === '`') {
      const sp = span(i, '`');
      if (sp && sp.inner && !sp.inner.includes('\n')) { i = push({ type: 'code', text: sp.inner }, sp.end); continue; }
    }
    if (nest && c === '*' && s[i + 1] === '*' && !spaceAt(s, i + 2)) {
      const sp = span(i, '**');
      if (sp && sp.inner && !spaceAt(sp.inner, sp.inner.length - 1)) {
        i = push({ type: 'strong', children: parseInline(sp.inner, depth + 1, inLink) }, sp.end);
        continue;
      }
    } else if (nest && c === '*' && s[i + 1] !== '*' && !spaceAt(s, i + 1)) {
      const sp = span(i, '*');
      if (sp && sp.inner && !spaceAt(sp.inner, sp.inner.length - 1)) {
        i = push({ type: 'em', children: parseInline(sp.inner, depth + 1, inLink) }, sp.end);
        continue;
      }
    }
    if (!inLink && c === '[' && (m = stickyAt(LINK, s, i))) {
      const href = safeHref(m[2]);
      if (href) {
        i = push({ type: 'link', href, children: nest ? parseInline(m[1], depth + 1, true) : [{ type: 'text', text: m[1] }] },
          i + m[0].length);
        continue;
      }
    }
    if (!inLink && (c === 'h' || c === 'm') && (i === 0 || /[\s(]/.test(s[i - 1])) && (m = stickyAt(BARE, s, i))) {
      const raw = m[0].replace(TRAILING, '');
      const href = safeHref(raw);
      if (href && raw.length > raw.indexOf(':') + 1) {
        i = push({ type: 'link', href, children: [{ type: 'text', text: raw }] }, i + raw.length);
        continue;
      }
    }
    buf += c;
    i += 1;
  }
  flush();
  return out;
}

const BULLET = /^- (.*)$/;
const NUMBERED = /^(\d{1,9})\. (.*)$/;
const FENCE = /^\s*```/;

/**
 * Blocks of a comment: {type: 'text', children} (lines as typed, line breaks kept) | {type: 'list', ordered, start,
 * items: [children]} | {type: 'code', text}. A code block runs from a line starting ``` to the next such line (or
 * the end); what follows the opening ``` on its line (a language name) is dropped.
 */
export function parseComment(text) {
  const lines = String(text || '').replace(/\r\n?/g, '\n').split('\n');
  const blocks = [];
  let para = [];
  const flushPara = () => {
    if (para.length) blocks.push({ type: 'text', children: parseInline(para.join('\n')) });
    para = [];
  };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (FENCE.test(line)) {
      flushPara();
      const body = [];
      i += 1;
      while (i < lines.length && !FENCE.test(lines[i])) { body.push(lines[i]); i += 1; }
      blocks.push({ type: 'code', text: body.join('\n') });
      i += 1;
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = !bullet && NUMBERED.exec(line);
    if (bullet || numbered) {
      flushPara();
      const ordered = Boolean(numbered);
      const items = [];
      const start = ordered ? Number(numbered[1]) : 1;
      let m = bullet || numbered;
      while (m) {
        items.push(parseInline(ordered ? m[2] : m[1]));
        i += 1;
        m = i < lines.length ? (ordered ? NUMBERED : BULLET).exec(lines[i]) : null;
      }
      blocks.push({ type: 'list', ordered, start, items });
      continue;
    }
    para.push(line);
    i += 1;
  }
  flushPara();
  return blocks;
}
