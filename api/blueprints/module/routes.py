"""The module tree (spec §7 Modules)."""
import re

from flask import Blueprint, request
from flask_jwt_extended import current_user, jwt_required

from ...errors import BadRequest
from ...forms import choice, describe, paging, parse, query_date, query_id, query_int
from ...forms.modules import FromTemplateForm, ModuleAddForm, ModuleForm
from ...i18n import N_, _
from ...presenting import page_meta
from ...services import cloning, modules
from ...transactions import writes
from .. import conditional, doc, paging_query
from ...schemas import FormSchema, MessageSchema, item_of, list_of, paged_of
from ..clone.schemas import TemplateSchema
from .schemas import ModuleRowSchema, ModuleSchema, TaskRowSchema, TreeSchema

bp = Blueprint("module", __name__, url_prefix="/api/module")
TYPE_RE = re.compile(r"^4rineu_[a-z_]{1,40}$")


def _check_type(type_):
    if not TYPE_RE.match(type_):
        raise BadRequest(_("Unknown module type '%(type)s'", type=type_[:60]))
    return type_


def item(module):
    return {"item": modules.load_view(current_user, module.id)}


@bp.get("/view/<int:module_id>")
@jwt_required()
@doc("A module with ancestors, children (as rows), members, custom fields, brand, deliverable and links; "
     "sends an ETag and answers 304 to If-None-Match while nothing it shows has changed",
     response=item_of(ModuleSchema))
def view(module_id):
    module = modules.visible_module(current_user, module_id)
    return conditional(modules.etag(current_user, module, "view"),
                       lambda: {"item": modules.load_view(current_user, module_id)})


@bp.get("/list/<int:module_id>")
@jwt_required()
@doc("The children of a module, as rows; ETag and 304 as module/view", response=list_of(ModuleRowSchema))
def list_(module_id):
    module = modules.visible_module(current_user, module_id)
    return conditional(modules.etag(current_user, module, "list"),
                       lambda: {"list": modules.list_children(current_user, module_id)})


@bp.get("/tree/<int:module_id>")
@jwt_required()
@doc("The subtree of a module that the user may view, depth first (at most 2,000 modules), each row with its "
     "depth and, on every parent, a roll-up of its descendants (done / total, by status, flagged when it is done "
     "with open items); ETag and 304 as module/view", response=item_of(TreeSchema),
     query={"type": "only the modules of this type and the parents they sit under"})
def tree(module_id):
    type_ = request.args.get("type") or None
    if type_ is not None and not TYPE_RE.match(type_):
        raise BadRequest(N_("Unknown module type"),
                         errors={"type": [_("Unknown module type '%(type)s'", type=type_[:60])]})
    module = modules.visible_module(current_user, module_id)
    return conditional(modules.etag(current_user, module, f"tree|{type_}"),
                       lambda: {"item": modules.load_tree(current_user, module_id, type_)})


def _add_parent(module_id, type_):
    parent = modules.visible_module(current_user, module_id, "create")
    modules.allowed_child(parent, _check_type(type_))
    return parent


@bp.get("/add/<int:module_id>/<type_>")
@jwt_required()
@doc("The form to add a child module of a type the platform skeleton allows here (?template=id: the form that "
     "makes it from one of the templates the add dialog offers)", response=FormSchema,
     query={"template": "a template of the portal made on a module of the type (see .../templates)"})
def add_form(module_id, type_):
    parent = _add_parent(module_id, type_)
    template_id = query_id("template")
    action = f"/api/module/add/{module_id}/{type_}"
    if template_id is None:
        return describe(ModuleForm, action, "POST", user=current_user)
    tpl, _ = cloning.start_template(current_user, parent, type_, template_id)
    return describe(FromTemplateForm, action, "POST", user=current_user, values={"templateId": tpl.id})


@bp.get("/add/<int:module_id>/<type_>/templates")
@jwt_required()
@doc("The templates an 'Add' dialog offers to start from: the portal's, made on a module of the type, whose model "
     "the user may view; each with its add link (the add form filled from it) and, for whoever may edit the "
     "model, its manage link (the dependency list)", response=list_of(TemplateSchema))
def add_templates(module_id, type_):
    parent = _add_parent(module_id, type_)
    return {"list": cloning.start_list(current_user, parent, type_)}


@bp.post("/add/<int:module_id>/<type_>")
@jwt_required()
@doc("Add a child module (with templateId: a copy of that template's model, with what the template takes along)",
     response=item_of(ModuleSchema), form=ModuleAddForm)
def add(module_id, type_):
    parent = _add_parent(module_id, type_)
    data = parse(ModuleAddForm, f"/api/module/add/{module_id}/{type_}", current_user)
    if data["templateId"] is None:
        return item(modules.create(current_user, parent, type_, data))
    tpl, model = cloning.start_template(current_user, parent, type_, data["templateId"], field="templateId")
    return {"item": modules.load_view(current_user, cloning.start_from_template(current_user, parent, tpl, model,
                                                                                data["name"]))}


@bp.get("/edit/<int:module_id>")
@jwt_required()
@doc("The form to edit a module", response=FormSchema)
def edit_form(module_id):
    module = modules.visible_module(current_user, module_id, "edit")
    return describe(ModuleForm, f"/api/module/edit/{module_id}", "PUT", user=current_user,
                    values={"name": module.name, "description": module.description}, version=module.version)


@bp.route("/edit/<int:module_id>", methods=["POST", "PUT", "PATCH"])
@jwt_required()
@doc("Edit a module (POST with _method=PUT)", response=item_of(ModuleSchema), form=ModuleForm)
def edit(module_id):
    module = modules.visible_module(current_user, module_id, "edit")
    data = parse(ModuleForm, f"/api/module/edit/{module_id}", current_user)
    return item(modules.update(current_user, module, data))


@bp.route("/delete/<int:module_id>", methods=["GET", "DELETE", "POST"])
@jwt_required()
@doc("Delete a module with its subtree and everything it carries, files included", response=MessageSchema)
def delete(module_id):
    module = modules.visible_module(current_user, module_id, "delete")
    # Said before the subtree goes: deleting lets go of every object the session held, the signed-in user too.
    said = _("'%(name)s' has been deleted", name=module.name)
    modules.delete_subtree(current_user, module)
    return {"message": said}


@bp.get("/reindex/<int:module_id>/<int:previous_id>")
@writes
@jwt_required()
@doc("Move a module right after a sibling (previousId 0: first)", response=item_of(ModuleSchema))
def reindex(module_id, previous_id):
    module = modules.visible_module(current_user, module_id)
    return item(modules.reindex(current_user, module, previous_id))


TASK_FILTERS = {"status": choice(*modules.STATUSES), "owner": query_int, "from": query_date, "to": query_date}


@bp.get("/detailed-list-by-type/<type_>/<int:module_id>")
@jwt_required()
@doc("A page of the descendants of a type that the user may view, with deliverable, checklist state, parent, "
     "project and entry module; filtered, sorted and counted in SQL", response=paged_of(TaskRowSchema),
     query=paging_query(modules.TASK_SORTS, status="deliverable statuses, comma-separated",
                        owner="the owner's user id", **{"from": "deadline on or after (YYYY-MM-DD)",
                                                        "to": "deadline on or before (YYYY-MM-DD)"}))
def detailed_list_by_type(type_, module_id):
    page, filters = paging(modules.TASK_SORTS, "tree", **TASK_FILTERS)
    rows, total = modules.detailed_list_by_type(current_user, _check_type(type_), module_id, page, filters)
    return {"list": rows, "meta": page_meta(page.page, page.per_page, total)}


@bp.patch("/lock/<int:module_id>")
@jwt_required()
@doc("Lock a module: no edit or delete until unlocked (admins)", response=item_of(ModuleSchema))
def lock(module_id):
    module = modules.visible_module(current_user, module_id, "lock")
    return item(modules.set_locked(current_user, module, True))


@bp.patch("/unlock/<int:module_id>")
@jwt_required()
@doc("Unlock a module (admins)", response=item_of(ModuleSchema))
def unlock(module_id):
    module = modules.visible_module(current_user, module_id, "unlock")
    return item(modules.set_locked(current_user, module, False))


def blueprints():
    return [bp]
