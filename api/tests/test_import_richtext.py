"""Textile and Markdown -> draft-js raw (services/imports/richtext.py), and back to text and comment markup."""
import json
import time

import pytest

from api.forms.content import DraftContent
from api.services.imports.richtext import markdown_to_raw, raw_to_markup, raw_to_text, textile_to_raw


def blocks(raw):
    return [(b["type"], b["depth"], b["text"]) for b in json.loads(raw)["blocks"]]


def styles(raw, n=0):
    return [(s["style"], s["offset"], s["length"]) for s in json.loads(raw)["blocks"][n]["inlineStyleRanges"]]


def links(raw, n=0):
    data = json.loads(raw)
    return [(r["offset"], r["length"], data["entityMap"][str(r["key"])]["data"]["url"])
            for r in data["blocks"][n]["entityRanges"]]


def test_shape_is_draft_js_raw_the_server_accepts():
    raw = textile_to_raw('h1. Title\n\nSome *bold* and "a link":https://example.org.')
    data = json.loads(raw)
    assert set(data) == {"blocks", "entityMap"}
    assert set(data["blocks"][0]) == {"key", "text", "type", "depth", "inlineStyleRanges", "entityRanges", "data"}
    assert len({b["key"] for b in data["blocks"]}) == len(data["blocks"])
    assert data["entityMap"]["0"] == {"type": "LINK", "mutability": "MUTABLE", "data": {"url": "https://example.org"}}
    assert DraftContent()._deserialize(raw, "content", {}) == raw  # stored as made: nothing to clean
    assert blocks(textile_to_raw("")) == [("unstyled", 0, "")]


def test_textile_headings_paragraphs_and_lists():
    raw = textile_to_raw("h1. One\n\nh2. Two\nwraps\n\nh3(#x). Three\n\nFirst line\nsecond line\n\n"
                         "* a\n** b\n*** c\n* d\n\n# one\n## one.one\n\nbq. Quoted.")
    assert blocks(raw) == [("header-one", 0, "One"), ("header-two", 0, "Two wraps"), ("header-three", 0, "Three"),
                           ("unstyled", 0, "First line\nsecond line"), ("unordered-list-item", 0, "a"),
                           ("unordered-list-item", 1, "b"), ("unordered-list-item", 2, "c"),
                           ("unordered-list-item", 0, "d"), ("ordered-list-item", 0, "one"),
                           ("ordered-list-item", 1, "one.one"), ("blockquote", 0, "Quoted.")]


def test_textile_inline_styles():
    raw = textile_to_raw("Phases *0* to *IV*, _mitigation_ and @x = 1@; **strong** __em__ *_both_*")
    assert blocks(raw)[0][2] == "Phases 0 to IV, mitigation and x = 1; strong em both"
    assert styles(raw) == [("BOLD", 7, 1), ("BOLD", 12, 2), ("ITALIC", 16, 10), ("CODE", 31, 5),
                           ("BOLD", 38, 6), ("ITALIC", 45, 2), ("ITALIC", 48, 4), ("BOLD", 48, 4)]


def test_textile_leaves_plain_text_alone():
    text = "snake_case_name, 2 * 3 * 4, maria@example.org @remy, a_b, *not closed, \"quoted\" and 5 *"
    assert blocks(textile_to_raw(text)) == [("unstyled", 0, text)]
    assert styles(textile_to_raw(text)) == []


def test_textile_links():
    raw = textile_to_raw('See "the call text":https://example.org/call, "mail(title)":mailto:a@b.org and '
                         'https://bare.example/x. Also [[Methodology]] and [[Other page|that page]].')
    assert blocks(raw)[0][2] == ("See the call text, mail and https://bare.example/x. Also Methodology and that page.")
    assert links(raw) == [(4, 13, "https://example.org/call"), (19, 4, "mailto:a@b.org"),
                          (28, 22, "https://bare.example/x")]


def test_only_safe_links_become_entities():
    for text in ('"click":javascript:alert(1)', '"x":data:text/html,hi', '"rel":/projects/x', '"v":vbscript:y'):
        raw = textile_to_raw(text)
        assert json.loads(raw)["entityMap"] == {} and "javascript" not in blocks(raw)[0][2]
    raw = markdown_to_raw("[click](javascript:void) [ok](HTTPS://x.org)")
    assert links(raw) == [(6, 2, "HTTPS://x.org")] and blocks(raw)[0][2] == "click ok"


def test_textile_code_and_tables():
    raw = textile_to_raw("Modules.\r\n\r\n|_.Layer|_.Thickness|\r\n|Timber frame|200 mm|\r\n\r\n"
                         "<pre>U = 0.15 W/m²K</pre>\n\n<pre><code class=\"ruby\">\na = 1\nb = 2\n</code></pre>\n\n"
                         "bc. one\ntwo\n\nbc.. x\n\ny\np. after")
    assert blocks(raw) == [("unstyled", 0, "Modules."), ("unstyled", 0, "Layer | Thickness"),
                           ("unstyled", 0, "Timber frame | 200 mm"), ("code-block", 0, "U = 0.15 W/m²K"),
                           ("code-block", 0, "a = 1"), ("code-block", 0, "b = 2"), ("code-block", 0, "one"),
                           ("code-block", 0, "two"), ("code-block", 0, "x"), ("code-block", 0, ""),
                           ("code-block", 0, "y"), ("unstyled", 0, "after")]


def test_offsets_count_utf16_units():
    raw = textile_to_raw("😀 *bold* é \"l\":https://x.org")
    assert styles(raw) == [("BOLD", 3, 4)]  # the emoji is two units
    assert links(raw) == [(10, 1, "https://x.org")]


def test_markdown():
    raw = markdown_to_raw("# One\n## Two\n### Three\n\nText **bold** *it* _it_ `code` [l](https://x.org \"t\") "
                          "<https://y.org> \\*no\\*\n\n- a\n  - b\n* c\n1. one\n2. two\n\n```\ncode *x*\n```\n\n"
                          "| A | B |\n|---|:--:|\n| 1 | 2 |\n\n> quoted\n\n---\n![alt](https://i.png)")
    assert blocks(raw) == [("header-one", 0, "One"), ("header-two", 0, "Two"), ("header-three", 0, "Three"),
                           ("unstyled", 0, "Text bold it it code l https://y.org *no*"),
                           ("unordered-list-item", 0, "a"), ("unordered-list-item", 1, "b"),
                           ("unordered-list-item", 0, "c"), ("ordered-list-item", 0, "one"),
                           ("ordered-list-item", 0, "two"), ("code-block", 0, "code *x*"), ("unstyled", 0, "A | B"),
                           ("unstyled", 0, "1 | 2"), ("blockquote", 0, "quoted"), ("unstyled", 0, "alt")]
    assert styles(raw, 3) == [("BOLD", 5, 4), ("ITALIC", 10, 2), ("ITALIC", 13, 2), ("CODE", 16, 4)]
    assert links(raw, 3) == [(21, 1, "https://x.org"), (23, 13, "https://y.org")]


def test_back_to_text_and_comment_markup():
    raw = textile_to_raw('h2. Agenda\n\n# Welcome\n# *Risks* and _mitigation_\n\nSee "the text":https://x.org.\n\n'
                         '<pre>a < b</pre>')
    assert raw_to_text(raw) == "Agenda\nWelcome\nRisks and mitigation\nSee the text.\na < b"
    assert raw_to_markup(raw) == ("**Agenda**\n\n1. Welcome\n1. **Risks** and *mitigation*\n"
                                  "See [the text](https://x.org).\n\n```\na < b\n```")
    assert raw_to_markup(textile_to_raw("😀 *b*")) == "😀 **b**"


@pytest.mark.parametrize("text", [
    "*" * 100_000, '"a" ' * 25_000, "[" * 100_000, "*a _b *c _d " * 10_000, "@ " * 50_000,
    "|a|b|\n" * 20_000])
def test_hostile_text_converts(text):
    # Patterns that make a backtracking parser take hours on 100 KB: these finish (the conversion is linear; its
    # speed is not asserted here).
    for convert in (textile_to_raw, markdown_to_raw):
        assert json.loads(convert(text))["blocks"]
