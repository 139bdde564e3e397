"""The knowledge library (spec §7 Articles)."""
from flask import Blueprint
from flask_jwt_extended import current_user, jwt_required

from ...forms import parse
from ...forms.content import ArticleForm
from ...i18n import ngettext
from ...services import articles, modules
from .. import doc
from ...schemas import MessageSchema, item_of, list_of
from .schemas import ArticleSchema

bp = Blueprint("article", __name__, url_prefix="/api/article")


@bp.get("/list/<int:module_id>")
@jwt_required()
@doc("The module's articles as a tree (children nested, 20 levels at most; no content)",
     response=list_of(ArticleSchema))
def list_(module_id):
    module = modules.visible_module(current_user, module_id)
    return {"list": articles.tree(current_user, module)}


@bp.get("/view/<int:module_id>/<int:article_id>")
@jwt_required()
@doc("An article with its content", response=item_of(ArticleSchema))
def view(module_id, article_id):
    module = modules.visible_module(current_user, module_id)
    return {"item": articles.view(current_user, module, article_id)}


@bp.post("/add/<int:module_id>")
@jwt_required()
@doc("Add an article (multipart: title, content, optional parentArticleId; 422 beyond 20 levels)",
     response=item_of(ArticleSchema), form=ArticleForm)
def add(module_id):
    module = modules.visible_module(current_user, module_id, "content")
    data = parse(ArticleForm)
    return {"item": articles.create(current_user, module, data)}


@bp.route("/edit/<int:module_id>/<int:article_id>", methods=["POST", "PUT", "PATCH"])
@jwt_required()
@doc("Edit an article (POST with _method=PUT: title, content; a parentArticleId moves it with what is nested in "
     "it, empty to the top level; 422 beyond 20 levels)", response=item_of(ArticleSchema), form=ArticleForm)
def edit(module_id, article_id):
    module = modules.visible_module(current_user, module_id, "content")
    article = articles.get(module, article_id)
    data = parse(ArticleForm)
    return {"item": articles.update(current_user, module, article, data)}


@bp.route("/delete/<int:module_id>/<int:article_id>", methods=["DELETE"])
@jwt_required()
@doc("Delete an article and the articles nested under it", response=MessageSchema)
def delete(module_id, article_id):
    module = modules.visible_module(current_user, module_id, "remove")
    n = articles.delete(current_user, module, articles.get(module, article_id))
    return {"message": ngettext("Deleted %(num)d article(s)", "Deleted %(num)d article(s)", n)}


def blueprints():
    return [bp]
