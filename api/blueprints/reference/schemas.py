"""Output schemas of the reference endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel, UtcDateTime


class ReferenceSchema(Camel):
    version = fields.Integer(metadata={"description": "sent back with an edit (_version): 409 if it changed"})
    id = fields.Integer()
    moduleId = fields.Integer()
    title = fields.String()
    description = fields.String()
    url = fields.String()
    resourceType = fields.String()
    created = UtcDateTime()
    createdBy = fields.String(allow_none=True)
    createdById = fields.Integer(allow_none=True)
    locked = fields.Boolean()
    links = fields.Dict()
