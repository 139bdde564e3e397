"""The knowledge library: nested rich-text articles of a module."""
from sqlalchemy import select

from .. import links
from .. import permissions as perm
from ..errors import Invalid
from ..extensions import db
from ..transactions import check_version
from .owned import get_owned
from ..forms.content import image_modules
from ..models import Article
from ..links import Ctx
from ..models.base import utcnow
from ..presenting import user_name
from . import feed


def present(c, a, children=None, with_content=True):
    """An article (c: a links.Ctx on its module); in the tree, without its content and with its children."""
    out = {"id": a.id, "moduleId": a.module_id, "parentId": a.parent_id, "title": a.title}
    if with_content:
        out["content"] = a.content
    out.update({"version": a.version, "created": a.created, "updated": a.updated, "createdBy": user_name(a.created_by),
                "createdById": a.created_by_id, "children": children or [],
                "links": links.of("article", Ctx(c.user, c.module, c.r, a))})
    return out


def tree(user, module):
    """Every article of the module as a tree without content (one query), each with its links."""
    rows = db.session.scalars(select(Article).where(Article.module_id == module.id)
                              .order_by(Article.created, Article.id)).all()
    c = Ctx(user, module, perm.rights(user, module))
    by_parent = {}
    for a in rows:
        by_parent.setdefault(a.parent_id, []).append(a)

    def build(a):
        return present(c, a, [build(x) for x in by_parent.get(a.id, [])], with_content=False)
    return [build(a) for a in by_parent.get(None, [])]


def get(module, article_id):
    return get_owned(Article, module, article_id)


def view(user, module, article_id):
    return present(Ctx(user, module, perm.rights(user, module)), get(module, article_id))


def _check_images(module, content):
    if any(mid != module.id for mid in image_modules(content)):
        raise Invalid("The form has errors", errors={"content": ["Images may only show files of this module's vault"]})


def create(user, module, data):
    _check_images(module, data["content"])
    parent_id = data.get("parentArticleId")
    if parent_id:
        parent = db.session.get(Article, parent_id)
        if parent is None or parent.module_id != module.id:
            raise Invalid("The form has errors", errors={"parentArticleId": ["The parent article is not in this module"]})
    a = Article(module_id=module.id, parent_id=parent_id or None, title=data["title"], content=data["content"],
                created_by_id=user.id)
    db.session.add(a)
    feed.record(user, module, "add", "article", f"Added the article '{a.title}'", item=a.id, data={"name": a.title})
    db.session.commit()
    return view(user, module, a.id)


def update(user, module, article, data):
    check_version(article, data, lambda: view(user, module, article.id))
    _check_images(module, data["content"])
    article.title, article.content, article.updated = data["title"], data["content"], utcnow()
    feed.record(user, module, "edit", "article", f"Edited the article '{article.title}'", item=article.id,
                data={"name": article.title})
    db.session.commit()
    return view(user, module, article.id)


def delete(user, module, article):
    """Delete an article and every article nested under it."""
    rows = db.session.execute(select(Article.id, Article.parent_id).where(Article.module_id == module.id)).all()
    children = {}
    for aid, pid in rows:
        children.setdefault(pid, []).append(aid)
    doomed, stack = [], [article.id]
    while stack:
        aid = stack.pop()
        doomed.append(aid)
        stack.extend(children.get(aid, []))
    title = article.title
    db.session.execute(Article.__table__.update().where(Article.id.in_(doomed)).values(parent_id=None))
    db.session.execute(Article.__table__.delete().where(Article.id.in_(doomed)))
    extra = f" and {len(doomed) - 1} nested article(s)" if len(doomed) > 1 else ""
    feed.record(user, module, "delete", "article", f"Deleted the article '{title}'{extra}", data={"name": title})
    db.session.commit()
    return len(doomed)
