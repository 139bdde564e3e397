"""The activity feed: every write records an entry in the same transaction, and beside it the event the
dispatcher fans out (services/events.py: the outbox)."""
import json

from sqlalchemy import func, select

from ..extensions import db
from ..models.module import path_under, scope_id
from ..models import FeedEntry, Module
from ..presenting import user_avatar, user_name
from ..i18n import N_, translate
from . import sentences


def record(user, module, operation, category, description, item=None, data=None):
    """The feed entry of a change and its event (`item`: the id of the thing changed; `data`: what the channels
    need beyond it, e.g. before/after, mentions), both in the caller's transaction. `description`: English; a
    sentence made by `sentences.said` is kept with its message and values too, so each reader reads it in their
    own language (`present`; a notification's recipient: events/notifications.text_of)."""
    form = sentences.stored(description)
    if form is not None:
        data = {**(data or {}), sentences.KEY: form}
    db.session.add(FeedEntry(module_id=module.id, portal_id=scope_id(module.path),
                             created_by_id=user.id if user else None, operation=operation, category=category,
                             description=description[:500],
                             item_id=item if isinstance(item, int) else None,
                             data=json.dumps(data, default=str)[:20000] if data else None))
    from . import events
    events.record(user, module, operation, category, description[:500], item, data)


SORTS = ("id",)


# What a change's fields are called on screen, and how their values read there (the webapp formats by kind).
FIELDS = {"status": (N_("status"), "status"), "ownerId": (N_("owner"), "user"),
          "startDate": (N_("start date"), "date"), "deadline": (N_("deadline"), "date"),
          "commencedDate": (N_("commenced date"), "date"), "completionDate": (N_("completion date"), "date"),
          "name": (N_("name"), "text"), "description": (N_("description"), "text"), "title": (N_("title"), "text"),
          "value": (N_("value"), "text")}
EXTRA = ("descendants", "position", "as", "version", "reply", "joined", "ticked")


def _data(e):
    try:
        data = json.loads(e.data) if e.data else {}
    except ValueError:
        data = {}
    return data if isinstance(data, dict) else {}


def changes_of(data):
    """[{field, label, kind, before, after}] of the fields a change touched (an owner by name); a field's label in
    the reader's language (a custom field's is its own)."""
    before, after = data.get("before") or {}, data.get("after") or {}
    names = data.get("ownerNames") or {}
    out = []
    for field in data.get("changed") or []:
        label, kind = FIELDS.get(field, (data.get("label") or field, "text"))
        if field in FIELDS:
            label = translate(label)
        if field == "value":
            kind = data.get("valueKind") or kind
        b, a = before.get(field), after.get(field)
        if kind == "user":
            b, a = names.get("before"), names.get("after")
        out.append({"field": field, "label": data.get("label") or label if field == "value" else label, "kind": kind,
                    "before": b, "after": a})
    return out


def present(e, module_name, reader=None):
    """An entry as `reader` reads it: its sentence in the request's language (`sentences`)."""
    data = _data(e)
    description = sentences.say(data.get(sentences.KEY), e.description)
    if e.category == "schedule":  # names the module that changed to those who may see it
        from .scheduling import named
        description = named(reader, data, description)
    return {"id": e.id, "created": e.created, "createdById": e.created_by_id, "createdBy": user_name(e.created_by),
            "avatar": user_avatar(e.created_by), "description": description, "operation": e.operation,
            "category": e.category, "module": {"id": e.module_id, "name": module_name},
            "itemId": e.item_id, "itemName": data.get("name"), "subject": data.get("subject"),
            "changes": changes_of(data), "extra": {k: data[k] for k in EXTRA if k in data}}


def list_for(module, page, before=None, reader=None):
    """A page of the entries of the module and its descendants, newest first (`before`: older than that id);
    two queries (the page, the count). `reader`: who reads them (what an entry may name)."""
    q = select(FeedEntry, Module.name).join(Module, Module.id == FeedEntry.module_id).where(
        path_under(Module.path, module.path))
    if before:
        q = q.where(FeedEntry.id < before)
    total = db.session.scalar(select(func.count()).select_from(q.with_only_columns(FeedEntry.id).subquery()))
    order = FeedEntry.id.asc() if page.sort == "id" else FeedEntry.id.desc()
    rows = db.session.execute(q.order_by(order).limit(page.per_page).offset(page.offset)).all()
    return [present(e, name, reader) for e, name in rows], total
