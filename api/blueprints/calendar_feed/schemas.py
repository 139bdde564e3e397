"""Output schemas of the calendar feed endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel, UtcDateTime


class FeedPortalSchema(Camel):
    id = fields.Integer()
    name = fields.String(allow_none=True)


class CalendarFeedSchema(Camel):
    id = fields.Integer()
    name = fields.String()
    scope = fields.String(metadata={"description": "mine (tasks the user owns) or watched (tasks the user watches)"})
    portal = fields.Nested(FeedPortalSchema, allow_none=True, metadata={"description": "null: every portal"})
    created = UtcDateTime()
    lastUsed = UtcDateTime(allow_none=True)
    links = fields.Dict(metadata={"description": "delete (revoke)"})


class CalendarFeedListSchema(Camel):
    list = fields.List(fields.Nested(CalendarFeedSchema))
    links = fields.Dict(metadata={"description": "add"})


class CalendarFeedCreatedSchema(Camel):
    item = fields.Nested(CalendarFeedSchema)
    url = fields.String(metadata={"description": "the feed's address, with its secret: shown this once only"})
