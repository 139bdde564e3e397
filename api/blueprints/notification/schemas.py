"""Output schemas of notifications: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel, PageMetaSchema, UtcDateTime
from ...services.events.notifications import KINDS


class NotificationActorSchema(Camel):
    id = fields.Integer()
    name = fields.String(allow_none=True)
    avatar = fields.String(allow_none=True)


class NotificationModuleSchema(Camel):
    id = fields.Integer()
    name = fields.String()
    platform = fields.String()
    portalId = fields.Integer(allow_none=True)
    tab = fields.String(allow_none=True, metadata={"description": "the tab of the module page that shows the item"})


class NotificationSchema(Camel):
    id = fields.Integer()
    kind = fields.String(metadata={"enum": list(KINDS)})
    created = UtcDateTime()
    read = fields.Boolean()
    readAt = UtcDateTime(allow_none=True)
    text = fields.String()
    category = fields.String()
    itemId = fields.Integer(allow_none=True)
    count = fields.Integer(metadata={"description": "how many changes it stands for: several of one module within "
                                                   "minutes make one notification (1: a single change)"})
    others = fields.Integer(metadata={"description": "how many other people besides `actor` (the latest) made them"})
    actor = fields.Nested(NotificationActorSchema, allow_none=True)
    module = fields.Nested(NotificationModuleSchema, allow_none=True, metadata={
        "description": "null when deleted or when the reader may no longer view it (the text then names no module "
                       "and holds nothing written there)"})
    links = fields.Dict()


class NotificationMetaSchema(PageMetaSchema):
    unread = fields.Integer(metadata={"description": "the user's unread notifications, whatever the filters (with a "
                                                    "portal-bound API token: that portal's)"})


class NotificationPageSchema(Camel):
    list = fields.List(fields.Nested(NotificationSchema))
    meta = fields.Nested(NotificationMetaSchema)


class ReadAllSchema(Camel):
    message = fields.String()
    marked = fields.Integer()
    unread = fields.Integer()


class UnsubscribeSchema(Camel):
    kind = fields.String()
    label = fields.String()
    email = fields.String()
