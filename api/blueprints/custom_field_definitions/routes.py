"""Custom field definitions (portal settings, custom fields page): list, add, edit, delete."""
from flask import Blueprint
from flask_jwt_extended import current_user, jwt_required

from ...forms import describe, parse
from ...forms.custom_field_definitions import CustomFieldForm
from ...i18n import _
from ...services import custom_field_definitions as defs
from ...services import modules
from .. import doc
from ...schemas import FormSchema, MessageSchema, item_of, list_of
from .schemas import CustomFieldDefSchema

bp = Blueprint("custom_field_def", __name__, url_prefix="/api/custom-field")


def _options(module):
    return {"targetType": defs.target_options(module)}


@bp.get("/list/<int:module_id>")
@jwt_required()
@doc("The custom fields defined on the module, with their links", response=list_of(CustomFieldDefSchema))
def list_(module_id):
    module = modules.visible_module(current_user, module_id)
    return {"list": defs.list_for(current_user, module)}


@bp.get("/add/<int:module_id>")
@jwt_required()
@doc("The form to define a custom field", response=FormSchema)
def add_form(module_id):
    module = modules.visible_module(current_user, module_id, "content")
    return describe(CustomFieldForm, f"/api/custom-field/add/{module_id}", "POST", user=current_user,
                    options=_options(module), values={"type": "TEXT", "targetType": "all"})


@bp.post("/add/<int:module_id>")
@jwt_required()
@doc("Define a custom field (label, attribute, type, multiple, symbol, prefixSymbol, targetType, options)",
     response=item_of(CustomFieldDefSchema), form=CustomFieldForm)
def add(module_id):
    module = modules.visible_module(current_user, module_id, "content")
    data = parse(CustomFieldForm, f"/api/custom-field/add/{module_id}", current_user, options=_options(module))
    return {"item": defs.add(current_user, module, data)}


@bp.get("/edit/<int:module_id>/<int:field_id>")
@jwt_required()
@doc("The form to edit a custom field definition", response=FormSchema)
def edit_form(module_id, field_id):
    module = modules.visible_module(current_user, module_id, "content")
    field = defs.get(module, field_id)
    return describe(CustomFieldForm, f"/api/custom-field/edit/{module_id}/{field_id}", "PUT", user=current_user,
                    options=_options(module), values=defs.values_of(field))


@bp.route("/edit/<int:module_id>/<int:field_id>", methods=["POST", "PUT", "PATCH"])
@jwt_required()
@doc("Edit a custom field definition", response=item_of(CustomFieldDefSchema), form=CustomFieldForm)
def edit(module_id, field_id):
    module = modules.visible_module(current_user, module_id, "content")
    field = defs.get(module, field_id)
    data = parse(CustomFieldForm, f"/api/custom-field/edit/{module_id}/{field_id}", current_user,
                 options=_options(module))
    return {"item": defs.edit(current_user, module, field, data)}


@bp.route("/delete/<int:module_id>/<int:field_id>", methods=["DELETE"])
@jwt_required()
@doc("Delete a custom field and its values (not the checklist field: 409)", response=MessageSchema)
def delete(module_id, field_id):
    module = modules.visible_module(current_user, module_id, "remove")
    defs.delete(current_user, module, defs.get(module, field_id))
    return {"message": _("Custom field deleted")}


def blueprints():
    return [bp]
