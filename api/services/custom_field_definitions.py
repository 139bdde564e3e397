"""Custom field definitions of a module (portal settings): add, edit, delete.

A field defined on a module applies to its descendants of the target type (all when none). The
checklist field (attribute 'checklist_status') ticks tasks: it cannot be deleted, and its attribute,
type and options stay as they are.
"""
from sqlalchemy import func, select

from .. import links
from .. import permissions as perm
from ..errors import Conflict, Invalid
from ..extensions import db
from .owned import get_owned
from ..models import CustomField, CustomValue, PicklistOption
from ..forms.custom_field_definitions import FIELD_TYPES, slug
from ..links import Ctx
from ..i18n import N_, _, translate
from . import feed, platforms
from .sentences import said

CHECKLIST = "checklist_status"


def target_options(module):
    """'all' plus each module type of the platform below this module's type, from the skeleton."""
    seen, out = set(), [("all", _("All items"))]  # run-time options: forms.describe leaves them as given
    for (platform, _parent), rules in platforms.skeleton().items():
        if platform != module.platform:
            continue
        for rule in rules:
            if rule.child_type not in seen and rule.child_type != module.type:
                seen.add(rule.child_type)
                out.append((rule.child_type, translate(rule.label)))
    return out


def list_for(user, module):
    """Fields defined on the module, with their number of values and links (three queries)."""
    c = Ctx(user, module, perm.rights(user, module))
    fields_ = db.session.scalars(select(CustomField).where(CustomField.module_id == module.id)
                                 .order_by(CustomField.idx, CustomField.id)).all()
    counts = dict(db.session.execute(select(CustomValue.field_id, func.count(CustomValue.id))
                                     .where(CustomValue.field_id.in_([f.id for f in fields_]))
                                     .group_by(CustomValue.field_id)).all()) if fields_ else {}
    labels = dict(target_options(module))
    return [present(c, f, counts.get(f.id, 0), labels) for f in fields_]


def present(c, field, count=None, labels=None):
    """A field's definition for the settings page: where it applies and how many values it has."""
    if count is None:
        count = db.session.scalar(select(func.count(CustomValue.id)).where(CustomValue.field_id == field.id))
    labels = labels or dict(target_options(c.module))
    return {"id": field.id, "moduleId": field.module_id, "attribute": field.attribute, "label": field.label,
            "type": field.type, "multiple": field.multiple, "symbol": field.symbol,
            "prefixSymbol": field.prefix_symbol, "options": [{"value": o.value, "label": o.label} for o in field.options],
            "links": links.of("custom_field_def", Ctx(c.user, c.module, c.r, field)),
            "targetType": field.target_type, "targetLabel": labels.get(field.target_type or "all", field.target_type),
            "valueCount": count}


def get(module, field_id):
    return get_owned(CustomField, module, field_id)


def values_of(field):
    return {"label": field.label, "attribute": field.attribute, "type": field.type, "multiple": field.multiple,
            "symbol": field.symbol or "", "prefixSymbol": field.prefix_symbol, "targetType": field.target_type or "all",
            "options": "\n".join(f"{o.value}|{o.label}" for o in field.options)}


def _check(module, data, field=None):
    errors = {}
    attribute = data.get("attribute") or (field.attribute if field else slug(data["label"]))
    taken = db.session.scalar(select(CustomField.id).where(CustomField.module_id == module.id,
                                                           CustomField.attribute == attribute))
    if taken and (field is None or taken != field.id):
        errors["attribute"] = [_("The attribute '%(attribute)s' is already used here", attribute=attribute)]
    if data["type"] == "PICKLIST" and not data.get("options"):
        errors["options"] = [_("A picklist needs at least one option")]
    if field is not None:
        if field.attribute == CHECKLIST:
            if attribute != CHECKLIST:
                errors.setdefault("attribute", []).append(_("The checklist field keeps its attribute"))
            if data["type"] != field.type:
                errors.setdefault("type", []).append(_("The checklist field keeps its type"))
            want = {"completed", "not_completed"}
            if not want <= {v for v, _ in data.get("options") or []}:
                errors.setdefault("options", []).append(_("The checklist needs the options 'not_completed' and "
                                                          "'completed'"))
        elif data["type"] != field.type and db.session.scalar(
                select(func.count(CustomValue.id)).where(CustomValue.field_id == field.id)):
            errors.setdefault("type", []).append(_("The type cannot change while the field has values"))
    if errors:
        raise Invalid(_("The form has errors"), errors=errors)
    return attribute


def _apply(field, data):
    field.label = data["label"]
    field.type = data["type"]
    field.multiple = bool(data.get("multiple"))
    field.symbol = data.get("symbol") or None
    field.prefix_symbol = bool(data.get("prefixSymbol"))
    target = data.get("targetType") or "all"
    field.target_type = None if target == "all" else target


def _sync_options(field, wanted):
    """Options by value: labels and order updated, new ones added, missing ones removed."""
    if field.type != "PICKLIST":
        wanted = []
    current = {o.value: o for o in field.options}
    keep = set()
    for i, (value, label) in enumerate(wanted):
        o = current.get(value)
        if o is None:
            db.session.add(PicklistOption(field_id=field.id, value=value, label=label, idx=i))
        else:
            o.label, o.idx = label, i
        keep.add(value)
    for value, o in current.items():
        if value not in keep:
            db.session.delete(o)


def add(user, module, data):
    attribute = _check(module, data)
    idx = db.session.scalar(select(func.max(CustomField.idx)).where(CustomField.module_id == module.id))
    field = CustomField(module_id=module.id, attribute=attribute, idx=(idx or 0) + 1)
    _apply(field, data)
    db.session.add(field)
    db.session.flush()
    _sync_options(field, data.get("options") or [])
    feed.record(user, module, "add", "custom_field",
                said(N_("Added the custom field '%(field)s' to '%(module)s'"), field=field.label, module=module.name),
                item=field.id, data={"name": field.label})
    db.session.commit()
    db.session.refresh(field)
    return present(Ctx(user, module, perm.rights(user, module)), field)


def edit(user, module, field, data):
    attribute = _check(module, data, field)
    field.attribute = attribute
    _apply(field, data)
    _sync_options(field, data.get("options") or [])
    feed.record(user, module, "edit", "custom_field",
                said(N_("Changed the custom field '%(field)s' of '%(module)s'"), field=field.label, module=module.name),
                item=field.id, data={"name": field.label})
    db.session.commit()
    db.session.refresh(field)
    return present(Ctx(user, module, perm.rights(user, module)), field)


def delete(user, module, field):
    if field.attribute == CHECKLIST:
        raise Conflict(_("The checklist field cannot be deleted"))
    db.session.execute(CustomValue.__table__.delete().where(CustomValue.field_id == field.id))
    for option in list(field.options):
        db.session.delete(option)
    db.session.flush()
    db.session.delete(field)
    feed.record(user, module, "delete", "custom_field",
                said(N_("Deleted the custom field '%(field)s' of '%(module)s'"), field=field.label, module=module.name),
                data={"name": field.label})
    db.session.commit()


TYPES = dict(FIELD_TYPES)
