"""The discussion of a module: comments and replies.

A comment with replies is not removed when deleted: it becomes a tombstone (deleted, content emptied)
so the thread stays readable; a tombstone disappears once its last reply is gone.
"""
from sqlalchemy import func, select

from .. import links
from .. import permissions as perm
from ..errors import Forbidden, Locked, NotFound
from ..extensions import db
from ..transactions import check_version
from .owned import get_owned
from ..models import Comment
from ..links import Ctx
from ..models.base import utcnow
from ..presenting import user_avatar, user_name
from . import feed
from .events import mentions, watching

DELETED_TEXT = "This comment has been deleted."


def present(c, comment):
    """A comment (c: a links.Ctx on its module); a tombstone shows no author and offers nothing."""
    gone = comment.deleted
    return {"id": comment.id, "parentId": comment.parent_id, "title": comment.title, "content": comment.content,
            "deleted": gone, "version": comment.version, "created": comment.created, "updated": comment.updated,
            "createdBy": None if gone else user_name(comment.created_by),
            "createdById": None if gone else comment.created_by_id,
            "avatar": None if gone else user_avatar(comment.created_by),
            "links": links.of("comment", Ctx(c.user, c.module, c.r, comment))}


def _one(user, module, comment):
    return present(Ctx(user, module, perm.rights(user, module)), comment)


SORTS = ("id",)


def list_for(user, module, page):
    """A page of the module's threads (top-level comments, oldest first unless sorted '-id') with every reply
    below them, flat (replies carry parentId); the total counts threads. Three queries: count, the page's
    threads, and their replies (a recursive query)."""
    top = select(Comment.id).where(Comment.module_id == module.id, Comment.parent_id.is_(None))
    total = db.session.scalar(select(func.count()).select_from(top.subquery()))
    order = Comment.id.desc() if page.descending else Comment.id
    ids = db.session.scalars(top.order_by(order).limit(page.per_page).offset(page.offset)).all()
    rows = []
    if ids:
        tree = select(Comment.id).where(Comment.id.in_(ids)).cte("thread", recursive=True)
        tree = tree.union_all(select(Comment.id).where(Comment.parent_id == tree.c.id))
        rows = db.session.scalars(select(Comment).where(Comment.id.in_(select(tree.c.id))).order_by(Comment.id)).all()
        rank = {cid: i for i, cid in enumerate(ids)}
        replies, root_of = {}, {}
        for x in rows:
            replies.setdefault(x.parent_id, []).append(x.id)
        for top in ids:  # down each thread without recursion (threads may be thousands deep), whatever the ids
            stack = [top]
            while stack:
                cid = stack.pop()
                root_of[cid] = top
                stack.extend(replies.get(cid, ()))
        rows.sort(key=lambda x: (rank[root_of[x.id]], x.id))
    c = Ctx(user, module, perm.rights(user, module))
    return [present(c, x) for x in rows], total


def get(module, comment_id):
    return get_owned(Comment, module, comment_id)


def add(user, module, data, parent=None):
    if parent is not None and parent.deleted:
        raise NotFound("Comment not found")
    mentioned = mentions.check(module, data["content"])
    c = Comment(module_id=module.id, parent_id=parent.id if parent else None, title=data.get("title") or "",
                content=data["content"], created_by_id=user.id)
    db.session.add(c)
    db.session.flush()
    mentions.store(c, mentioned)
    # Commenting makes one a watcher of the module, and so does being mentioned in it.
    watching.auto([user.id], module, "comment")
    watching.auto(mentioned, module, "mention")
    what = "replied in" if parent else "commented on"
    feed.record(user, module, "add", "comment", f"{user.name} {what} '{module.name}': {_plain(c.content)[:80]}",
                item=c.id, data={"parentId": c.parent_id, "mentions": mentioned, "excerpt": _plain(c.content)[:140],
                                 "reply": parent is not None,
                                 "replyTo": parent.created_by_id if parent else None})  # told in person
    db.session.commit()
    return _one(user, module, c)


def require_author(user, module, c):
    if perm.comment_error(user, perm.rights(user, module), module, c, "edit") is not None:
        raise Forbidden("Only the author may edit a comment")


def edit(user, module, c, data):
    require_author(user, module, c)
    check_version(c, data, lambda: _one(user, module, c))
    mentioned = mentions.check(module, data["content"])
    c.title, c.content, c.updated = data.get("title") or "", data["content"], utcnow()
    new = mentions.store(c, mentioned)
    watching.auto(new, module, "mention")
    feed.record(user, module, "edit", "comment", f"{user.name} edited a comment on '{module.name}'",
                item=c.id, data={"parentId": c.parent_id, "mentions": new, "excerpt": _plain(c.content)[:140]})
    db.session.commit()
    return _one(user, module, c)


def delete(user, module, c):
    err = perm.comment_error(user, perm.rights(user, module), module, c, "delete")
    if err is Locked:
        raise Locked("Module is locked")
    if err is not None:
        raise Forbidden("You may not delete this comment")
    has_replies = db.session.scalar(select(Comment.id).where(Comment.parent_id == c.id).limit(1)) is not None
    parent_id, comment_id = c.parent_id, c.id
    mentions.store(c, [])
    if has_replies:
        c.deleted, c.content, c.title, c.updated = True, "", "", utcnow()
    else:
        db.session.delete(c)
        db.session.flush()
        _prune(parent_id)
    feed.record(user, module, "delete", "comment", f"{user.name} deleted a comment on '{module.name}'",
                item=comment_id, data={"parentId": parent_id})
    db.session.commit()


def _plain(text):
    """A comment's text with each mention token shown as its name (feed lines, notifications, mails)."""
    return mentions.TOKEN.sub(lambda m: "@" + m.group(1), text or "")


def _prune(comment_id):
    """Remove tombstones left without replies, up the thread."""
    while comment_id:
        parent = db.session.get(Comment, comment_id)
        if parent is None or not parent.deleted:
            return
        if db.session.scalar(select(Comment.id).where(Comment.parent_id == parent.id).limit(1)) is not None:
            return
        comment_id = parent.parent_id
        db.session.delete(parent)
        db.session.flush()
