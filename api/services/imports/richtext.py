"""Textile and Markdown (what Redmine stores) turned into draft-js raw content, the JSON text articles keep.

Headings, lists with depth, quotes, code blocks, bold/italic/code, links (LINK entities, only http, https and
mailto: anything else stays plain text) and tables (one text line per row, cells joined by " | "). Offsets and
lengths count UTF-16 code units, as draft-js and the webapp (JavaScript string lengths) do.

Every scan is linear: block rules look at one line at a time with bounded patterns, and the inline scanner never
searches for a closing mark more than once from the same place (`_Next` remembers), so a hostile or very large
text costs no more than a plain one of the same size. `raw_to_text` and `raw_to_markup` go the other way: plain
text (module descriptions) and the light markup comments are written in (**bold**, *italics*, `code`, lists)."""
import json
import re

MAX_DEPTH = 4  # draft-js lists nest this deep at most
MAX_NESTING = 3  # styles inside styles
HEADERS = {1: "header-one", 2: "header-two", 3: "header-three", 4: "header-four", 5: "header-five",
           6: "header-six"}
SAFE_URL = re.compile(r"(?:https?://[^\s<>\"]{1,2040}|mailto:[^\s<>\"]{1,2040})\Z", re.IGNORECASE)
BARE_URL = re.compile(r"(?:https?://|mailto:)[^\s<>\"'\[\]()]{1,2040}", re.IGNORECASE)
TRAILING = re.compile(r"[.,;:!?*_]+$")
TEXTILE_SPECIAL = re.compile(r"[*_@\"\[]|https?://|mailto:", re.IGNORECASE)
MARKDOWN_SPECIAL = re.compile(r"[*_`\[!<\\]|https?://|mailto:", re.IGNORECASE)
TEXTILE_URL = re.compile(r"[^\s<>\"]{1,2048}")


def u16(s):
    """Length in UTF-16 code units (a character beyond the BMP counts two)."""
    return len(s.encode("utf-16-le")) // 2


def safe_url(url):
    url = (url or "").strip()
    return url if SAFE_URL.match(url) else None


class _Next:
    """`find` with memory: the next occurrence of `sub` at or after a position, each stretch searched once."""

    def __init__(self, s):
        self.s, self.memo = s, {}

    def find(self, sub, start):
        begun, found = self.memo.get(sub, (None, None))
        if begun is not None and begun <= start and (found == -1 or found >= start):
            return found
        found = self.s.find(sub, start)
        self.memo[sub] = (start, found)
        return found


class _Line:
    """One block's text, style ranges and entity ranges, built left to right."""

    def __init__(self, entities):
        self.parts, self.pos, self.styles, self.ranges, self.entities = [], 0, [], [], entities

    def text(self, s):
        if s:
            self.parts.append(s)
            self.pos += u16(s)

    def style(self, style, start):
        if self.pos > start:
            self.styles.append({"style": style, "offset": start, "length": self.pos - start})

    def styled(self, style, s):
        start = self.pos
        self.text(s)
        self.style(style, start)

    def link(self, label, url):
        url, start = safe_url(url), self.pos
        self.text(label)
        if url and self.pos > start:
            key = len(self.entities)
            self.entities[str(key)] = {"type": "LINK", "mutability": "MUTABLE", "data": {"url": url}}
            self.ranges.append({"offset": start, "length": self.pos - start, "key": key})


class _Doc:
    def __init__(self):
        self.blocks, self.entities = [], {}

    def add(self, type_, text, inline=None, depth=0):
        line = _Line(self.entities)
        if inline is None:
            line.text(text)
        else:
            inline(text, line)
        self.blocks.append({"key": f"i{len(self.blocks):x}", "text": "".join(line.parts), "type": type_,
                            "depth": min(depth, MAX_DEPTH), "inlineStyleRanges": line.styles,
                            "entityRanges": line.ranges, "data": {}})

    def dumps(self):
        if not self.blocks:
            self.add("unstyled", "")
        return json.dumps({"blocks": self.blocks, "entityMap": self.entities}, ensure_ascii=False,
                          separators=(",", ":"))


def _lines(text):
    return (text or "").replace("\r\n", "\n").replace("\r", "\n").split("\n")


# --- inline ----------------------------------------------------------------------------------------------------

class _Scan:
    """The inline scanner shared by both syntaxes: plain runs are copied up to the next special character; a span
    opened with a closer found ahead is pushed and closed when the scan reaches that closer."""

    def __init__(self, s, line, special, handlers, markdown):
        self.s, self.line, self.special, self.handlers, self.markdown = s, line, special, handlers, markdown
        self.next, self.stack = _Next(s), []  # stack: (closer index, marker length, style, output start)

    def run(self):
        s, i = self.s, 0
        while i < len(s):
            while self.stack and self.stack[-1][0] < i:  # a closer taken by an escape: close here
                self._close()
            m = self.special.search(s, i)
            j = m.start() if m else len(s)
            if self.stack and self.stack[-1][0] < j:
                j = self.stack[-1][0]
            self.line.text(s[i:j])
            if j >= len(s):
                break
            i = self._at(j)
        while self.stack:
            self._close()

    def _close(self):
        closer, size, style, start = self.stack.pop()
        self.line.style(style, start)
        return closer + size

    def _at(self, j):
        if self.stack and self.stack[-1][0] == j:
            return self._close()
        handler = self.handlers.get(self.s[j].lower(), None)
        after = handler(self, j) if handler else None
        if after is None:
            self.line.text(self.s[j])
            return j + 1
        return after

    def limit(self, j):
        """Where a span opened at j must close: before the end of its line and of any enclosing span."""
        nl = self.next.find("\n", j)
        end = len(self.s) if nl == -1 else nl
        return min(end, self.stack[-1][0]) if self.stack else end

    def emphasis(self, j, mark, style):
        s = self.s
        if len(self.stack) >= MAX_NESTING or (j > 0 and s[j - 1].isalnum()):
            return None
        inner = j + len(mark)
        if inner >= len(s) or s[inner].isspace():
            return None
        k = self.next.find(mark, inner + 1)
        after = k + len(mark)
        if k == -1 or after > self.limit(j) or s[k - 1].isspace() or (after < len(s) and s[after].isalnum()):
            return None
        self.stack.append((k, len(mark), style, self.line.pos))
        return inner

    def code(self, j, mark):
        if mark == "@" and j > 0 and self.s[j - 1].isalnum():  # an e-mail address
            return None
        k = self.next.find(mark, j + 1)
        if k <= j + 1 or k + len(mark) > self.limit(j):
            return None
        self.line.styled("CODE", self.s[j + len(mark):k])
        return k + len(mark)

    def bare_url(self, j):
        if j > 0 and self.s[j - 1].isalnum():
            return None
        m = BARE_URL.match(self.s, j, self.limit(j))
        if not m:
            return None
        url = TRAILING.sub("", m.group())
        self.line.link(url, url)
        return j + len(url)


def _star_or_underscore(scan, j):
    mark = scan.s[j] * 2 if scan.s.startswith(scan.s[j] * 2, j) else scan.s[j]
    if scan.markdown:
        style = "ITALIC" if len(mark) == 1 else "BOLD"
    else:
        style = "ITALIC" if mark[0] == "_" else "BOLD"
    return scan.emphasis(j, mark, style)


def _textile_quote(scan, j):
    """"text":url (a title in brackets after the text is dropped)."""
    s, end = scan.s, scan.limit(j)
    k = scan.next.find('"', j + 1)
    if k <= j + 1 or k + 2 >= end or s[k + 1] != ":":
        return None
    m = TEXTILE_URL.match(s, k + 2, end)
    if not m:
        return None
    url = TRAILING.sub("", m.group())
    label = re.sub(r"\s*\([^()]*\)$", "", s[j + 1:k][:1000]) or url
    scan.line.link(label, url)
    return k + 2 + len(url)


def _wiki_link(scan, j):
    """[[Page]] / [[Page|text]]: the text (other pages are not links here)."""
    if not scan.s.startswith("[[", j):
        return None
    k = scan.next.find("]]", j + 2)
    if k == -1 or k + 2 > scan.limit(j):
        return None
    scan.line.text(scan.s[j + 2:k].rsplit("|", 1)[-1])
    return k + 2


def _textile_inline(s, line):
    if TEXTILE_SPECIAL.search(s):
        _Scan(s, line, TEXTILE_SPECIAL, TEXTILE_HANDLERS, False).run()
    else:  # nothing to interpret: most lines
        line.text(s)


TEXTILE_HANDLERS = {"*": _star_or_underscore, "_": _star_or_underscore, "@": lambda sc, j: sc.code(j, "@"),
                    '"': _textile_quote, "[": _wiki_link, "h": _Scan.bare_url, "m": _Scan.bare_url}


def _markdown_link(scan, j):
    """[text](url), and ![alt](url) as its alt text."""
    s, end = scan.s, scan.limit(j)
    image = s[j] == "!"
    start = j + 1 if image else j
    if image and not s.startswith("[", start):
        return None
    k = scan.next.find("]", start + 1)
    if k == -1 or k + 1 >= end or s[k + 1] != "(":
        return None
    close = scan.next.find(")", k + 2)
    if close == -1 or close > end:
        return None
    label, url = s[start + 1:k], (s[k + 2:close].split() or [""])[0]
    scan.line.text(label) if image else scan.line.link(label or url, url)
    return close + 1


def _angle_url(scan, j):
    k = scan.next.find(">", j + 1)
    if k == -1 or k > scan.limit(j) or not safe_url(scan.s[j + 1:k]):
        return None
    scan.line.link(scan.s[j + 1:k], scan.s[j + 1:k])
    return k + 1


def _escape(scan, j):
    if j + 1 < scan.limit(j) and scan.s[j + 1] in "\\`*_{}[]()#+-.!|<>~":
        scan.line.text(scan.s[j + 1])
        return j + 2
    return None


def _markdown_inline(s, line):
    if MARKDOWN_SPECIAL.search(s):
        _Scan(s, line, MARKDOWN_SPECIAL, MARKDOWN_HANDLERS, True).run()
    else:
        line.text(s)


MARKDOWN_HANDLERS = {"*": _star_or_underscore, "_": _star_or_underscore, "`": lambda sc, j: sc.code(j, "`"),
                     "[": _markdown_link, "!": _markdown_link, "<": _angle_url, "\\": _escape,
                     "h": _Scan.bare_url, "m": _Scan.bare_url}


# --- Textile blocks --------------------------------------------------------------------------------------------

T_SIGNATURE = re.compile(r"(h[1-6]|bq|bc|p|pre|fn\d{1,3})((?:\([^()\n]{0,100}\)|\{[^{}\n]{0,200}\}|"
                         r"\[[^\[\]\n]{0,20}\]|[<>=~]){0,10})\.(\.?)(?: |$)")
T_LIST = re.compile(r"([*#]{1,20}) +")
T_CELL_MODS = re.compile(r"(?:_|\\\d{1,3}|/\d{1,3}|[<>=^~]|\{[^{}]{0,200}\}|\([^()]{0,100}\)){1,10}\.\s?")
MACRO = re.compile(r"\s*\{\{[^{}]{0,200}\}\}\s*\Z")


def _is_table(line):
    return line.lstrip().startswith("|")


def _row(line, strip_mods=None):
    cells = line.strip().strip("|").split("|")
    if strip_mods:
        cells = [strip_mods.sub("", c, count=1) if strip_mods.match(c) else c for c in cells]
    return " | ".join(c.strip() for c in cells)


def _pre(lines, i, doc):
    """<pre> ... </pre> (its tags and any <code> dropped): a code block per line."""
    out = []
    while i < len(lines):
        line, i = lines[i], i + 1
        closed = "</pre>" in line
        out.append(re.sub(r"</?(?:pre|code)\b[^<>]{0,200}>", "", line))
        if closed:
            break
    first = next((n for n, x in enumerate(out) if x.strip()), len(out))
    last = max((n for n, x in enumerate(out) if x.strip()), default=first)
    for text in out[first:last + 1] or [""]:
        doc.add("code-block", text)
    return i


def _paragraph(lines, i, stop):
    """The lines from i up to a blank line (or one `stop` says starts something else)."""
    out = [lines[i]]
    i += 1
    while i < len(lines) and lines[i].strip() and not stop(lines[i]):
        out.append(lines[i])
        i += 1
    return out, i


def _textile_signature(lines, i, doc, m):
    kind, extended = m.group(1), bool(m.group(3))
    first = lines[i][m.end():]
    if extended:  # bc.. / bq.. / pre..: up to the next line with a signature of its own
        out, i = [first], i + 1
        while i < len(lines) and not T_SIGNATURE.match(lines[i]):
            out.append(lines[i])
            i += 1
    else:
        rest, i = _paragraph(lines, i, lambda _line: False)
        out = [first] + rest[1:]
    if kind in ("bc", "pre"):
        for text in out:
            doc.add("code-block", text)
    elif kind.startswith("h"):
        doc.add(HEADERS[int(kind[1])], " ".join(x.strip() for x in out), _textile_inline)
    else:
        doc.add("blockquote" if kind == "bq" else "unstyled", "\n".join(out).strip("\n"), _textile_inline)
    return i


def _textile_list(lines, i, doc):
    while i < len(lines):
        m = T_LIST.match(lines[i])
        if not m:
            return i
        marks, text, i = m.group(1), [lines[i][m.end():]], i + 1
        while i < len(lines) and lines[i].strip() and not T_LIST.match(lines[i]) and not _is_table(lines[i]):
            text.append(lines[i].strip())
            i += 1
        kind = "ordered-list-item" if marks[-1] == "#" else "unordered-list-item"
        doc.add(kind, "\n".join(text), _textile_inline, depth=len(marks) - 1)
    return i


def _textile_block(lines, i, doc):
    line = lines[i]
    if not line.strip() or MACRO.match(line):
        return i + 1
    if line.lstrip().startswith("<pre"):
        return _pre(lines, i, doc)
    m = T_SIGNATURE.match(line)
    if m:
        return _textile_signature(lines, i, doc, m)
    if T_LIST.match(line):
        return _textile_list(lines, i, doc)
    if _is_table(line):
        while i < len(lines) and _is_table(lines[i]):
            doc.add("unstyled", _row(lines[i], T_CELL_MODS), _textile_inline)
            i += 1
        return i
    out, i = _paragraph(lines, i, lambda x: bool(T_LIST.match(x) or _is_table(x) or T_SIGNATURE.match(x)))
    doc.add("unstyled", "\n".join(out), _textile_inline)
    return i


def textile_to_raw(text):
    """Textile (Redmine's default formatting) -> draft-js raw JSON text."""
    doc, lines, i = _Doc(), _lines(text), 0
    while i < len(lines):
        i = _textile_block(lines, i, doc)
    return doc.dumps()


# --- Markdown blocks -------------------------------------------------------------------------------------------

M_HEADING = re.compile(r" {0,3}(#{1,6})(?: +|$)")
M_LIST = re.compile(r"( *)([-*+]|\d{1,9}[.)]) +")
M_FENCE = re.compile(r" {0,3}(```|~~~)")
M_RULE = re.compile(r" {0,3}(?:[-*_] *){3,}\Z")
M_TABLE_RULE = re.compile(r"[\s|:-]+\Z")


def _md_starts_block(line):
    return bool(M_HEADING.match(line) or M_LIST.match(line) or M_FENCE.match(line) or _is_table(line)
                or line.lstrip().startswith(">"))


def _md_fence(lines, i, doc):
    mark, i, out = M_FENCE.match(lines[i]).group(1), i + 1, []
    while i < len(lines) and not lines[i].lstrip().startswith(mark):
        out.append(lines[i])
        i += 1
    for text in out or [""]:
        doc.add("code-block", text)
    return i + 1


def _md_list(lines, i, doc):
    while i < len(lines):
        m = M_LIST.match(lines[i])
        if not m or M_RULE.match(lines[i]):
            return i
        text, i = [lines[i][m.end():]], i + 1
        while i < len(lines) and lines[i].strip() and not _md_starts_block(lines[i]):
            text.append(lines[i].strip())
            i += 1
        kind = "unordered-list-item" if m.group(2) in "-*+" else "ordered-list-item"
        doc.add(kind, "\n".join(text), _markdown_inline, depth=len(m.group(1)) // 2)
    return i


def _md_quote(lines, i, doc):
    out = []
    while i < len(lines) and lines[i].lstrip().startswith(">"):
        out.append(lines[i].lstrip()[1:].lstrip())
        i += 1
    doc.add("blockquote", "\n".join(out), _markdown_inline)
    return i


def _markdown_block(lines, i, doc):
    line = lines[i]
    if not line.strip() or M_RULE.match(line) or MACRO.match(line):
        return i + 1
    if M_FENCE.match(line):
        return _md_fence(lines, i, doc)
    m = M_HEADING.match(line)
    if m:
        doc.add(HEADERS[len(m.group(1))], line[m.end():].rstrip().rstrip("#").rstrip(), _markdown_inline)
        return i + 1
    if M_LIST.match(line):
        return _md_list(lines, i, doc)
    if line.lstrip().startswith(">"):
        return _md_quote(lines, i, doc)
    if _is_table(line):
        while i < len(lines) and _is_table(lines[i]):
            if not M_TABLE_RULE.match(lines[i]):
                doc.add("unstyled", _row(lines[i]), _markdown_inline)
            i += 1
        return i
    out, i = _paragraph(lines, i, _md_starts_block)
    doc.add("unstyled", "\n".join(out), _markdown_inline)
    return i


def markdown_to_raw(text):
    """Markdown (Redmine's other formatting) -> draft-js raw JSON text."""
    doc, lines, i = _Doc(), _lines(text), 0
    while i < len(lines):
        i = _markdown_block(lines, i, doc)
    return doc.dumps()


def to_raw(text, formatting="textile"):
    return markdown_to_raw(text) if formatting in ("markdown", "common_mark") else textile_to_raw(text)


# --- back to text ----------------------------------------------------------------------------------------------

def raw_to_text(raw):
    """The plain text of draft-js raw JSON text (blocks one a line)."""
    return "\n".join(b.get("text", "") for b in json.loads(raw)["blocks"])


def _index_of(text):
    """UTF-16 offset -> index in `text` (the identity when every character is in the BMP)."""
    if u16(text) == len(text):
        return lambda off: off
    table, pos = {}, 0
    for i, ch in enumerate(text):
        table[pos] = i
        pos += 2 if ord(ch) > 0xFFFF else 1
    table[pos] = len(text)
    return lambda off: table.get(off, len(text))


MARKS = {"BOLD": "**", "ITALIC": "*", "CODE": "`"}


def _inline_markup(block, entities):
    """A block's text with its bold, italic and code marks and its links as [text](url)."""
    text, at = block.get("text", ""), _index_of(block.get("text", ""))
    inserts = []  # (index, order, piece): closers (order 0) before openers (order 1) at the same place
    for r in block.get("inlineStyleRanges", []):
        mark = MARKS.get(r.get("style"))
        if mark and r.get("length", 0) > 0:
            inserts += [(at(r["offset"]), 1, mark), (at(r["offset"] + r["length"]), 0, mark)]
    for r in block.get("entityRanges", []):
        url = safe_url(((entities.get(str(r.get("key"))) or {}).get("data") or {}).get("url"))
        if url and r.get("length", 0) > 0:
            inserts += [(at(r["offset"]), 1, "["), (at(r["offset"] + r["length"]), 0, f"]({url})")]
    out, last = [], 0
    for index, _order, piece in sorted(inserts, key=lambda x: (x[0], x[1])):
        out += [text[last:index], piece]
        last = index
    return "".join(out) + text[last:]


def raw_to_markup(raw):
    """Draft-js raw JSON text -> the light markup of comments (headings bold, lists '- ' / '1. ', code fenced)."""
    data = json.loads(raw)
    out, in_code = [], False
    for b in data["blocks"]:
        kind = b.get("type", "unstyled")
        if (kind == "code-block") != in_code:
            out.append("```")
            in_code = not in_code
        if in_code:
            out.append(b.get("text", ""))
            continue
        text = _inline_markup(b, data.get("entityMap", {}))
        indent = "  " * int(b.get("depth") or 0)
        if kind.startswith("header-"):
            out += [f"**{text}**", ""]
        elif kind in ("unordered-list-item", "ordered-list-item"):
            out.append(indent + ("- " if kind[0] == "u" else "1. ") + text)
        else:
            out += [text, ""]
    if in_code:
        out.append("```")
    return "\n".join(out).strip("\n")
