#!/usr/bin/env python3
"""The API's gettext catalogs (issue 43; api/i18n.py).

  scripts/i18n.py extract           what the code says (api/**.py, mail templates) -> the catalogs: new messages
                                    added untranslated, messages no longer said dropped (api/translations/*/messages.po)
  scripts/i18n.py merge FILE.json   translations into the catalogs: {msgid: {"de": "...", ...}}; a plural message is
                                    {msgid: {"plural": "msgid_plural", "de": ["one", "other"], ...}}
  scripts/i18n.py check             lists messages untranslated in a language or in a catalog but no longer said
                                    (exit 1 if any): api/tests/test_i18n.py runs it
"""
import json
import os
import sys
from io import BytesIO

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
API = os.path.join(ROOT, "api")
# I18N_DIR: work on a copy of the catalogs (two people translating at once merge into their own, then into these).
TRANSLATIONS = os.environ.get("I18N_DIR") or os.path.join(API, "translations")
LANGUAGES = ("de", "fr", "it", "es", "pt")
KEYWORDS = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2), "lazy_gettext": None}
METHODS = [("**/tests/**", "ignore"), ("**.py", "python"), ("templates/**.html", "jinja2.ext:babel_extract"),
           ("templates/**.txt", "jinja2.ext:babel_extract")]


def said():
    """{msgid or (singular, plural): [locations]} of every marked message in the API."""
    out = {}
    for filename, lineno, message, _comments, _context in extract_from_dir(API, METHODS, keywords=KEYWORDS,
                                                                         comment_tags=(), strip_comment_tags=True):
        if not message or message == "":
            continue
        key = message if isinstance(message, str) else tuple(message[:2])
        if isinstance(key, tuple) and not key[0]:
            continue
        out.setdefault(key, []).append((filename, lineno))
    return out


def path_of(lang):
    return os.path.join(TRANSLATIONS, lang, "LC_MESSAGES", "messages.po")


def load(lang):
    path = path_of(lang)
    if not os.path.exists(path):
        return Catalog(locale=lang, project="portal", fuzzy=False)
    with open(path, "rb") as fh:
        return read_po(fh, locale=lang)


def save(lang, catalog):
    os.makedirs(os.path.dirname(path_of(lang)), exist_ok=True)
    buf = BytesIO()
    write_po(buf, catalog, width=120, sort_output=True, omit_header=False, include_lineno=False)
    with open(path_of(lang), "wb") as fh:
        fh.write(buf.getvalue())


def _id(key):
    return key if isinstance(key, str) else key[0]


def extract():
    messages = said()
    for lang in LANGUAGES:
        old = load(lang)
        new = Catalog(locale=lang, project="portal", fuzzy=False)
        for key, locations in messages.items():
            before = old.get(_id(key))
            string = before.string if before is not None else ("" if isinstance(key, str) else ("", ""))
            if isinstance(key, tuple) and isinstance(string, str):
                string = ("", "")
            if isinstance(key, str) and isinstance(string, tuple):
                string = ""
            new.add(key if isinstance(key, str) else key, string, locations=locations)
        save(lang, new)
    print(f"{len(messages)} messages")


def merge(path):
    with open(path, encoding="utf-8") as fh:
        parts = json.load(fh)
    for lang in LANGUAGES:
        catalog = load(lang)
        for msgid, tr in parts.items():
            if lang not in tr:
                continue
            string = tuple(tr[lang]) if "plural" in tr else tr[lang]
            found = catalog.get(msgid)
            if found is not None:  # Catalog.add keeps an existing message's string
                found.string = string
            else:
                catalog.add((msgid, tr["plural"]) if "plural" in tr else msgid, string)
        save(lang, catalog)


def problems():
    messages = said()
    ids = {_id(k) for k in messages}
    out = []
    for lang in LANGUAGES:
        catalog = load(lang)
        present = {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalog if m.id}
        for msgid in sorted(ids):
            m = present.get(msgid)
            strings = [] if m is None else ([m.string] if isinstance(m.string, str) else list(m.string))
            if m is None or not strings or not all(strings):
                out.append(f"{lang}: untranslated: {msgid!r}")
        for msgid in sorted(set(present) - ids):
            out.append(f"{lang}: no longer said: {msgid!r}")
    return out


def main(argv):
    if len(argv) < 2 or argv[1] not in ("extract", "merge", "check"):
        print(__doc__)
        return 2
    if argv[1] == "extract":
        extract()
    elif argv[1] == "merge":
        for path in argv[2:]:
            merge(path)
    else:
        found = problems()
        print("\n".join(found) or "complete")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
