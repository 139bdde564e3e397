"""Output schemas of the custom field definitions endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel


class CustomFieldBaseSchema(Camel):
    """What every view of a custom field shows: its definition."""
    id = fields.Integer()
    moduleId = fields.Integer()
    attribute = fields.String()
    label = fields.String()
    type = fields.String()
    multiple = fields.Boolean()
    symbol = fields.String(allow_none=True)
    prefixSymbol = fields.Boolean()
    options = fields.List(fields.Dict(), metadata={"description": "[{value, label}]"})
    links = fields.Dict()


class CustomFieldDefSchema(CustomFieldBaseSchema):
    """A field's definition for the settings page: where it applies and how many values it has."""
    targetType = fields.String(allow_none=True)
    targetLabel = fields.String(allow_none=True)
    valueCount = fields.Integer()
