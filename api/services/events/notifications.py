"""In-app notifications: who is told what about an event, and the signed-in user's list (read, read all).

Who: the users watching the event's module (not the actor), the people a comment mentions, and a task's owner
when the status or a date of their deliverable changes. Each user is told once per event, with the most
specific kind (mention, then task, then the watcher's kind); only those who may view the module when the
dispatcher delivers it (`permissions.viewers_among`).

The list is the reader's as they are now: a request made with a portal-bound API token lists, counts, reads and
clears only that portal's notifications (`_theirs`); and a notification of a module the reader may no longer view
(removed since, the module gone, or outside the token's portal) shows neither its module nor its text (the name it
had then, a comment's excerpt): 'a module you no longer have access to' (`present`)."""
from sqlalchemy import func, select, update

from ... import links
from ... import permissions as perm
from ...errors import NotFound
from ...links import Ctx
from ...extensions import db
from ...models import Module, Notification
from ...models.base import utcnow
from ...models.module import path_ids
from ...presenting import user_avatar, user_name

KINDS = ("mention", "task", "comment", "file", "activity", "webhook")
# Kinds a user may be mailed about (the profile's preferences); the others are shown in the app only.
MAIL_KINDS = {"mention": "Mentions of me", "task": "Status and dates of my tasks",
              "comment": "Comments on modules I watch", "file": "Files on modules I watch"}
TASK_FIELDS = {"status", "startDate", "deadline", "commencedDate", "completionDate"}
# What a watcher is not told about: the portal's webhook settings, and edits and deletions of comments.
QUIET = {("webhook", None), ("comment", "edit"), ("comment", "delete")}
TABS = {"comment": "comments", "file": "files", "reference": "references", "article": "knowledge",
        "metric": "metric", "report": "metric", "membership": "editors", "invitation": "editors",
        "custom_value": None, "deliverable": None}


def _watcher_kind(ev):
    if (ev.category, None) in QUIET or (ev.category, ev.operation) in QUIET:
        return None
    if ev.category == "comment":
        return "comment"
    if ev.category in ("file", "reference"):
        return "file"
    return "activity"


def recipients(ev, data, watchers):
    """{user_id: kind} before rights are checked (the actor is never told about their own change)."""
    out = {}
    kind = _watcher_kind(ev)
    if kind:
        out.update({uid: kind for uid in watchers})
    if ev.category == "deliverable" and data.get("owner") and TASK_FIELDS & set(data.get("changed") or ()):
        out[data["owner"]] = "task"
    for uid in data.get("mentions") or ():
        out[uid] = "mention"
    out.pop(ev.actor_id, None)
    return out


def text_of(kind, ev, data, module_name):
    excerpt = data.get("excerpt")
    if kind == "mention":
        return f"mentioned you in '{module_name}'" + (f": “{excerpt}”" if excerpt else "")
    if ev.category == "comment" and ev.operation == "add":
        what = "replied in" if data.get("parentId") else "commented on"
        return f"{what} '{module_name}'" + (f": “{excerpt}”" if excerpt else "")
    return ev.description


def tab_of(category):
    return TABS.get(category)


def entry_of(user, path):
    """The module a user enters the portal by, for a module at `path`: its portal, or the highest module below it
    they may view (someone who sees only a project has /portal/{project} as their portal page). No query: the
    user's memberships are read once per request."""
    from types import SimpleNamespace
    ids = path_ids(path)
    for i in range(1, len(ids)):
        if perm.rights(user, SimpleNamespace(id=ids[i], path="/" + "/".join(map(str, ids[:i + 1])) + "/")).view:
            return ids[i]
    return ids[1] if len(ids) > 1 else None


NO_ACCESS = "a module you no longer have access to"


def _unseen_text(n):
    """The text of a notification whose module the reader may no longer view: what happened, not where nor what
    was written."""
    if n.kind == "mention":
        return f"mentioned you in {NO_ACCESS}"
    if n.kind == "webhook":
        return f"A webhook of {NO_ACCESS} was switched off"
    if n.category == "comment":
        return f"commented on {NO_ACCESS}"
    return f"made a change in {NO_ACCESS}"


def present(n, module, user):
    """A notification as `user` may see it now: `module` its module row (None when it is gone); `portalId` is where
    the user enters the portal (their page of it). A module they may not view now (rights of this request: no
    query, the memberships are read once) shows neither itself nor the text written when they could."""
    seen = module is not None and perm.rights(user, module).view
    return {"id": n.id, "kind": n.kind, "created": n.created, "read": n.read is not None, "readAt": n.read,
            "text": n.text if seen else _unseen_text(n), "category": n.category, "itemId": n.item_id,
            "actor": {"id": n.actor_id, "name": user_name(n.actor), "avatar": user_avatar(n.actor)}
            if n.actor_id else None,
            "module": {"id": module.id, "name": module.name, "platform": module.platform,
                       "portalId": entry_of(user, module.path), "tab": tab_of(n.category)} if seen else None,
            "links": links.of("notification", Ctx(None, None, None, n))}


SORTS = ("id",)


def _theirs(user):
    """The notifications the request may reach: the user's own; with a portal-bound API token, only those of that
    portal (permissions.token_portal)."""
    out = [Notification.user_id == user.id]
    bound = perm.token_portal(user)
    if bound is not None:
        out.append(Notification.portal_id == bound)
    return out


def list_for(user, page, unread=None, kinds=None):
    """A page of the user's notifications, unread first and newest first; the count of unread ones. Three
    queries (the page, its total, the unread count), and the user's memberships (read once a request) for what
    they may view now."""
    q = select(Notification, Module).outerjoin(Module, Module.id == Notification.module_id).where(*_theirs(user))
    if unread:
        q = q.where(Notification.read.is_(None))
    if kinds:
        q = q.where(Notification.kind.in_(kinds))
    total = db.session.scalar(select(func.count()).select_from(q.with_only_columns(Notification.id).subquery()))
    order = [Notification.id.asc()] if page.sort == "id" else [Notification.read.is_not(None), Notification.id.desc()]
    rows = db.session.execute(q.order_by(*order).limit(page.per_page).offset(page.offset)).all()
    return [present(n, m, user) for n, m in rows], total, unread_count(user)


def unread_count(user):
    return db.session.scalar(select(func.count(Notification.id)).where(*_theirs(user), Notification.read.is_(None)))


def mark_read(user, notification_id):
    n = db.session.scalar(select(Notification).where(Notification.id == notification_id, *_theirs(user)))
    if n is None:
        raise NotFound("Notification not found")
    if n.read is None:
        n.read = utcnow()
    db.session.commit()
    module = db.session.get(Module, n.module_id) if n.module_id else None
    return present(n, module, user)


def mark_all_read(user):
    n = db.session.execute(update(Notification).where(*_theirs(user), Notification.read.is_(None))
                           .values(read=utcnow())).rowcount
    db.session.commit()
    return n
