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
    embed = fields.Dict(allow_none=True, metadata={
        "description": "a YouTube or Vimeo video: {provider, id, url} on the provider's privacy-enhanced host, to "
                       "frame only after a click; else null"})
    links = fields.Dict()
