"""The discussion of a module (spec §7 Discussion): comments, replies, edit and delete."""
from flask import Blueprint, request
from flask_jwt_extended import current_user, jwt_required

from ...forms import describe, paging, parse
from ...forms.content import CommentEditForm, CommentForm
from ...i18n import _
from ...presenting import page_meta
from ...services import discussion, modules
from ...services.events import mentions
from .. import doc, paging_query
from ...schemas import FormSchema, MessageSchema, item_of, list_of, paged_of
from .schemas import CommentSchema, MentionableSchema

discussion_bp = Blueprint("discussion", __name__, url_prefix="/api/discussion")
comment_bp = Blueprint("comment", __name__, url_prefix="/api/comment")


@discussion_bp.get("/list/<int:module_id>")
@jwt_required()
@doc("A page of the module's threads, oldest first, each top-level comment followed by every reply below it "
     "(replies carry parentId); meta.total counts threads", response=paged_of(CommentSchema),
     query=paging_query(discussion.SORTS))
def list_(module_id):
    module = modules.visible_module(current_user, module_id)
    page, _ = paging(discussion.SORTS)
    rows, total = discussion.list_for(current_user, module, page)
    return {"list": rows, "meta": page_meta(page.page, page.per_page, total)}


@discussion_bp.get("/mentionable/<int:module_id>")
@jwt_required()
@doc("People who may be @mentioned in the module's discussion (members on it or above it who may view it), by "
     "name; `q` filters by name (20 at most)", response=list_of(MentionableSchema), query={"q": "part of a name"})
def mentionable(module_id):
    module = modules.visible_module(current_user, module_id, "comment")
    return {"list": mentions.mentionable(module, request.args.get("q", "")[:100])}


@comment_bp.post("/add/<int:module_id>")
@jwt_required()
@doc("Add a comment (title, content, attachments); `@[Name](user:ID)` in the content mentions that person, who "
     "must be able to view the module (else 422 on content). `attachments` are ids of files uploaded to the module's "
     "vault first (its add_file link): attaching needs that upload right (403, 423 when locked), and an id that is "
     "no file of this module is 422 on attachments", response=item_of(CommentSchema), form=CommentForm)
def add(module_id):
    module = modules.visible_module(current_user, module_id, "comment")
    return {"item": discussion.add(current_user, module, parse(CommentForm))}


@comment_bp.post("/reply/<int:module_id>/<int:comment_id>")
@jwt_required()
@doc("Reply to a comment (title, content, attachments: as for a comment)", response=item_of(CommentSchema),
     form=CommentForm)
def reply(module_id, comment_id):
    module = modules.visible_module(current_user, module_id, "comment")
    parent = discussion.get(module, comment_id)
    return {"item": discussion.add(current_user, module, parse(CommentForm), parent)}


@comment_bp.get("/edit/<int:module_id>/<int:comment_id>")
@jwt_required()
@doc("The form to edit one's own comment", response=FormSchema)
def edit_form(module_id, comment_id):
    module = modules.visible_module(current_user, module_id, "comment")
    c = discussion.get(module, comment_id)
    discussion.require_author(current_user, module, c)
    return describe(CommentEditForm, f"/api/comment/edit/{module_id}/{comment_id}", "PUT", user=current_user,
                    values={"title": c.title, "content": c.content}, version=c.version)


@comment_bp.route("/edit/<int:module_id>/<int:comment_id>", methods=["POST", "PUT", "PATCH"])
@jwt_required()
@doc("Edit one's own comment", response=item_of(CommentSchema), form=CommentEditForm)
def edit(module_id, comment_id):
    module = modules.visible_module(current_user, module_id, "comment")
    c = discussion.get(module, comment_id)
    discussion.require_author(current_user, module, c)
    data = parse(CommentEditForm, f"/api/comment/edit/{module_id}/{comment_id}", current_user)
    return {"item": discussion.edit(current_user, module, c, data)}


@comment_bp.route("/delete/<int:module_id>/<int:comment_id>", methods=["DELETE"])
@jwt_required()
@doc("Delete a comment (a comment with replies stays as a tombstone)", response=MessageSchema)
def delete(module_id, comment_id):
    module = modules.visible_module(current_user, module_id)
    discussion.delete(current_user, module, discussion.get(module, comment_id))
    return {"message": _("Comment deleted")}


def blueprints():
    return [discussion_bp, comment_bp]
