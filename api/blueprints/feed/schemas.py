"""Output schemas of the feed endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel, UtcDateTime


class FeedEntrySchema(Camel):
    id = fields.Integer()
    created = UtcDateTime()
    createdById = fields.Integer(allow_none=True)
    createdBy = fields.String(allow_none=True)
    avatar = fields.String(allow_none=True)
    description = fields.String()
    operation = fields.String()
    category = fields.String()
    module = fields.Dict(metadata={"description": "{id, name}"})
    itemId = fields.Integer(allow_none=True, metadata={"description": "the thing changed"})
    itemName = fields.String(allow_none=True)
    subject = fields.String(allow_none=True, metadata={"description": "who or what else: a member, an address, a field"})
    changes = fields.List(fields.Dict(), metadata={"description": "[{field, label, kind: status|date|user|text, before, after}]"})
    extra = fields.Dict(metadata={"description": "descendants, position, as, version, reply, joined, ticked "
                                                 "(where they apply; ticked: a status change the checklist box made)"})
