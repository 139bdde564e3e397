"""The pieces every endpoint group's output schemas share: envelopes, forms, errors, paging. Output schemas only
describe answers for /api/openapi.json (presenters build the answers); each group's own are in
`api/blueprints/<group>/schemas.py`."""
from datetime import timezone

from marshmallow import Schema, fields


class UtcDateTime(fields.DateTime):
    """Times are stored as naive UTC: say so on the wire ('...+00:00'), so browsers show local time."""
    def _serialize(self, value, attr, obj, **kwargs):
        if value is not None and value.tzinfo is None:
            value = value.replace(tzinfo=timezone.utc)
        return super()._serialize(value, attr, obj, **kwargs)


class Camel(Schema):
    class Meta:
        ordered = True


class StatusSchema(Camel):
    name = fields.String()
    label = fields.String()


class EnrolmentSchema(Camel):
    """A TOTP factor being enrolled, from the profile or during a sign-in that requires one (two groups' answer)."""
    secret = fields.String(metadata={"description": "base32, for typing into an authenticator"})
    otpauthUri = fields.String(metadata={"description": "drawn as a QR code by the browser"})


class FormElementSchema(Camel):
    name = fields.String()
    label = fields.String()
    type = fields.String(metadata={"enum": ["compound", "hidden", "text", "date", "email", "file", "select",
                                            "checkbox", "textarea"]})
    value = fields.Raw()
    required = fields.Boolean()
    disabled = fields.Boolean()
    help = fields.String()
    placeholder = fields.String()
    options = fields.List(fields.Dict())
    elements = fields.List(fields.Dict(), metadata={"description": "nested elements of a compound"})
    presets = fields.List(fields.Dict(), metadata={"description": "a member form's role element: presets, each a "
                                                                  "role name and its flags"})


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


class PageMetaSchema(Camel):
    page = fields.Integer()
    perPage = fields.Integer()
    total = fields.Integer(metadata={"description": "rows matching, over all pages"})


def paged_of(schema_cls):
    """A {list: [...], meta: {page, perPage, total}} envelope."""
    name = schema_cls.__name__.replace("Schema", "") + "Page"
    return _ENVELOPES.setdefault(name, type(name, (Camel,), {"list": fields.List(fields.Nested(schema_cls)),
                                                            "meta": fields.Nested(PageMetaSchema)}))


_ENVELOPES = {}


class FormsSchema(Camel):
    forms = fields.List(fields.String(), metadata={"description": "each form as a JSON string (spec §7)"})
