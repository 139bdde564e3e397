"""Custom field values of a module (the checklist is one: attribute 'checklist_status')."""
from sqlalchemy import bindparam, select
from sqlalchemy.orm import aliased

from .. import links
from .. import permissions as perm
from ..errors import Conflict, Invalid, NotFound
from ..i18n import N_, _
from ..extensions import db, read_rows
from ..transactions import check_version
from .owned import get_owned
from ..models import CustomField, CustomValue, PicklistOption
from ..models.module import path_ids
from ..links import Ctx
from . import done, feed
from .sentences import said


def field_for(module, field_id):
    """The field if it applies to the module (defined on it or an ancestor, matching its type)."""
    f = db.session.get(CustomField, field_id)
    if f is None or f.module_id not in module.ancestor_ids + [module.id] or (f.target_type and f.target_type != module.type):
        raise NotFound(_("Custom field not found"))
    return f


def value_for(module, value_id):
    return get_owned(CustomValue, module, value_id)


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


def _as_shown(field, value):
    """A value as the screens show it (the report's formatting: option label, symbol, ISO date)."""
    from .reports import format_number
    if field.type == "PICKLIST":
        option = next((o for o in field.options if o.id == value.option_id), None)
        return option.label if option else value.stringval
    if field.type in ("NUMERIC", "DATED_NUMERIC"):
        text = format_number(value.numval, field) if value.numval is not None else None
        return f"{text} ({value.dateval.isoformat()})" if field.type == "DATED_NUMERIC" and value.dateval else text
    if field.type == "DATE":
        return value.dateval.isoformat() if value.dateval else None
    return value.stringval


def _change(field, before, value):
    """The feed's account of a value set or changed: the field's label, and the value before and after."""
    return {"subject": field.label, "label": field.label, "changed": ["value"], "before": {"value": before},
            "after": {"value": _as_shown(field, value)}, "valueKind": "date" if field.type == "DATE" else "text"}


def _shown(field, value):
    return value.stringval if value.stringval is not None else value.numval if value.numval is not None else value.dateval


def _set_to(field, module, value):
    return said(N_("Set %(field)s of '%(module)s' to %(value)s"), field=field.label, module=module.name,
                value=_shown(field, value))


def _hold(module, field):
    """A checklist value is one side of done (services/done.py): the module is locked before either side is written."""
    if field.attribute == CHECKLIST:
        done.hold(module)


def _settled(user, module, field):
    """The status follows a checklist box; True when that recorded the change (as the status change it made)."""
    return field.attribute == CHECKLIST and done.settle(user, module, field=field)


def add_value(user, module, field, data):
    """A field takes one value per module unless it takes several (`takes_many`: then a picklist takes each option
    once and a dated series each date once)."""
    _hold(module, field)
    held = db.session.scalars(select(CustomValue).where(CustomValue.field_id == field.id,
                                                        CustomValue.module_id == module.id)).all()
    if held and not perm.takes_many(field):
        raise Conflict(_("%(field)s already has a value here: edit it instead", field=field.label))
    value = CustomValue(field_id=field.id, module_id=module.id, user_id=user.id)
    _apply(field, value, data)
    if field.type == "PICKLIST" and any(v.option_id == value.option_id for v in held):
        raise Invalid(_("The form has errors"), errors={"option": [_("This option is already chosen")]})
    if field.type == "DATED_NUMERIC" and any(v.dateval == value.dateval for v in held):
        raise Invalid(_("The form has errors"), errors={"dateval": [_("There is already a value for this date")]})
    db.session.add(value)
    db.session.flush()
    if not _settled(user, module, field):
        feed.record(user, module, "add", "custom_value", _set_to(field, module, value), item=value.id,
                    data=_change(field, None, value))
    db.session.commit()
    return value


def edit_value(user, module, field, value, data):
    check_version(value, data, lambda: field_view(user, module, field))
    _hold(module, field)
    before = _as_shown(field, value)
    _apply(field, value, data)
    if not _settled(user, module, field):
        feed.record(user, module, "edit", "custom_value", _set_to(field, module, value), item=value.id,
                    data=_change(field, before, value))
    db.session.commit()
    return value


def delete_value(user, module, field, value):
    _hold(module, field)
    db.session.delete(value)
    if not _settled(user, module, field):
        feed.record(user, module, "delete", "custom_value",
                    said(N_("Cleared %(field)s of '%(module)s'"), field=field.label, module=module.name),
                    item=value.id, data={"subject": field.label})
    db.session.commit()


# --- presenting -----------------------------------------------------------------------------------------------

CHECKLIST = "checklist_status"


# --- fields as presenting reads them: rows, not ORM objects (a module page reads them on every view) ----------

class FieldRow:
    """A custom field read for presenting: its columns and its options (rows: id, value, label) in order."""
    __slots__ = ("id", "module_id", "attribute", "label", "type", "multiple", "symbol", "prefix_symbol",
                 "target_type", "idx", "options")

    def __init__(self, row):
        (self.id, self.module_id, self.attribute, self.label, self.type, self.multiple, self.symbol,
         self.prefix_symbol, self.target_type, self.idx) = row[:10]
        self.options = []


_OPTION = aliased(PicklistOption)
# The fields with their options (a field without any comes once, with NULLs): add a WHERE, then read_fields.
FIELDS = select(CustomField.id, CustomField.module_id, CustomField.attribute, CustomField.label, CustomField.type,
                CustomField.multiple, CustomField.symbol, CustomField.prefix_symbol, CustomField.target_type,
                CustomField.idx, _OPTION.id.label("o_id"), _OPTION.value.label("o_value"),
                _OPTION.label.label("o_label")) \
    .outerjoin(_OPTION, _OPTION.field_id == CustomField.id) \
    .order_by(CustomField.idx, CustomField.id, _OPTION.idx, _OPTION.id)


def read_fields(result):
    """[FieldRow] from the rows of a FIELDS statement, in its order."""
    out, by_id = [], {}
    for row in result:
        f = by_id.get(row[0])
        if f is None:
            f = by_id[row[0]] = FieldRow(row)
            out.append(f)
        if row.o_id is not None:
            f.options.append(_Option(row.o_id, row.o_value, row.o_label))
    return out


class _Option:
    __slots__ = ("id", "value", "label")

    def __init__(self, id_, value, label):
        self.id, self.value, self.label = id_, value, label


# Values as rows (no ORM objects): what presenting them needs, the option's label included.
VALUES = select(CustomValue.id, CustomValue.field_id, CustomValue.module_id, CustomValue.stringval,
                CustomValue.numval, CustomValue.dateval, CustomValue.user_id, CustomValue.version,
                PicklistOption.label.label("option_label")) \
    .outerjoin(PicklistOption, PicklistOption.id == CustomValue.option_id)


def values_where(*where):
    """The values (rows of VALUES) that match `where`. One query."""
    return db.session.execute(VALUES.where(*where).order_by(CustomValue.id)).all()


def present_value(c, v):
    """A value (a values_where() row) of a field on `c.module` (c: a links.Ctx)."""
    return {"id": v.id, "values": {"stringval": v.stringval, "numval": v.numval, "dateval": v.dateval},
            "optionLabel": v.option_label, "userId": v.user_id, "version": v.version,
            "links": links.of("custom_value", Ctx(c.user, c.module, c.r, v))}


def present_field(c, f, values):
    """A field as seen from `c.module`, with that module's values."""
    return {"id": f.id, "moduleId": c.module.id, "attribute": f.attribute, "label": f.label, "type": f.type,
            "multiple": f.multiple, "symbol": f.symbol, "prefixSymbol": f.prefix_symbol,
            "options": [{"value": o.value, "label": o.label} for o in f.options],
            "links": links.of("custom_field", Ctx(c.user, c.module, c.r, f, values=values)),
            "values": [present_value(c, v) for v in values]}


def present_checklist(c, f, values):
    """A list row's checklist: its state and the one link the toggle follows (the value's edit form, or the
    field's add form when the row has no value yet; the form gives the options)."""
    v = values[0] if values else None
    if v is not None:
        toggle = links.of("custom_value", Ctx(c.user, c.module, c.r, v), only=("edit",)).get("edit")
    else:
        toggle = links.of("custom_field", Ctx(c.user, c.module, c.r, f, values=values)).get(f"add_{CHECKLIST}_value")
    return {"value": v.stringval if v is not None else None,
            "completed": bool(v is not None and v.stringval == "completed"),
            "links": {"toggle": toggle} if toggle else {}}


def applying(fields_, modules):
    """{module id: [field]}: the fields of `fields_` (in their order) that apply to each of `modules`. A field
    applies to the modules below (and at) the one defining it, of its target type if it has one. Found through
    the modules on each one's path: checking every field against every module cost rows x fields when the rows
    each define a field (a list whose tasks each have their own checklist)."""
    position, by_owner = {}, {}
    for i, f in enumerate(fields_):
        position[f.id] = i
        by_owner.setdefault(f.module_id, []).append(f)
    out = {}
    for m in modules:
        found = [f for p in path_ids(m.path) for f in by_owner.get(p, ())
                 if not (f.target_type and f.target_type != m.type)]
        found.sort(key=lambda f: position[f.id])
        out[m.id] = found
    return out


def _fields_of(own, by_attribute):
    """The fields defined on the modules `own` (a SELECT of ids, or their list `:own`) or above them (`:above`),
    with their options; of the attribute `:attribute` only when `by_attribute`."""
    q = FIELDS.where(CustomField.module_id.in_(bindparam("above", expanding=True)) | CustomField.module_id.in_(own))
    if by_attribute:
        q = q.where(CustomField.attribute == bindparam("attribute"))
    return q


def _values_of(own):
    """The values of the fields `:fields` on the modules `own`."""
    return VALUES.where(CustomValue.module_id.in_(own), CustomValue.field_id.in_(bindparam("fields", expanding=True))) \
        .order_by(CustomValue.id)


# Built once, for modules given by their ids (the rows of every list run them).
_OWN = bindparam("own", expanding=True)
_FIELDS_OF = {False: _fields_of(_OWN, False), True: _fields_of(_OWN, True)}
_VALUES_OF = _values_of(_OWN)


def fields_of(modules, attribute=None, ids=None):
    """{module id: [(field, [values])]} for `modules` (ORM objects or rows with id, path and type): the fields
    defined on each one's ancestors or itself, with its own values. Two queries (fields with options, values)
    whatever the number of modules; `ids` (a SELECT of the modules' ids) keeps both statements short."""
    if not modules:
        return {}
    above = {p for m in modules for p in path_ids(m.path)[:-1]}
    params = {"above": list(above), "own": [m.id for m in modules], "attribute": attribute}
    if ids is None:
        fields_q, values_q = _FIELDS_OF[bool(attribute)], _VALUES_OF
    else:
        fields_q, values_q = _fields_of(ids, bool(attribute)), _values_of(ids)
    fields_ = read_fields(read_rows(fields_q, params))
    by_module = {}
    if fields_:
        for v in read_rows(values_q, {**params, "fields": [f.id for f in fields_]}):
            by_module.setdefault((v.module_id, v.field_id), []).append(v)
    return {mid: [(f, by_module.get((mid, f.id), [])) for f in found]
            for mid, found in applying(fields_, modules).items()}


def field_view(user, module, field):
    """The field as seen from the module, with its values and links (what the checklist replaces)."""
    values = values_where(CustomValue.module_id == module.id, CustomValue.field_id == field.id)
    return present_field(Ctx(user, module, perm.rights(user, module)), field, values)
