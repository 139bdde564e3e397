"""Small pieces every presenter uses. Presenters (one per item type, next to the service that loads it) build the
plain dicts a read answers with; `api/jsonio.py` encodes them. Datetimes and dates are left as they are: the
encoder writes naive UTC times with '+00:00'."""

PREVIEW_CHARS = 160


def avatar_url(user_id, avatar):
    """The avatar's address changes with each upload (`?v=`), so browsers may cache it."""
    return f"/api/avatar/view/{user_id}?v={avatar[:8]}" if avatar else None


def user_avatar(user):
    return avatar_url(user.id, user.avatar) if user is not None else None


def user_name(user):
    return user.name if user is not None else None


def status(name):
    # An empty status is the one unticking leaves a deliverable that had none (services/done.py): spec §4's grey
    # 'no status'.
    return {"name": name, "label": name.replace("_", " ").title() or "No status"}


def preview(text, limit=PREVIEW_CHARS):
    """The start of a text for a list row: whole words, with an ellipsis when cut."""
    text = " ".join((text or "").split())
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0] or text[:limit]
    return cut.rstrip(",.;:") + "…"


def page_meta(page, per_page, total):
    return {"page": page, "perPage": per_page, "total": total}
