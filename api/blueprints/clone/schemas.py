"""Output schemas of the clone endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel, UtcDateTime


class TemplateSchema(Camel):
    id = fields.Integer()
    name = fields.String()
    description = fields.String()
    module = fields.Dict(metadata={"description": "{id, name, type}"})
    createdBy = fields.String(allow_none=True)
    createdById = fields.Integer(allow_none=True)
    created = UtcDateTime()
    config = fields.Dict(metadata={"description": "{include: {flag: bool}, shiftDays, exclude}"})
    links = fields.Dict()
