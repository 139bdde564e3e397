"""The knowledge library: nested rich-text articles of a module."""
from sqlalchemy import select

from .. import permissions as perm
from ..errors import Invalid, NotFound
from ..extensions import db
from ..models import Article
from ..models.base import utcnow
from . import feed


def _links(module, article, r):
    links = {"view": perm.link("article.view", f"/api/article/view/{module.id}/{article.id}", "View", "view")}
    if perm.MODULE_ACTIONS["content"](r, module) is None:
        links["edit"] = perm.link("article.edit", f"/api/article/edit/{module.id}/{article.id}", "Edit", "edit", "POST")
        links["add_child"] = perm.link("article.add", f"/api/article/add/{module.id}", "Add Knowledge", "edit", "POST")
    if perm.MODULE_ACTIONS["remove"](r, module) is None:
        links["delete"] = perm.link("article.delete", f"/api/article/delete/{module.id}/{article.id}",
                                    "Delete", "delete", "DELETE")
    return links


def tree(user, module):
    """Every article of the module as a tree (one query), each with its links."""
    rows = db.session.scalars(select(Article).where(Article.module_id == module.id)
                              .order_by(Article.created, Article.id)).all()
    r = perm.rights(user, module)
    by_parent = {}
    for a in rows:
        a._links = _links(module, a, r)
        by_parent.setdefault(a.parent_id, []).append(a)
    for a in rows:
        a._children = by_parent.get(a.id, [])
    return by_parent.get(None, [])


def get(user, module, article_id):
    a = db.session.get(Article, article_id)
    if a is None or a.module_id != module.id:
        raise NotFound("Article not found")
    a._links = _links(module, a, perm.rights(user, module))
    a._children = []
    return a


def create(user, module, data):
    parent_id = data.get("parentArticleId")
    if parent_id:
        parent = db.session.get(Article, parent_id)
        if parent is None or parent.module_id != module.id:
            raise Invalid("The form has errors", errors={"parentArticleId": ["The parent article is not in this module"]})
    a = Article(module_id=module.id, parent_id=parent_id or None, title=data["title"], content=data["content"],
                created_by_id=user.id)
    db.session.add(a)
    feed.record(user, module, "add", "article", f"Added the article '{a.title}'")
    db.session.commit()
    return get(user, module, a.id)


def update(user, module, article, data):
    article.title, article.content, article.updated = data["title"], data["content"], utcnow()
    feed.record(user, module, "edit", "article", f"Edited the article '{article.title}'")
    db.session.commit()
    return get(user, module, article.id)


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
    feed.record(user, module, "delete", "article", f"Deleted the article '{title}'{extra}")
    db.session.commit()
    return len(doomed)
