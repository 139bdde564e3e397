"""Custom field values of a module (the checklist is one: attribute 'checklist_status')."""
from sqlalchemy import select

from .. import permissions as perm
from ..errors import NotFound
from ..extensions import db
from ..models import CustomField, CustomValue
from . import feed


def field_for(module, field_id):
    """The field if it applies to the module (defined on it or an ancestor, matching its type)."""
    f = db.session.get(CustomField, field_id)
    if f is None or f.module_id not in module.ancestor_ids + [module.id] or (f.target_type and f.target_type != module.type):
        raise NotFound("Custom field not found")
    return f


def value_for(module, value_id):
    v = db.session.get(CustomValue, value_id)
    if v is None or v.module_id != module.id:
        raise NotFound("Value not found")
    return v


def options_of(field):
    return {"option": [(o.value, o.label) for o in field.options]} if field.type == "PICKLIST" else {}


def values_of(field, value):
    if value is None:
        return {}
    return {"stringval": value.stringval, "numval": value.numval, "dateval": value.dateval,
            "option": value.option.value if value.option else value.stringval}


def _apply(field, value, data):
    if field.type == "PICKLIST":
        option = next(o for o in field.options if o.value == data["option"])
        value.option_id, value.stringval = option.id, option.value
    else:
        value.stringval = data.get("stringval", value.stringval)
        value.numval = data.get("numval", value.numval)
        value.dateval = data.get("dateval", value.dateval)


def _shown(field, value):
    return value.stringval if value.stringval is not None else value.numval if value.numval is not None else value.dateval


def add_value(user, module, field, data):
    value = CustomValue(field_id=field.id, module_id=module.id, user_id=user.id)
    _apply(field, value, data)
    db.session.add(value)
    feed.record(user, module, "add", "custom_value", f"Set {field.label} of '{module.name}' to {_shown(field, value)}")
    db.session.commit()
    return value


def edit_value(user, module, field, value, data):
    _apply(field, value, data)
    feed.record(user, module, "edit", "custom_value", f"Set {field.label} of '{module.name}' to {_shown(field, value)}")
    db.session.commit()
    return value


def delete_value(user, module, field, value):
    db.session.delete(value)
    feed.record(user, module, "delete", "custom_value", f"Cleared {field.label} of '{module.name}'")
    db.session.commit()


def field_view(user, module, field):
    """The field as seen from the module, with its values and links (what the checklist replaces)."""
    from .modules import _FieldView
    values = db.session.scalars(select(CustomValue).where(CustomValue.module_id == module.id,
                                                          CustomValue.field_id == field.id)
                                .order_by(CustomValue.id)).all()
    r = perm.rights(user, module)
    view = _FieldView(field, module.id, values)
    view._links = perm.custom_field_links(module, field, values, r)
    for v in values:
        v._links = perm.custom_value_links(module, v, r)
    return view
