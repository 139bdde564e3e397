"""The discussion of a module: comments and replies.

A comment with replies is not removed when deleted: it becomes a tombstone (deleted, content emptied)
so the thread stays readable; a tombstone disappears once its last reply is gone.
"""
from sqlalchemy import func, select

from .. import links
from .. import permissions as perm
from ..errors import Forbidden, Invalid, Locked, NotFound
from ..extensions import db
from ..i18n import N_, _
from ..transactions import check_version
from .owned import get_owned
from ..models import Comment, CommentAttachment, VaultFile
from ..links import Ctx
from ..models.base import utcnow
from ..presenting import user_avatar, user_name
from . import feed
from .sentences import said
from .events import mentions, watching

DELETED_TEXT = "This comment has been deleted."


def present_attachment(c, f):
    """A file a comment carries: it is a file of the module's vault (`inVault`), downloaded through the vault."""
    return {"id": f.id, "name": f.filename, "title": f.title, "size": f.filesize, "contentType": f.mime,
            "locked": f.locked, "inVault": True,
            "links": links.of("file", Ctx(c.user, c.module, c.r, f), ("download",))}


def present(c, comment, files=()):
    """A comment (c: a links.Ctx on its module) with the vault files it carries; a tombstone shows no author and
    offers nothing."""
    gone = comment.deleted
    return {"id": comment.id, "parentId": comment.parent_id, "title": comment.title, "content": comment.content,
            "deleted": gone, "version": comment.version, "created": comment.created, "updated": comment.updated,
            "createdBy": None if gone else user_name(comment.created_by),
            "createdById": None if gone else comment.created_by_id,
            "avatar": None if gone else user_avatar(comment.created_by),
            "attachments": [] if gone else [present_attachment(c, f) for f in files],
            "links": links.of("comment", Ctx(c.user, c.module, c.r, comment))}


def _attachments_of(comment_ids):
    """comment id -> the vault files it carries, in file id order (one query; `comment_ids`: ids or a select)."""
    out = {}
    rows = db.session.execute(select(CommentAttachment.comment_id, VaultFile)
                              .join(VaultFile, VaultFile.id == CommentAttachment.file_id)
                              .where(CommentAttachment.comment_id.in_(comment_ids)).order_by(VaultFile.id))
    for cid, f in rows:
        out.setdefault(cid, []).append(f)
    return out


def _one(user, module, comment):
    files = _attachments_of([comment.id]).get(comment.id, [])
    return present(Ctx(user, module, perm.rights(user, module)), comment, files)


SORTS = ("id",)


def list_for(user, module, page):
    """A page of the module's threads (top-level comments, oldest first unless sorted '-id') with every reply
    below them, flat (replies carry parentId), each with the vault files it carries; the total counts threads.
    Four queries: count, the page's threads, their replies (a recursive query), and their attachments."""
    top = select(Comment.id).where(Comment.module_id == module.id, Comment.parent_id.is_(None))
    total = db.session.scalar(select(func.count()).select_from(top.subquery()))
    order = Comment.id.desc() if page.descending else Comment.id
    ids = db.session.scalars(top.order_by(order).limit(page.per_page).offset(page.offset)).all()
    rows, files = [], {}
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
        files = _attachments_of(select(tree.c.id))
    c = Ctx(user, module, perm.rights(user, module))
    return [present(c, x, files.get(x.id, ())) for x in rows], total


def get(module, comment_id):
    return get_owned(Comment, module, comment_id)


def add(user, module, data, parent=None):
    if parent is not None and parent.deleted:
        raise NotFound(_("Comment not found"))
    mentioned = mentions.check(module, data["content"])
    files = _attachable(user, module, data.get("attachments") or [])
    c = Comment(module_id=module.id, parent_id=parent.id if parent else None, title=data.get("title") or "",
                content=data["content"], created_by_id=user.id)
    db.session.add(c)
    db.session.flush()
    mentions.store(c, mentioned)
    db.session.add_all([CommentAttachment(comment_id=c.id, file_id=f.id) for f in files])
    # Commenting makes one a watcher of the module, and so does being mentioned in it.
    watching.auto([user.id], module, "comment")
    watching.auto(mentioned, module, "mention")
    excerpt = _plain(c.content)[:80]
    feed.record(user, module, "add", "comment",
                said(N_("%(name)s replied in '%(module)s': %(excerpt)s"), name=user.name, module=module.name,
                     excerpt=excerpt) if parent else
                said(N_("%(name)s commented on '%(module)s': %(excerpt)s"), name=user.name, module=module.name,
                     excerpt=excerpt),
                item=c.id, data={"parentId": c.parent_id, "mentions": mentioned, "excerpt": _plain(c.content)[:140],
                                 "reply": parent is not None, "attachments": [f.id for f in files],
                                 "replyTo": parent.created_by_id if parent else None})  # told in person
    db.session.commit()
    return _one(user, module, c)


def _attachable(user, module, ids):
    """The vault files `ids` of the module, for a new comment to carry. Attaching needs the right to upload there
    (a viewer, or anyone on a locked module, is refused as the upload would be); an id that is no file of this
    module is told on the field, in the same words whether it exists elsewhere or not at all."""
    if not ids:
        return []
    err = perm.MODULE_ACTIONS["content"](perm.rights(user, module), module)
    if err is Locked:
        raise Locked(_("Module is locked: nothing can be uploaded or attached"))
    if err is not None:
        raise Forbidden(_("Only those who may upload files to this module may attach them"))
    found = {f.id: f for f in db.session.scalars(select(VaultFile).where(VaultFile.module_id == module.id,
                                                                         VaultFile.id.in_(ids)))}
    missing = [i for i in ids if i not in found]
    if missing:
        raise Invalid(_("The form has errors"), errors={"attachments": [
            _("Not a file of this module's vault: %(ids)s", ids=", ".join(map(str, missing)))]})
    return [found[i] for i in ids]


def require_author(user, module, c):
    if perm.comment_error(user, perm.rights(user, module), module, c, "edit") is not None:
        raise Forbidden(_("Only the author may edit a comment"))


def edit(user, module, c, data):
    require_author(user, module, c)
    check_version(c, data, lambda: _one(user, module, c))
    mentioned = mentions.check(module, data["content"])
    c.title, c.content, c.updated = data.get("title") or "", data["content"], utcnow()
    new = mentions.store(c, mentioned)
    watching.auto(new, module, "mention")
    feed.record(user, module, "edit", "comment",
                said(N_("%(name)s edited a comment on '%(module)s'"), name=user.name, module=module.name),
                item=c.id, data={"parentId": c.parent_id, "mentions": new, "excerpt": _plain(c.content)[:140]})
    db.session.commit()
    return _one(user, module, c)


def delete(user, module, c):
    err = perm.comment_error(user, perm.rights(user, module), module, c, "delete")
    if err is Locked:
        raise Locked(_("Module is locked"))
    if err is not None:
        raise Forbidden(_("You may not delete this comment"))
    has_replies = db.session.scalar(select(Comment.id).where(Comment.parent_id == c.id).limit(1)) is not None
    parent_id, comment_id = c.parent_id, c.id
    mentions.store(c, [])
    if has_replies:  # a tombstone carries nothing; the files stay in the vault
        db.session.execute(CommentAttachment.__table__.delete().where(CommentAttachment.comment_id == c.id))
        c.deleted, c.content, c.title, c.updated = True, "", "", utcnow()
    else:
        db.session.delete(c)
        db.session.flush()
        _prune(parent_id)
    feed.record(user, module, "delete", "comment",
                said(N_("%(name)s deleted a comment on '%(module)s'"), name=user.name, module=module.name),
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
