"""The discussion of a module (spec §7 Discussion): comments, replies, edit and delete."""
from flask import Blueprint
from flask_jwt_extended import current_user, jwt_required

from ..forms import describe, parse
from ..forms.content import CommentEditForm, CommentForm
from ..schemas import CommentSchema, FormSchema, MessageSchema, item_of, list_of
from ..services import discussion, modules
from . import doc

discussion_bp = Blueprint("discussion", __name__, url_prefix="/api/discussion")
comment_bp = Blueprint("comment", __name__, url_prefix="/api/comment")


@discussion_bp.get("/list/<int:module_id>")
@jwt_required()
@doc("Every comment of the module, oldest first; replies carry parentId", response=list_of(CommentSchema))
def list_(module_id):
    module = modules.visible_module(current_user, module_id)
    return {"list": CommentSchema(many=True).dump(discussion.list_for(current_user, module))}


@comment_bp.post("/add/<int:module_id>")
@jwt_required()
@doc("Add a comment (title, content)", response=item_of(CommentSchema), form=CommentForm)
def add(module_id):
    module = modules.visible_module(current_user, module_id, "comment")
    return {"item": CommentSchema().dump(discussion.add(current_user, module, parse(CommentForm)))}


@comment_bp.post("/reply/<int:module_id>/<int:comment_id>")
@jwt_required()
@doc("Reply to a comment (title, content)", response=item_of(CommentSchema), form=CommentForm)
def reply(module_id, comment_id):
    module = modules.visible_module(current_user, module_id, "comment")
    parent = discussion.get(module, comment_id)
    return {"item": CommentSchema().dump(discussion.add(current_user, module, parse(CommentForm), parent))}


@comment_bp.get("/edit/<int:module_id>/<int:comment_id>")
@jwt_required()
@doc("The form to edit one's own comment", response=FormSchema)
def edit_form(module_id, comment_id):
    module = modules.visible_module(current_user, module_id, "comment")
    c = discussion.get(module, comment_id)
    discussion.require_author(current_user, c)
    return describe(CommentEditForm, f"/api/comment/edit/{module_id}/{comment_id}", "PUT", user=current_user,
                    values={"title": c.title, "content": c.content})


@comment_bp.route("/edit/<int:module_id>/<int:comment_id>", methods=["POST", "PUT", "PATCH"])
@jwt_required()
@doc("Edit one's own comment", response=item_of(CommentSchema), form=CommentEditForm)
def edit(module_id, comment_id):
    module = modules.visible_module(current_user, module_id, "comment")
    c = discussion.get(module, comment_id)
    discussion.require_author(current_user, c)
    data = parse(CommentEditForm, f"/api/comment/edit/{module_id}/{comment_id}", current_user)
    return {"item": CommentSchema().dump(discussion.edit(current_user, module, c, data))}


@comment_bp.route("/delete/<int:module_id>/<int:comment_id>", methods=["DELETE"])
@jwt_required()
@doc("Delete a comment (a comment with replies stays as a tombstone)", response=MessageSchema)
def delete(module_id, comment_id):
    module = modules.visible_module(current_user, module_id)
    discussion.delete(current_user, module, discussion.get(module, comment_id))
    return {"message": "Comment deleted"}


def blueprints():
    return [discussion_bp, comment_bp]
