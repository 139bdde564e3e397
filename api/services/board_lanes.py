"""The board's swimlanes (issue 44): the picklist custom fields that apply to a module's subtree, and one field's
value on each module below it, in a fixed number of queries whatever the size of the subtree.

A field is defined on a module and applies to that module's descendants (of its target type, when it has one:
services/custom_field_values.py). The fields of a subtree are those defined on the module or above it (its page
shows them to whoever views it) and those defined on modules below it that the user may view."""
from types import SimpleNamespace

from sqlalchemy import bindparam, select

from .. import permissions as perm
from ..errors import NotFound
from ..extensions import read_rows
from ..i18n import N_
from ..models import CustomField, CustomValue, Module, PicklistOption
from ..models.module import path_ids, path_under, path_under_param
from . import custom_field_values
from .my_work import visible_clause

PICKLIST = "PICKLIST"

# The picklist fields defined on the path (`:above`) or below (`:prefix`), with their options and where each is
# defined (its module's path, `m_path`). Built once.
_FIELDS = custom_field_values.FIELDS.add_columns(Module.path.label("m_path")) \
    .join(Module, Module.id == CustomField.module_id) \
    .where(CustomField.type == PICKLIST, CustomField.module_id.in_(bindparam("above", expanding=True))
           | path_under_param(Module.path, "prefix"))


def fields_of(user, module):
    """[(FieldRow, the path of the module defining it)] of the picklists that apply to the module's subtree and that
    the user may see, in the fields' order. One query (and the user's memberships, read once a request)."""
    result = read_rows(_FIELDS, {"above": path_ids(module.path), "prefix": module.path + "%"}).all()
    where = {row.id: row.m_path for row in result}
    out = []
    for f in custom_field_values.read_fields(result):
        path = where[f.id]
        if path.startswith(module.path) and f.module_id != module.id and \
                not perm.rights(user, SimpleNamespace(id=f.module_id, path=path)).view:
            continue  # defined below, on a module the user does not see
        out.append((f, path))
    return out


def present_field(f):
    return {"id": f.id, "name": f.label, "attribute": f.attribute, "moduleId": f.module_id, "multiple": f.multiple,
            "options": [o.value for o in f.options], "labels": {o.value: o.label for o in f.options}}


def fields(user, module):
    """GET /api/board/lanes/<module>: {fields: [{id, name, attribute, moduleId, multiple, options, labels}]}."""
    return {"fields": [present_field(f) for f, _ in fields_of(user, module)]}


def values(user, module, field_id):
    """GET /api/board/lanes/<module>?field=<id>: {field, values: {module id: option value}} of the modules below the
    module that the user may view and that hold a value of the field (a field of several values per module: the
    first in the options' order). 404 unless the field is one of `fields`. Two queries more at most (the values,
    and the paths of the user's memberships when they see only parts of the subtree)."""
    found = next(((f, path) for f, path in fields_of(user, module) if f.id == field_id), None)
    if found is None:
        raise NotFound(N_("Custom field not found"))
    f, path = found
    where = [CustomValue.field_id == f.id, path_under(Module.path, module.path), Module.id != module.id,
             path_under(Module.path, path)]  # where the field applies: below the module defining it too
    if f.target_type:
        where.append(Module.type == f.target_type)
    visible = visible_clause(user, module)
    if visible is not None:
        where.append(visible)
    rows = read_rows(select(CustomValue.module_id, CustomValue.stringval, PicklistOption.value.label("option"))
                     .join(Module, Module.id == CustomValue.module_id)
                     .outerjoin(PicklistOption, PicklistOption.id == CustomValue.option_id)
                     .where(*where).order_by(PicklistOption.idx.asc().nulls_last(), CustomValue.id)).all()
    out = {}
    for r in rows:
        value = r.option if r.option is not None else r.stringval
        if value is not None:
            out.setdefault(str(r.module_id), value)
    return {"field": present_field(f), "values": out}
