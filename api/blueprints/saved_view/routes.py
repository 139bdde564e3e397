"""Saved views (issue 44): a module's tasks list, board, Gantt or calendar as someone left it, under a name; their
owner's, or shared by an admin of the portal with everyone who views the module. Not in the activity feed."""
from flask import Blueprint, request
from flask_jwt_extended import current_user, jwt_required

from ...errors import BadRequest
from ...forms import describe, parse
from ...forms.views import SavedViewEditForm, SavedViewForm, without_shared
from ...i18n import N_, _
from ...models.views import VIEW_KINDS
from ...schemas import FormSchema, MessageSchema, item_of
from ...services import modules, saved_views
from .. import doc
from .schemas import SavedViewListSchema, SavedViewSchema

bp = Blueprint("saved_view", __name__, url_prefix="/api/view")


def _kind():
    kind = request.args.get("kind", "").strip() or None
    if kind is not None and kind not in VIEW_KINDS:
        raise BadRequest(N_("Unknown screen"), errors={"kind": [_("One of %(values)s", values=", ".join(VIEW_KINDS))]})
    return kind


@bp.get("/list/<int:module_id>")
@jwt_required()
@doc("The user's own saved views of the module and those shared on it, by name (?kind= one screen's)",
     response=SavedViewListSchema, query={"kind": "tasks, board, gantt or calendar: that screen's views only"})
def list_(module_id):
    kind = _kind()
    module = modules.visible_module(current_user, module_id)
    return {"list": saved_views.listing(current_user, module, kind),
            "links": saved_views.list_links(current_user, module)}


@bp.get("/<int:view_id>")
@jwt_required()
@doc("A saved view", response=item_of(SavedViewSchema))
def view(view_id):
    v, module, r = saved_views.get(current_user, view_id)
    return {"item": saved_views.present(current_user, module, r, v)}


@bp.get("/add/<int:module_id>")
@jwt_required()
@doc("The form to save a view of the module (`shared` only for the admins of its portal; ?kind= preselects the "
     "screen)", response=FormSchema, query={"kind": "tasks, board, gantt or calendar"})
def add_form(module_id):
    kind = _kind()
    module = modules.visible_module(current_user, module_id)
    form = SavedViewForm if saved_views.may_share(current_user, module) else without_shared(SavedViewForm)
    return describe(form, f"/api/view/add/{module_id}", "POST", user=current_user,
                    values={"kind": kind, "state": "{}", "shared": False})


@bp.post("/add/<int:module_id>")
@jwt_required()
@doc("Save a view of the module (name, kind, state: a JSON object of at most 8 KB; shared: the portal's admins)",
     response=item_of(SavedViewSchema), form=SavedViewForm)
def add(module_id):
    module = modules.visible_module(current_user, module_id)
    data = parse(SavedViewForm, f"/api/view/add/{module_id}", current_user)
    return {"item": saved_views.add(current_user, module, data)}


@bp.get("/edit/<int:view_id>")
@jwt_required()
@doc("The form to change a saved view (its owner; a shared one also the portal's admins)", response=FormSchema)
def edit_form(view_id):
    v, module, _r = saved_views.get(current_user, view_id, "edit")
    form = SavedViewEditForm if saved_views.may_share(current_user, module) else without_shared(SavedViewEditForm)
    return describe(form, f"/api/view/edit/{view_id}", "PUT", user=current_user, values=saved_views.form_values(v),
                    version=v.version)


@bp.route("/edit/<int:view_id>", methods=["POST", "PUT", "PATCH"])
@jwt_required()
@doc("Change a saved view's name, state or sharing (a stale `_version` answers 409)",
     response=item_of(SavedViewSchema), form=SavedViewEditForm)
def edit(view_id):
    v, module, r = saved_views.get(current_user, view_id, "edit")
    data = parse(SavedViewEditForm, f"/api/view/edit/{view_id}", current_user)
    return {"item": saved_views.update(current_user, v, module, r, data)}


@bp.route("/delete/<int:view_id>", methods=["DELETE"])
@jwt_required()
@doc("Delete a saved view (its owner; a shared one also the portal's admins)", response=MessageSchema)
def delete(view_id):
    v, _module, _r = saved_views.get(current_user, view_id, "delete")
    saved_views.delete(current_user, v)
    return {"message": _("View deleted")}


def blueprints():
    return [bp]
