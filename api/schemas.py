"""Marshmallow output schemas shared by the blueprints (they also document the API).

Presenters in the services attach the request-specific parts (links, counts, children) to the
objects as `_`-prefixed attributes before dumping.
"""
from datetime import timezone

from marshmallow import Schema, fields


class UtcDateTime(fields.DateTime):
    """Times are stored as naive UTC: say so on the wire ('...+00:00'), so browsers show local time."""
    def _serialize(self, value, attr, obj, **kwargs):
        if value is not None and value.tzinfo is None:
            value = value.replace(tzinfo=timezone.utc)
        return super()._serialize(value, attr, obj, **kwargs)


def avatar_url(user):
    """The avatar's address changes with each upload, so browsers may cache it."""
    return f"/api/avatar/view/{user.id}?v={user.avatar[:8]}" if user is not None and user.avatar else None


class Camel(Schema):
    class Meta:
        ordered = True


def created_by():
    return fields.Function(lambda o: o.created_by.name if getattr(o, "created_by", None) else None,
                           data_key="createdBy")


class StatusSchema(Camel):
    name = fields.String()
    label = fields.String()


class DeliverableSchema(Camel):
    id = fields.Integer()
    status = fields.Function(lambda d: {"name": d.status, "label": d.status.replace("_", " ").title()},
                             metadata={"description": "{name, label}"})
    ownerId = fields.Integer(attribute="owner_id", allow_none=True)
    ownerName = fields.Function(lambda d: d.owner.name if d.owner else None)
    ownerAvatar = fields.Function(lambda d: avatar_url(d.owner))
    startDate = fields.Date(attribute="start_date", allow_none=True)
    deadline = fields.Date(allow_none=True)
    commencedDate = fields.Date(attribute="commenced_date", allow_none=True)
    completionDate = fields.Date(attribute="completion_date", allow_none=True)
    links = fields.Dict(attribute="_links")


class BrandSchema(Camel):
    id = fields.Integer()
    logo = fields.Integer(attribute="logo_size", allow_none=True, metadata={"description": "logo file size or null"})
    links = fields.Dict(attribute="_links")


class MembershipSchema(Camel):
    id = fields.Integer()
    moduleId = fields.Integer(attribute="module_id")
    userId = fields.Integer(attribute="user_id")
    userName = fields.Function(lambda m: m.user.email)
    userEmail = fields.Function(lambda m: m.user.email)
    name = fields.Function(lambda m: m.user.name)
    role = fields.String()
    organisation = fields.Function(lambda m: m.user.organisation)
    avatar = fields.Function(lambda m: avatar_url(m.user))
    admin = fields.Boolean()
    allowCreate = fields.Boolean(attribute="allow_create")
    allowView = fields.Boolean(attribute="allow_view")
    allowEdit = fields.Boolean(attribute="allow_edit")
    allowDelete = fields.Boolean(attribute="allow_delete")
    inherited = fields.Boolean(attribute="_inherited", dump_default=False)
    links = fields.Dict(attribute="_links")


class CustomValueSchema(Camel):
    id = fields.Integer()
    values = fields.Function(lambda v: {"stringval": v.stringval, "numval": v.numval,
                                        "dateval": v.dateval.isoformat() if v.dateval else None})
    optionLabel = fields.Function(lambda v: v.option.label if v.option else None)
    userId = fields.Integer(attribute="user_id", allow_none=True)
    links = fields.Dict(attribute="_links")


class CustomFieldBaseSchema(Camel):
    """What every view of a custom field shows: its definition."""
    id = fields.Integer()
    moduleId = fields.Integer(attribute="module_id")
    attribute = fields.String()
    label = fields.String()
    type = fields.String()
    multiple = fields.Boolean()
    symbol = fields.String(allow_none=True)
    prefixSymbol = fields.Boolean(attribute="prefix_symbol")
    options = fields.Function(lambda f: [{"value": o.value, "label": o.label} for o in f.options])
    links = fields.Dict(attribute="_links")


class CustomFieldSchema(CustomFieldBaseSchema):
    """A field as seen from one module, with that module's values."""
    moduleId = fields.Integer(attribute="_for_module")
    values = fields.List(fields.Nested(CustomValueSchema), attribute="_values")


class ModuleSummarySchema(Camel):
    id = fields.Integer()
    parentId = fields.Integer(attribute="parent_id", allow_none=True)
    idx = fields.Integer()
    name = fields.String()
    description = fields.String()
    type = fields.String()
    typeLabel = fields.String(attribute="_type_label")
    labelPlural = fields.String(attribute="_label_plural")
    tab = fields.Function(lambda m: m._label_plural.lower().replace(" ", "-") if hasattr(m, "_label_plural") else None,
                          metadata={"description": "the tab path this module lives under in its parent"})
    platform = fields.String()
    path = fields.String()
    level = fields.Integer()
    childCount = fields.Integer(attribute="_child_count")
    created = UtcDateTime()
    createdBy = created_by()
    createdById = fields.Integer(attribute="created_by_id", allow_none=True)
    locked = fields.Boolean()
    deliverable = fields.Nested(DeliverableSchema, attribute="_deliverable", allow_none=True)
    brand = fields.Nested(BrandSchema, attribute="_brand", allow_none=True)
    customFields = fields.List(fields.Nested(CustomFieldSchema), attribute="_custom_fields")
    links = fields.Dict(attribute="_links")


class AncestorSchema(Camel):
    id = fields.Integer()
    name = fields.String()
    type = fields.String()
    typeLabel = fields.String(attribute="_type_label")


class ChildTypeSchema(Camel):
    parentType = fields.String(attribute="parent_type")
    type = fields.String(attribute="child_type")
    label = fields.String()
    labelPlural = fields.String(attribute="label_plural")
    tab = fields.Function(lambda r: r.label_plural.lower().replace(" ", "-"))


class ModuleSchema(ModuleSummarySchema):
    fullPath = fields.List(fields.Nested(AncestorSchema), attribute="_ancestors")
    fqn = fields.String(attribute="_fqn")
    children = fields.List(fields.Nested(ModuleSummarySchema), attribute="_children")
    memberships = fields.List(fields.Nested(MembershipSchema), attribute="_memberships")
    childTypes = fields.List(fields.Nested(ChildTypeSchema), attribute="_child_types")


class TaskRowSchema(ModuleSummarySchema):
    completed = fields.Boolean(attribute="_completed")
    parentName = fields.String(attribute="_parent_name", allow_none=True)
    projectId = fields.Integer(attribute="_project_id", allow_none=True)
    projectName = fields.String(attribute="_project_name", allow_none=True)


class FeedEntrySchema(Camel):
    id = fields.Integer()
    created = UtcDateTime()
    createdById = fields.Integer(attribute="created_by_id", allow_none=True)
    createdBy = created_by()
    avatar = fields.Function(lambda e: avatar_url(e.created_by))
    description = fields.String()
    operation = fields.String()
    category = fields.String()
    module = fields.Function(lambda e: {"id": e.module_id, "name": e._module_name})


class FormElementSchema(Camel):
    name = fields.String()
    label = fields.String()
    type = fields.String(metadata={"enum": ["compound", "hidden", "text", "date", "email", "file", "select",
                                            "textarea"]})
    value = fields.Raw()
    required = fields.Boolean()
    disabled = fields.Boolean()
    help = fields.String()
    placeholder = fields.String()
    options = fields.List(fields.Dict())
    elements = fields.List(fields.Dict(), metadata={"description": "nested elements of a compound"})


class FormSchema(Camel):
    method = fields.String()
    action = fields.String()
    elements = fields.List(fields.Nested(FormElementSchema))


class MessageSchema(Camel):
    message = fields.String()


class ErrorSchema(Camel):
    error = fields.String()
    errors = fields.Dict(keys=fields.String(), values=fields.List(fields.String()))


def item_of(schema_cls):
    """An {item: ...} envelope schema, made once per item schema."""
    name = schema_cls.__name__.replace("Schema", "") + "Item"
    return _ENVELOPES.setdefault(name, type(name, (Camel,), {"item": fields.Nested(schema_cls)}))


def list_of(schema_cls):
    name = schema_cls.__name__.replace("Schema", "") + "List"
    return _ENVELOPES.setdefault(name, type(name, (Camel,), {"list": fields.List(fields.Nested(schema_cls))}))


_ENVELOPES = {}


class ArticleSchema(Camel):
    id = fields.Integer()
    moduleId = fields.Integer(attribute="module_id")
    parentId = fields.Integer(attribute="parent_id", allow_none=True)
    title = fields.String()
    content = fields.String(metadata={"description": "JSON string of a draft-js raw state"})
    created = UtcDateTime()
    updated = UtcDateTime(allow_none=True)
    createdBy = created_by()
    createdById = fields.Integer(attribute="created_by_id", allow_none=True)
    children = fields.List(fields.Nested(lambda: ArticleSchema(exclude=("content",))), attribute="_children")
    links = fields.Dict(attribute="_links")


class CommentSchema(Camel):
    id = fields.Integer()
    parentId = fields.Integer(attribute="parent_id", allow_none=True)
    title = fields.String()
    content = fields.String()
    deleted = fields.Boolean()
    created = UtcDateTime()
    updated = UtcDateTime(allow_none=True)
    createdBy = fields.Function(lambda c: None if c.deleted else (c.created_by.name if c.created_by else None),
                                data_key="createdBy")
    createdById = fields.Function(lambda c: None if c.deleted else c.created_by_id)
    avatar = fields.Function(lambda c: None if c.deleted else avatar_url(c.created_by))
    links = fields.Dict(attribute="_links")


class FileVersionSchema(Camel):
    id = fields.Integer()
    filename = fields.String()
    fileName = fields.Function(lambda o: o.filename)
    filesize = fields.Integer()
    mime = fields.String()
    created = UtcDateTime()
    createdBy = created_by()
    links = fields.Dict(attribute="_links")


class FileSchema(Camel):
    id = fields.Integer()
    moduleId = fields.Integer(attribute="module_id")
    title = fields.String()
    filename = fields.String()
    fileName = fields.Function(lambda o: o.filename)
    filesize = fields.Integer()
    mime = fields.String()
    created = UtcDateTime()
    createdBy = created_by()
    createdById = fields.Integer(attribute="created_by_id", allow_none=True)
    locked = fields.Boolean()
    versions = fields.List(fields.Nested(FileVersionSchema), attribute="_versions")
    links = fields.Dict(attribute="_links")


class ReferenceSchema(Camel):
    id = fields.Integer()
    moduleId = fields.Integer(attribute="module_id")
    title = fields.String()
    description = fields.String()
    url = fields.String()
    resourceType = fields.String(attribute="resource_type")
    created = UtcDateTime()
    createdBy = created_by()
    createdById = fields.Integer(attribute="created_by_id", allow_none=True)
    locked = fields.Boolean()
    links = fields.Dict(attribute="_links")


class VaultSchema(Camel):
    id = fields.Integer()
    moduleId = fields.Integer()
    files = fields.List(fields.Nested(FileSchema))
    references = fields.List(fields.Nested(ReferenceSchema))
    links = fields.Dict()


class FormsSchema(Camel):
    forms = fields.List(fields.String(), metadata={"description": "each form as a JSON string (spec §7)"})
