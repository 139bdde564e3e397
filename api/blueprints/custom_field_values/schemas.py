"""Output schemas of the custom field values endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel
from ..custom_field_definitions.schemas import CustomFieldBaseSchema


class CustomValueSchema(Camel):
    version = fields.Integer(metadata={"description": "sent back with an edit (_version): 409 if it changed"})
    id = fields.Integer()
    values = fields.Dict(metadata={"description": "{stringval, numval, dateval}"})
    optionLabel = fields.String(allow_none=True)
    userId = fields.Integer(allow_none=True)
    links = fields.Dict()


class CustomFieldSchema(CustomFieldBaseSchema):
    """A field as seen from one module, with that module's values."""
    moduleId = fields.Integer()
    values = fields.List(fields.Nested(CustomValueSchema))
