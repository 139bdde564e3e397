"""@mentions: a comment's text carries `@[Name](user:ID)` for each person mentioned (the webapp shows it as a chip,
as text); the comment_mention rows are the references. A person who may not view the module cannot be
mentioned: the comment is refused (422 on its content) rather than the mention dropped."""
import re

from sqlalchemy import delete, func, or_, select

from ... import permissions as perm
from ...errors import Invalid
from ...extensions import db
from ...i18n import _, ngettext
from ...models import CommentMention, Membership, User
from ...models.module import path_ids
from ...presenting import avatar_url

TOKEN = re.compile(r"@\[([^\[\]\r\n]{1,120})\]\(user:(\d{1,10})\)")
MAX_MENTIONS = 20


def parse(text):
    """[(user_id, name)] in the order first mentioned, each once."""
    seen, out = set(), []
    for m in TOKEN.finditer(text or ""):
        uid = int(m.group(2))
        if uid not in seen:
            seen.add(uid)
            out.append((uid, m.group(1)))
    return out


def check(module, text):
    """The ids mentioned in `text`, each someone who may view `module` now; 422 on `content` otherwise."""
    found = parse(text)
    if not found:
        return []
    if len(found) > MAX_MENTIONS:
        raise Invalid(_("The form has errors"), errors={"content": [
            ngettext("At most %(num)d person per comment", "At most %(num)d people per comment", MAX_MENTIONS)]})
    ids = [uid for uid, _ in found]
    may = perm.viewers_among(ids, module)
    refused = [name for uid, name in found if uid not in may]
    if refused:
        who = ", ".join(refused)
        raise Invalid(_("The form has errors"), errors={"content": [
            ngettext("%(who)s may not see this module and cannot be mentioned here",
                     "%(who)s may not see this module and cannot be mentioned here", len(refused), who=who)]})
    return ids


def store(comment, ids):
    """The comment's mention rows become `ids`; returns the ids newly mentioned."""
    before = set(db.session.scalars(select(CommentMention.user_id).where(CommentMention.comment_id == comment.id)))
    gone = before - set(ids)
    if gone:
        db.session.execute(delete(CommentMention).where(CommentMention.comment_id == comment.id,
                                                        CommentMention.user_id.in_(gone)))
    new = [uid for uid in ids if uid not in before]
    db.session.add_all(CommentMention(comment_id=comment.id, module_id=comment.module_id, user_id=uid) for uid in new)
    return new


def mentionable(module, q="", limit=20):
    """People who may view the module through a membership on it or above it (active accounts), by name: the
    @ menu's options. One query."""
    query = (select(User.id, User.name, User.avatar).join(Membership, Membership.user_id == User.id)
             .where(Membership.module_id.in_(path_ids(module.path)), or_(Membership.allow_view, Membership.admin),
                    User.is_active)
             .distinct().order_by(User.name, User.id).limit(limit))
    q = (q or "").strip().lower()
    if q:
        query = query.where(func.lower(User.name).contains(q, autoescape=True))
    return [{"id": uid, "name": name, "avatar": avatar_url(uid, avatar)}
            for uid, name, avatar in db.session.execute(query).all()]
