"""The knowledge library: nested rich-text articles of a module."""
from sqlalchemy import select

from .. import links
from .. import permissions as perm
from ..errors import Invalid
from ..extensions import db
from ..i18n import N_, _
from ..transactions import check_version, lock_row
from .owned import get_owned
from ..forms.content import image_modules
from ..models import Article, Module
from ..links import Ctx
from ..models.base import utcnow
from ..presenting import user_name
from . import feed, sentences
from .sentences import said


# How deep an editor may nest articles (a top-level article is level 1). Far more than a library needs, and the
# tree's answer stays well inside what a JSON encoder nests (orjson stops at 255 levels).
MAX_DEPTH = 20


def present(c, a, children=None, with_content=True, level=None):
    """An article (c: a links.Ctx on its module); in the tree, without its content and with its children. `level`
    (1 at the top) decides whether it offers `add_child`."""
    out = {"id": a.id, "moduleId": a.module_id, "parentId": a.parent_id, "title": a.title}
    if with_content:
        out["content"] = a.content
    nests = level is None or level < MAX_DEPTH
    out.update({"version": a.version, "created": a.created, "updated": a.updated, "createdBy": user_name(a.created_by),
                "createdById": a.created_by_id, "children": children or [],
                "links": links.of("article", Ctx(c.user, c.module, c.r, a, nests=nests))})
    return out


def in_tree_order(rows):
    """[(row, level, parent id)] of articles (anything with `id` and `parent_id`), each followed by those nested in
    it, without recursion (legacy trees can be thousands deep). An article whose parent is not among the rows, or
    that sits on a cycle, is taken as a top-level one (parent None): none is lost and none is met twice."""
    ids = {a.id for a in rows}
    nested = {}
    for a in rows:
        nested.setdefault(a.parent_id if a.parent_id in ids else None, []).append(a)
    out, seen = [], set()

    def walk(top):
        stack = [(top, 1, None)]
        while stack:
            a, level, parent = stack.pop()
            if a.id in seen:
                continue
            seen.add(a.id)
            out.append((a, level, parent))
            stack.extend((x, level + 1, a.id) for x in reversed(nested.get(a.id, ())))
    for a in nested.get(None, ()):
        walk(a)
    for a in rows:  # only articles on a cycle are left
        if a.id not in seen:
            walk(a)
    return out


def tree(user, module):
    """Every article of the module as a tree without content (one query), each with its links. Nesting stops at
    MAX_DEPTH: an article deeper than that (legacy data) is listed among the children of its ancestor at that
    level, in tree order, keeping its own parentId, so every article is shown and the answer nests no deeper."""
    rows = db.session.scalars(select(Article).where(Article.module_id == module.id)
                              .order_by(Article.created, Article.id)).all()
    c = Ctx(user, module, perm.rights(user, module))
    top, holder = [], {}
    for a, level, parent in in_tree_order(rows):
        item = present(c, a, with_content=False, level=level)
        (top if parent is None else holder[parent]).append(item)
        holder[a.id] = item["children"] if level <= MAX_DEPTH else holder[parent]
    return top


def _order_of(module):
    """The module's articles (id, parent_id) in tree order, with their levels: one query."""
    return in_tree_order(db.session.execute(select(Article.id, Article.parent_id)
                                            .where(Article.module_id == module.id)).all())


def _subtree(order, article_id):
    """(ids, level, deepest level) of an article and the articles nested in it, from a tree order."""
    start = next(i for i, (a, _, _) in enumerate(order) if a.id == article_id)
    level = deepest = order[start][1]
    ids = [article_id]
    for a, lv, _ in order[start + 1:]:
        if lv <= level:
            break
        ids.append(a.id)
        deepest = max(deepest, lv)
    return ids, level, deepest


def _parent_error(message):
    return Invalid(_("The form has errors"), errors={"parentArticleId": [message]})


def _parent_level(order, parent_id):
    """The level of the chosen parent article; 422 on parentArticleId if it is not one of the module's."""
    level = next((lv for a, lv, _ in order if a.id == parent_id), None)
    if level is None:
        raise _parent_error(_("The parent article is not in this module"))
    return level


def get(module, article_id):
    return get_owned(Article, module, article_id)


def view(user, module, article_id):
    """The article with its content and, as `children`, the articles right under it (id and title, in tree order)
    for its 'Child articles' list: read in the query that finds its level, so a view costs no more."""
    a = get(module, article_id)
    order = in_tree_order(db.session.execute(select(Article.id, Article.parent_id, Article.title)
                                             .where(Article.module_id == module.id)
                                             .order_by(Article.created, Article.id)).all())
    level = next((lv for x, lv, _ in order if x.id == a.id), None)  # None: deleted meanwhile
    children = [{"id": x.id, "moduleId": module.id, "parentId": a.id, "title": x.title}
                for x, _, parent in order if parent == a.id]
    return present(Ctx(user, module, perm.rights(user, module)), a, children=children, level=level)


def _check_images(module, content):
    if any(mid != module.id for mid in image_modules(content)):
        raise Invalid(_("The form has errors"), errors={"content": [
            _("Images may only show files of this module's vault")]})


def create(user, module, data):
    _check_images(module, data["content"])
    parent_id = data.get("parentArticleId")
    if parent_id:
        lock_row(Module, module.id)  # creates and moves in one library take turns: the levels read stay true
        level = _parent_level(_order_of(module), parent_id)
        if level >= MAX_DEPTH:
            raise _parent_error(_("Articles nest at most %(max)s levels deep and this parent article is at level "
                                  "%(level)s: choose one higher up", max=MAX_DEPTH, level=level))
    a = Article(module_id=module.id, parent_id=parent_id or None, title=data["title"], content=data["content"],
                created_by_id=user.id)
    db.session.add(a)
    feed.record(user, module, "add", "article", said(N_("Added the article '%(title)s'"), title=a.title), item=a.id,
                data={"name": a.title})
    db.session.commit()
    return view(user, module, a.id)


def _check_move(module, article, parent_id):
    """Moving the article (and what is nested in it) under `parent_id` (None: the top level) keeps a tree no deeper
    than MAX_DEPTH, else 422 on parentArticleId. A legacy subtree already deeper may still move up."""
    lock_row(Module, module.id)
    order = _order_of(module)
    new_level = 1 if parent_id is None else _parent_level(order, parent_id) + 1
    ids, level, deepest = _subtree(order, article.id)
    if parent_id in ids:
        raise _parent_error(_("An article cannot be moved under itself or under an article nested in it"))
    lowest = deepest - level + new_level
    if lowest > MAX_DEPTH and lowest > deepest:
        raise _parent_error(_("Articles nest at most %(max)s levels deep: under this parent, '%(title)s' "
                              "and the articles nested in it would reach level %(level)s", max=MAX_DEPTH,
                              title=article.title, level=lowest))


def update(user, module, article, data):
    """Edit the title and content; a parentArticleId sent moves the article with what is nested in it (empty: to
    the top level)."""
    check_version(article, data, lambda: view(user, module, article.id))
    _check_images(module, data["content"])
    moved = "parentArticleId" in data and data["parentArticleId"] != article.parent_id
    if moved:
        _check_move(module, article, data["parentArticleId"])
        article.parent_id = data["parentArticleId"]
    article.title, article.content, article.updated = data["title"], data["content"], utcnow()
    feed.record(user, module, "edit", "article",
                said(N_("Edited the article '%(title)s' and moved it"), title=article.title) if moved else
                said(N_("Edited the article '%(title)s'"), title=article.title), item=article.id,
                data={"name": article.title, **({"parentId": article.parent_id} if moved else {})})
    db.session.commit()
    return view(user, module, article.id)


def delete(user, module, article):
    """Delete an article and every article nested under it."""
    doomed = _subtree(_order_of(module), article.id)[0]
    title = article.title
    # Unlinked first: no cascade runs down a deep chain (SQLite stops such triggers at 1,000 levels).
    db.session.execute(Article.__table__.update().where(Article.id.in_(doomed)).values(parent_id=None))
    db.session.execute(Article.__table__.delete().where(Article.id.in_(doomed)))
    text = sentences.ngettext("Deleted the article '%(title)s' and %(num)d nested article(s)",
                              "Deleted the article '%(title)s' and %(num)d nested article(s)", len(doomed) - 1,
                              title=title) if len(doomed) > 1 else \
        said(N_("Deleted the article '%(title)s'"), title=title)
    feed.record(user, module, "delete", "article", text, data={"name": title})
    db.session.commit()
    return len(doomed)
