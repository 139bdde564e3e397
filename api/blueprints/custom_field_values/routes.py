"""Custom field values: add, edit and delete through server-described forms (checklist included)."""
from flask import Blueprint
from flask_jwt_extended import current_user, jwt_required

from ...forms import describe, parse
from ...forms.custom_field_values import VALUE_FORMS, TextValueForm
from ...i18n import _
from ...services import custom_field_values as cf
from ...services import modules
from .. import doc
from ...schemas import FormSchema, MessageSchema, item_of
from .schemas import CustomFieldSchema

bp = Blueprint("custom_field", __name__, url_prefix="/api/custom-field")


def _item(module, field):
    return {"item": cf.field_view(current_user, module, field)}


@bp.get("/value/add/<int:module_id>/<int:field_id>")
@jwt_required()
@doc("The form to add a value of a custom field", response=FormSchema)
def value_add_form(module_id, field_id):
    module = modules.visible_module(current_user, module_id, "content")
    field = cf.field_for(module, field_id)
    return describe(VALUE_FORMS[field.type], f"/api/custom-field/value/add/{module_id}/{field_id}", "POST",
                    user=current_user, options=cf.options_of(field))


@bp.post("/value/add/<int:module_id>/<int:field_id>")
@jwt_required()
@doc("Add a value; answers the custom field with its values", response=item_of(CustomFieldSchema),
     form=TextValueForm)
def value_add(module_id, field_id):
    module = modules.visible_module(current_user, module_id, "content")
    field = cf.field_for(module, field_id)
    data = parse(VALUE_FORMS[field.type], f"/api/custom-field/value/add/{module_id}/{field_id}", current_user,
                 options=cf.options_of(field))
    cf.add_value(current_user, module, field, data)
    return _item(module, field)


def _value(module_id, value_id):
    module = modules.visible_module(current_user, module_id, "content")
    value = cf.value_for(module, value_id)
    return module, value, cf.field_for(module, value.field_id)


@bp.get("/value/edit/<int:module_id>/<int:value_id>")
@jwt_required()
@doc("The form to edit a custom value", response=FormSchema)
def value_edit_form(module_id, value_id):
    module, value, field = _value(module_id, value_id)
    return describe(VALUE_FORMS[field.type], f"/api/custom-field/value/edit/{module_id}/{value_id}", "PUT",
                    user=current_user, values=cf.values_of(field, value), options=cf.options_of(field),
                    version=value.version)


@bp.route("/value/edit/<int:module_id>/<int:value_id>", methods=["POST", "PUT", "PATCH"])
@jwt_required()
@doc("Edit a custom value; answers the custom field with its values", response=item_of(CustomFieldSchema),
     form=TextValueForm)
def value_edit(module_id, value_id):
    module, value, field = _value(module_id, value_id)
    data = parse(VALUE_FORMS[field.type], f"/api/custom-field/value/edit/{module_id}/{value_id}", current_user,
                 options=cf.options_of(field))
    cf.edit_value(current_user, module, field, value, data)
    return _item(module, field)


@bp.route("/value/delete/<int:module_id>/<int:value_id>", methods=["DELETE"])
@jwt_required()
@doc("Delete a custom value", response=MessageSchema)
def value_delete(module_id, value_id):
    module, value, field = _value(module_id, value_id)
    cf.delete_value(current_user, module, field, value)
    return {"message": _("Value deleted")}


def blueprints():
    return [bp]
