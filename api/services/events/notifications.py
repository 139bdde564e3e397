"""In-app notifications: who is told what about an event, and the signed-in user's list (read, read all).

Who: the users watching the event's module (not the actor), the people a comment mentions, the author of the
comment a reply answers, and a task's owner when the status or a date of their deliverable changes. Each user is
told once per event, with the most specific kind (mention, reply, task, then the watcher's kind); only those who
may view the module when the dispatcher delivers it (`permissions.viewers_among`), and only of the kinds they
have not switched off (the preferences form, `mailing.DEFAULTS`: files, locks and unlocks are off until asked for).

Quiet: the watchers' kinds (comment, file, lock, activity) of one module group. A change finds the reader's
unread notification of the same module and kind whose last change is less than NOTIFICATION_GROUP_MINUTES old
and whose mail has not left, and joins it (`deliver`): one notification, 'Ana and 2 others made 4 changes in
Phase 1', rather than one per upload. A mention, a reply, a task's news and a webhook notice stay their own.

The list is the reader's as they are now: a request made with a portal-bound API token lists, counts, reads and
clears only that portal's notifications (`_theirs`); and a notification of a module the reader may no longer view
(removed since, the module gone, or outside the token's portal) shows neither its module nor its text (the name it
had then, a comment's excerpt): 'a module you no longer have access to' (`present`)."""
from datetime import timedelta

from flask import current_app
from sqlalchemy import func, select, update

from ... import links
from ... import permissions as perm
from ...errors import NotFound
from ...links import Ctx
from ...extensions import db
from ...i18n import N_, _, force_locale, ngettext, translate
from ...models import Module, Notification
from ...models.base import utcnow
from ...models.module import path_ids
from ...presenting import user_avatar, user_name
from .. import sentences

KINDS = ("mention", "reply", "task", "comment", "file", "lock", "activity", "webhook")
# The kinds each user chooses for (the profile's form: in the app and how by e-mail, or not at all), with their
# labels; a webhook notice goes to a portal's admins whatever they chose.
CHOSEN = {"mention": N_("Mentions of me"), "reply": N_("Replies to my comments"),
          "task": N_("Status and dates of my tasks"), "comment": N_("Comments on modules I watch"),
          "activity": N_("Other changes to modules I watch"), "file": N_("Files on modules I watch"),
          "lock": N_("Locks and unlocks on modules I watch")}
# What a watcher is told about: several of one module within minutes make one notification. The others speak to
# the reader in person and stay one each.
GROUPED = ("comment", "file", "lock", "activity")
TASK_FIELDS = {"status", "startDate", "deadline", "commencedDate", "completionDate"}
# What a watcher is not told about: the portal's webhook settings, and edits and deletions of comments.
QUIET = {("webhook", None), ("comment", "edit"), ("comment", "delete")}
TABS = {"comment": "comments", "file": "files", "reference": "references", "article": "knowledge",
        "metric": "metric", "report": "metric", "membership": "editors", "invitation": "editors",
        "custom_value": None, "deliverable": None}
# At most this many people of a group are told apart ('Ana and 29 others': `Notification.actors` holds their ids);
# more in a few minutes on one module is not expected.
GROUP_ACTORS = 30


def _watcher_kind(ev):
    if (ev.category, None) in QUIET or (ev.category, ev.operation) in QUIET:
        return None
    if ev.operation in ("lock", "unlock"):  # of a module, a file or a reference
        return "lock"
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
    if ev.category == "comment" and ev.operation == "add" and data.get("replyTo"):
        out[data["replyTo"]] = "reply"
    for uid in data.get("mentions") or ():
        out[uid] = "mention"
    out.pop(ev.actor_id, None)
    return out


def text_of(kind, ev, data, module_name):
    """What a notification says after its actor's name, in the current locale (`deliver`: the recipient's)."""
    excerpt = data.get("excerpt")
    if kind == "mention":
        return _("mentioned you in '%(module)s': “%(excerpt)s”", module=module_name, excerpt=excerpt) if excerpt \
            else _("mentioned you in '%(module)s'", module=module_name)
    if kind == "reply":
        return _("replied to your comment in '%(module)s': “%(excerpt)s”", module=module_name, excerpt=excerpt) \
            if excerpt else _("replied to your comment in '%(module)s'", module=module_name)
    if ev.category == "comment" and ev.operation == "add":
        if data.get("parentId"):
            return _("replied in '%(module)s': “%(excerpt)s”", module=module_name, excerpt=excerpt) if excerpt \
                else _("replied in '%(module)s'", module=module_name)
        return _("commented on '%(module)s': “%(excerpt)s”", module=module_name, excerpt=excerpt) if excerpt \
            else _("commented on '%(module)s'", module=module_name)
    return sentences.say(data.get(sentences.KEY), ev.description)


# --- delivering and grouping --------------------------------------------------------------------------------

def deliver(ev, data, module, told, modes, actor, languages=None):
    """Write what `ev` tells each of `told` ({user_id: kind}, those who may view `module` now), as `modes` says
    ({user_id: {kind: mode}}: 'off' tells nothing). A watcher's kind joins the reader's open group of the module
    (`_open_groups`); anything else is a new row. -> (new rows, rows joined). Each text is written in its reader's
    language (`languages`: {user_id: code}, mailing.languages_of): the app shows it and the mails carry it."""
    told = {uid: kind for uid, kind in told.items() if modes[uid].get(kind) != "off"}
    languages = languages or {}
    groups = _open_groups(told, module.id, ev.created)
    new, joined = [], []
    for uid, kind in told.items():
        with force_locale(languages.get(uid) or "en"):
            group = groups.get((uid, kind))
            if group is not None:
                _join(group, ev, actor, module.name)
                joined.append(group)
                continue
            mode = modes[uid].get(kind, "never")  # kinds nobody chooses (webhook notices): in the app only
            n = Notification(user_id=uid, event_id=ev.id, kind=kind, actor_id=ev.actor_id, module_id=module.id,
                             portal_id=ev.portal_id, category=ev.category, item_id=ev.item_id, created=ev.created,
                             text=text_of(kind, ev, data, module.name)[:500], changes=1,
                             mail={"immediate": "immediate", "digest": "digest"}.get(mode, "none"))
        db.session.add(n)
        new.append(n)
    return new, joined


def _open_groups(told, module_id, when):
    """{(user_id, kind): notification} a change of `when` joins: per reader and watcher's kind, the newest unread
    one of the module whose last change is within the window and whose mail has not left (a mail sent or skipped
    is not changed behind it: the next change starts a new one, mailed in its turn). One query. On PostgreSQL the
    rows are locked, so one read meanwhile (read/{id}, read-all) is seen and not joined."""
    minutes = current_app.config["NOTIFICATION_GROUP_MINUTES"]
    users = [uid for uid, kind in told.items() if kind in GROUPED]
    if not users or minutes <= 0:
        return {}
    q = select(Notification).where(
        Notification.user_id.in_(users), Notification.module_id == module_id, Notification.kind.in_(GROUPED),
        Notification.read.is_(None), Notification.mail.in_(("none", "immediate", "digest")),
        Notification.created >= when - timedelta(minutes=minutes)).order_by(Notification.id)
    if db.session.get_bind().dialect.name != "sqlite":
        q = q.with_for_update(of=Notification)
    return {(n.user_id, n.kind): n for n in db.session.scalars(q)}  # ordered by id: the newest wins


def people_of(n):
    """The ids of the people whose changes the notification stands for, the latest first."""
    if n.actors:
        return [int(a) for a in n.actors.split(",")]
    return [n.actor_id] if n.actor_id else []


def others_of(n):
    """How many people besides the latest ('Ana and 2 others')."""
    return max(len(people_of(n)) - 1, 0)


def _join(n, ev, actor, module_name):
    """One more change in the group `n` (a notification of one change becomes a group): the count, the people
    (the latest first), and the latest change's actor, event, item, category, time and what it says."""
    people = ([ev.actor_id] if ev.actor_id else []) + [a for a in people_of(n) if a != ev.actor_id]
    n.changes += 1
    n.actors = ",".join(map(str, people[:GROUP_ACTORS]))
    n.actor_id, n.actor, n.event_id, n.item_id, n.category = ev.actor_id, actor, ev.id, ev.item_id, ev.category
    n.created = max(n.created, ev.created)
    n.text = _group_text(n, _("'%(name)s'", name=module_name))[:500]


def _done(kind, count, others, where):
    """What a group did, in the current locale: one person ('made 4 changes in ...') or several ('and 2 others
    made 4 changes in ...'), each form a sentence of its own (the verb agrees with them)."""
    if not others:
        if kind == "comment":
            return ngettext("commented %(num)d time on %(where)s", "commented %(num)d times on %(where)s", count,
                            where=where)
        if kind == "file":
            return ngettext("made %(num)d change to files in %(where)s", "made %(num)d changes to files in %(where)s",
                            count, where=where)
        if kind == "lock":
            return ngettext("locked or unlocked items %(num)d time in %(where)s",
                            "locked or unlocked items %(num)d times in %(where)s", count, where=where)
        return ngettext("made %(num)d change in %(where)s", "made %(num)d changes in %(where)s", count, where=where)
    if kind == "comment":
        return ngettext("and %(num)d other commented %(count)d times on %(where)s",
                        "and %(num)d others commented %(count)d times on %(where)s", others, count=count, where=where)
    if kind == "file":
        return ngettext("and %(num)d other made %(count)d changes to files in %(where)s",
                        "and %(num)d others made %(count)d changes to files in %(where)s", others, count=count,
                        where=where)
    if kind == "lock":
        return ngettext("and %(num)d other locked or unlocked items %(count)d times in %(where)s",
                        "and %(num)d others locked or unlocked items %(count)d times in %(where)s", others,
                        count=count, where=where)
    return ngettext("and %(num)d other made %(count)d changes in %(where)s",
                    "and %(num)d others made %(count)d changes in %(where)s", others, count=count, where=where)


def _group_text(n, where):
    """'and 2 others made 4 changes in ...' (after the latest person's name, as every notification's text)."""
    return _done(n.kind if n.kind in ("comment", "file", "lock") else "activity", n.changes, others_of(n), where)


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


NO_ACCESS = N_("a module you no longer have access to")


def _unseen_text(n):
    """The text of a notification whose module the reader may no longer view: what happened, not where nor what
    was written (in the request's language: it is made as it is read)."""
    if n.kind == "mention":
        return _("mentioned you in a module you no longer have access to")
    if n.kind == "webhook":
        return _("A webhook of a module you no longer have access to was switched off")
    if n.changes > 1:
        return _group_text(n, translate(NO_ACCESS))
    if n.category == "comment":
        return _("commented on a module you no longer have access to")
    return _("made a change in a module you no longer have access to")


def present(n, module, user):
    """A notification as `user` may see it now: `module` its module row (None when it is gone); `portalId` is where
    the user enters the portal (their page of it). A module they may not view now (rights of this request: no
    query, the memberships are read once) shows neither itself nor the text written when they could. A group says
    how many changes it stands for (`count`) and how many people besides `actor`, the latest (`others`)."""
    seen = module is not None and perm.rights(user, module).view
    return {"id": n.id, "kind": n.kind, "created": n.created, "read": n.read is not None, "readAt": n.read,
            "text": n.text if seen else _unseen_text(n), "category": n.category, "itemId": n.item_id,
            "count": n.changes, "others": others_of(n),
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
    """A page of the user's notifications, unread first and newest first (by their last change: a group a change
    joined comes up again); the count of unread ones. Three
    queries (the page, its total, the unread count), and the user's memberships (read once a request) for what
    they may view now."""
    q = select(Notification, Module).outerjoin(Module, Module.id == Notification.module_id).where(*_theirs(user))
    if unread:
        q = q.where(Notification.read.is_(None))
    if kinds:
        q = q.where(Notification.kind.in_(kinds))
    total = db.session.scalar(select(func.count()).select_from(q.with_only_columns(Notification.id).subquery()))
    order = [Notification.id.asc()] if page.sort == "id" else [Notification.read.is_not(None),
                                                               Notification.created.desc(), Notification.id.desc()]
    rows = db.session.execute(q.order_by(*order).limit(page.per_page).offset(page.offset)).all()
    return [present(n, m, user) for n, m in rows], total, unread_count(user)


def unread_count(user):
    return db.session.scalar(select(func.count(Notification.id)).where(*_theirs(user), Notification.read.is_(None)))


def mark_read(user, notification_id):
    n = db.session.scalar(select(Notification).where(Notification.id == notification_id, *_theirs(user)))
    if n is None:
        raise NotFound(_("Notification not found"))
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
