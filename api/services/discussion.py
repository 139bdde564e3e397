"""The discussion of a module: comments and replies.

A comment with replies is not removed when deleted: it becomes a tombstone (deleted, content emptied)
so the thread stays readable; a tombstone disappears once its last reply is gone.
"""
from sqlalchemy import select

from .. import permissions as perm
from ..errors import Forbidden, Locked, NotFound
from ..extensions import db
from ..models import Comment
from ..models.base import utcnow
from . import feed

DELETED_TEXT = "This comment has been deleted."


def _links(user, module, c, r):
    links = {}
    if c.deleted:
        return links
    if c.created_by_id == user.id and r.view:
        links["edit"] = perm.link("comment.edit", f"/api/comment/edit/{module.id}/{c.id}", "Edit", "view", "POST")
    if _may_delete(user, module, c, r) is None:
        links["delete"] = perm.link("comment.delete", f"/api/comment/delete/{module.id}/{c.id}", "Delete",
                                    "delete", "DELETE")
    if r.view:
        links["reply"] = perm.link("comment.reply", f"/api/comment/reply/{module.id}/{c.id}", "Reply", "view", "POST")
    return links


def _may_delete(user, module, c, r):
    """The author deletes their own comment; whoever may delete on the module deletes any; a lock blocks both."""
    if module.locked:
        return Locked
    if c.created_by_id == user.id or r.delete:
        return None
    return Forbidden


def _present(user, module, comments):
    r = perm.rights(user, module)
    for c in comments:
        c._links = _links(user, module, c, r)
    return comments


def list_for(user, module):
    rows = db.session.scalars(select(Comment).where(Comment.module_id == module.id).order_by(Comment.id)).all()
    return _present(user, module, rows)


def get(module, comment_id):
    c = db.session.get(Comment, comment_id)
    if c is None or c.module_id != module.id:
        raise NotFound("Comment not found")
    return c


def add(user, module, data, parent=None):
    if parent is not None and parent.deleted:
        raise NotFound("Comment not found")
    c = Comment(module_id=module.id, parent_id=parent.id if parent else None, title=data.get("title") or "",
                content=data["content"], created_by_id=user.id)
    db.session.add(c)
    what = "replied in" if parent else "commented on"
    feed.record(user, module, "add", "comment", f"{user.name} {what} '{module.name}': {c.content[:80]}")
    db.session.commit()
    return _present(user, module, [c])[0]


def require_author(user, c):
    if c.deleted or c.created_by_id != user.id:
        raise Forbidden("Only the author may edit a comment")


def edit(user, module, c, data):
    require_author(user, c)
    c.title, c.content, c.updated = data.get("title") or "", data["content"], utcnow()
    feed.record(user, module, "edit", "comment", f"{user.name} edited a comment on '{module.name}'")
    db.session.commit()
    return _present(user, module, [c])[0]


def delete(user, module, c):
    err = _may_delete(user, module, c, perm.rights(user, module))
    if err is Locked:
        raise Locked("Module is locked")
    if err is not None or c.deleted:
        raise Forbidden("You may not delete this comment")
    has_replies = db.session.scalar(select(Comment.id).where(Comment.parent_id == c.id).limit(1)) is not None
    parent_id = c.parent_id
    if has_replies:
        c.deleted, c.content, c.title, c.updated = True, "", "", utcnow()
    else:
        db.session.delete(c)
        db.session.flush()
        _prune(parent_id)
    feed.record(user, module, "delete", "comment", f"{user.name} deleted a comment on '{module.name}'")
    db.session.commit()


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
