"""Cloning and templates (spec §7 Modules 'Form /api/clone/module/{moduleId}' and Templates)."""
import json

from flask import Blueprint, request
from flask_jwt_extended import current_user, jwt_required

from ...errors import Forbidden
from ...forms import describe, parse, query_id
from ...forms.cloning import CloneForm, DependencyForm, TemplateForm
from ...i18n import N_, _
from ...services import cloning, modules
from .. import doc
from ...schemas import FormSchema, FormsSchema, MessageSchema, item_of, list_of
from ..module.schemas import ModuleSchema
from .schemas import TemplateSchema

clone_bp = Blueprint("clone", __name__, url_prefix="/api/clone")
config_bp = Blueprint("clone_config", __name__, url_prefix="/api/clone-config")


def _source(module, template_id):
    """(template or None, the module a clone copies): the module itself, or a template's model."""
    if template_id is None:
        return None, module
    template, owner = cloning.visible_template(current_user, module, template_id)
    return template, cloning.template_source(module, template, owner)


def _clone_options(module, source):
    """The form's choices; a user who could put a copy nowhere is refused (403), as they get no clone link."""
    targets = cloning.target_options(current_user, source)
    if not targets:
        raise Forbidden(N_("You may not create a copy of this module anywhere"))
    return {"parentId": targets, "templateId": cloning.template_options(current_user, module)}


# Making a new version needs the module's edit right (spec §6), besides a place to put the copy.
@clone_bp.get("/module/<int:module_id>")
@jwt_required()
@doc("The clone form of a module (?template=id fills it from a template its clone dialog offers)",
     response=FormSchema, query={"template": "a template of the module, an ancestor, or its portal's of its type"})
def clone_form(module_id):
    module = modules.visible_module(current_user, module_id, "edit")
    template, source = _source(module, query_id("template"))
    return describe(CloneForm, f"/api/clone/module/{module_id}", "POST", user=current_user,
                    values=cloning.clone_defaults(current_user, source, template),
                    options=_clone_options(module, source))


@clone_bp.post("/module/<int:module_id>")
@jwt_required()
@doc("Clone a module (and, as asked, its subtree and content) under a parent, or make a new one from a template's "
     "model; the item is the new module", response=item_of(ModuleSchema), form=CloneForm)
def clone(module_id):
    module = modules.visible_module(current_user, module_id, "edit")
    data = parse(CloneForm, f"/api/clone/module/{module_id}", current_user, options=_clone_options(module, module))
    template, source = _source(module, data.get("templateId"))
    new_id = cloning.clone(current_user, source, data, template)
    return {"item": modules.load_view(current_user, new_id)}


@config_bp.get("/list/<int:module_id>")
@jwt_required()
@doc("Templates of the module and its ancestors (?scope=subtree: and of its descendants)",
     response=list_of(TemplateSchema), query={"scope": "subtree"})
def list_(module_id):
    module = modules.visible_module(current_user, module_id)
    return {"list": cloning.template_list(current_user, module, subtree=request.args.get("scope") == "subtree")}


@config_bp.get("/add/<int:module_id>")
@jwt_required()
@doc("The form to add a template (clone configuration) of a module", response=FormSchema)
def add_form(module_id):
    modules.visible_module(current_user, module_id, "edit")
    return describe(TemplateForm, f"/api/clone-config/add/{module_id}", "POST", user=current_user,
                    values={"shiftDays": 0, **cloning.DEFAULT_INCLUDE})


@config_bp.post("/add/<int:module_id>")
@jwt_required()
@doc("Add a template", response=item_of(TemplateSchema), form=TemplateForm)
def add(module_id):
    module = modules.visible_module(current_user, module_id, "edit")
    data = parse(TemplateForm, f"/api/clone-config/add/{module_id}", current_user)
    return {"item": cloning.add_template(current_user, module, data)}


def _template(module_id, template_id):
    module = modules.visible_module(current_user, module_id, "edit")
    return module, cloning.get_template(module, template_id)


@config_bp.get("/edit/<int:module_id>/<int:template_id>")
@jwt_required()
@doc("The form to edit a template's name, description and include flags", response=FormSchema)
def edit_form(module_id, template_id):
    module, tpl = _template(module_id, template_id)
    return describe(TemplateForm, f"/api/clone-config/edit/{module_id}/{template_id}", "PUT", user=current_user,
                    values=cloning.template_values(tpl))


@config_bp.route("/edit/<int:module_id>/<int:template_id>", methods=["POST", "PUT", "PATCH"])
@jwt_required()
@doc("Edit a template (POST with _method=PUT)", response=item_of(TemplateSchema), form=TemplateForm)
def edit(module_id, template_id):
    module, tpl = _template(module_id, template_id)
    data = parse(TemplateForm, f"/api/clone-config/edit/{module_id}/{template_id}", current_user)
    return {"item": cloning.update_template(current_user, module, tpl, data)}


@config_bp.get("/manage/<int:module_id>/<int:template_id>")
@jwt_required()
@doc("One form per dependency (descendant module, article, file, reference) of the template's module, each as a "
     "JSON string: include, entityId, entityType, id and _token", response=FormsSchema)
def manage_forms(module_id, template_id):
    module, tpl = _template(module_id, template_id)
    return {"forms": [json.dumps(f) for f in cloning.manage_forms(current_user, module, tpl)]}


@config_bp.route("/manage/<int:module_id>/<int:template_id>", methods=["POST", "PUT", "PATCH"])
@jwt_required()
@doc("Include or exclude one dependency in the template (POST with _method=PUT)", response=item_of(TemplateSchema),
     form=DependencyForm)
def manage(module_id, template_id):
    module, tpl = _template(module_id, template_id)
    data = parse(DependencyForm, f"/api/clone-config/manage/{module_id}/{template_id}", current_user)
    return {"item": cloning.set_dependency(current_user, module, tpl, data)}


@config_bp.route("/delete/<int:module_id>/<int:template_id>", methods=["DELETE", "POST"])
@jwt_required()
@doc("Delete a template", response=MessageSchema)
def delete(module_id, template_id):
    module, tpl = _template(module_id, template_id)
    name = tpl.name
    cloning.delete_template(current_user, module, tpl)
    return {"message": _("The template '%(name)s' has been deleted", name=name)}


def blueprints():
    return [clone_bp, config_bp]
