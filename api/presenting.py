"""Small pieces every presenter uses. Presenters (one per item type, next to the service that loads it) build the
plain dicts a read answers with; `api/jsonio.py` encodes them. Datetimes and dates are left as they are: the
encoder writes naive UTC times with '+00:00'. Labels are English in the code and said in the reader's language
(`said`)."""
from flask import has_request_context

from .i18n import N_, get_locale, translate

PREVIEW_CHARS = 160


def avatar_url(user_id, avatar):
    """The avatar's address changes with each upload (`?v=`), so browsers may cache it."""
    return f"/api/avatar/view/{user_id}?v={avatar[:8]}" if avatar else None


def user_avatar(user):
    return avatar_url(user.id, user.avatar) if user is not None else None


def user_name(user):
    return user.name if user is not None else None


# The labels `status` makes of spec §4's statuses, listed for the catalogs.
STATUS_LABELS = (N_("Not Started"), N_("In Progress"), N_("Blocked"), N_("Completed"), N_("Verified Complete"),
                 N_("No status"))


def status(name):
    # An empty status is the one unticking leaves a deliverable that had none (services/done.py): spec §4's grey
    # 'no status'.
    return {"name": name, "label": said(name.replace("_", " ").title() or "No status")}


# --- fixed labels in the reader's language: a list says the same few (links, statuses) in every row -------------

_SAID = {}  # language -> {English label: the label in that language}


def said_table():
    """The request's table of labels said in its language (filled as they are asked for); None for English and
    outside a request (an event's payload, a mail: they choose their own language)."""
    if not has_request_context():
        return None
    lang = str(get_locale() or "en")
    return None if lang == "en" else _SAID.setdefault(lang, {})


def say(label, table):
    """`label` from `table` (said_table()), looked up in the catalogs the first time."""
    if table is None or not label:
        return label
    out = table.get(label)
    if out is None:
        out = table[label] = translate(label)
    return out


def said(label):
    """One fixed label in the request's language."""
    return say(label, said_table())


def preview(text, limit=PREVIEW_CHARS):
    """The start of a text for a list row: whole words, with an ellipsis when cut."""
    text = " ".join((text or "").split())
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0] or text[:limit]
    return cut.rstrip(",.;:") + "…"


def page_meta(page, per_page, total):
    return {"page": page, "perPage": per_page, "total": total}
