"""Sentences written once and read later by many, each in their own language (issue 43).

A feed entry's description and its event's are written when the change is made, in English (what webhooks, the
logs and the tests read), and read later by people of other languages: the activity feed by each reader, a
notification by each recipient. `said(N_("Added the article '%(title)s'"), title=a.title)` is that English text
(a str) which remembers its message id and values; `feed.record` keeps them beside the text, in the entry's and
the event's data (`said`: `stored()`), and `say()` says them again in the current locale (the reader's request, or
`force_locale` for a notification's recipient). A value that is itself `said` (a status, a module type) is said in
the same language, and so is each of a list (joined by ', '). An entry written before (no `said`) reads as its
text, translated if it is a message itself.

`ngettext()` is `said()` for a sentence with a count; its name marks the message for the catalogs
(scripts/i18n.py), as `N_` marks the others."""
from ..i18n import N_, get_locale, gettext, translate
from ..i18n import ngettext as _ngettext

KEY = "said"  # where feed.record keeps the sentence in an entry's and an event's data


class Said(str):
    """English text that remembers how it was said (`msgid`, `plural`, `num`, `values`)."""

    msgid = plural = num = None
    values = None


def _english(value):
    if isinstance(value, (list, tuple)):
        return ", ".join(map(str, value))
    return str(value) if isinstance(value, Said) else value


def said(msgid, **values):
    """The English sentence `msgid % values`, able to be said again in another language (`stored`, `say`)."""
    text = msgid % {k: _english(v) for k, v in values.items()} if values else msgid
    out = Said(text)
    out.msgid, out.values = msgid, values
    return out


def ngettext(singular, plural, num, **values):
    """The English sentence with a count (`%(num)d`), said in another language with that language's plural."""
    values = {**values, "num": num}
    text = (singular if num == 1 else plural) % {k: _english(v) for k, v in values.items()}
    out = Said(text)
    out.msgid, out.plural, out.num, out.values = singular, plural, num, values
    return out


def lowered(text):
    """The sentence with its English in lower case ('every week on monday'); said as it is in another language."""
    out = Said(str(text).lower())
    out.msgid, out.plural, out.num, out.values = text.msgid, text.plural, text.num, text.values
    return out


def word(english, msgid):
    """A value whose English text is not its message: a status code ('IN_PROGRESS') said as its label ('In
    Progress', then 'In Bearbeitung')."""
    out = Said(english)
    out.msgid, out.values = msgid, {}
    return out


def status(code, english=None):
    """A deliverable's status in a sentence: English keeps `english` (the code, as the feed always wrote it),
    another language says its label (presenting.STATUS_LABELS; an empty status: 'no status')."""
    return word(code if english is None else english,
                code.replace("_", " ").title() if code else N_("no status"))


def _plain(value):
    """A value as JSON keeps it: a sentence as its stored form, a number or a text as it is."""
    if isinstance(value, Said):
        return stored(value)
    if isinstance(value, (list, tuple)):  # a list of values: said one after the other, ', ' between them
        return {"l": [_plain(v) for v in value]}
    if value is None or isinstance(value, (int, float, bool)):
        return value
    return str(value)


def stored(text):
    """What data keeps of a sentence: {m: msgid, v: {values}} (and p: plural, n: count); None for a plain text."""
    if not isinstance(text, Said) or text.msgid is None:
        return None
    out = {"m": text.msgid, "v": {k: _plain(v) for k, v in (text.values or {}).items()}}
    if text.plural is not None:
        out.update(p=text.plural, n=text.num)
    return out


def _value(v):
    if isinstance(v, dict) and isinstance(v.get("l"), list):
        return ", ".join(str(_value(x)) for x in v["l"])
    return say(v) if isinstance(v, dict) else v  # said in the sentence's language, never read back as English


def _english_now():
    locale = get_locale()
    return locale is None or locale.language == "en"


def say(form, fallback=None):
    """A stored sentence in the current locale; `fallback` (the English text, translated if it is a message)
    when there is none or it cannot be said."""
    if not isinstance(form, dict) or not isinstance(form.get("m"), str):
        return translate(fallback)
    if fallback is not None and _english_now():
        return fallback  # English reads the text as it was written
    try:
        values = {k: _value(v) for k, v in (form.get("v") or {}).items()}
        if isinstance(form.get("p"), str):
            values.pop("num", None)
            return _ngettext(form["m"], form["p"], int(form.get("n") or 0), **values)
        return gettext(form["m"], **values) if values else gettext(form["m"])
    except (KeyError, TypeError, ValueError):  # a translation missing a value: the English text
        return translate(fallback) if fallback is not None else form["m"]
