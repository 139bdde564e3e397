"""Output schemas of the saved view endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel, UtcDateTime


class ViewOwnerSchema(Camel):
    id = fields.Integer()
    name = fields.String(allow_none=True)


class SavedViewSchema(Camel):
    id = fields.Integer()
    name = fields.String()
    kind = fields.String(metadata={"description": "tasks, board, gantt or calendar"})
    moduleId = fields.Integer()
    state = fields.Dict(metadata={"description": "what the screen shows (filters, sort, columns): the webapp's"})
    shared = fields.Boolean()
    owner = fields.Nested(ViewOwnerSchema)
    mine = fields.Boolean()
    created = UtcDateTime()
    updated = UtcDateTime()
    version = fields.Integer()
    links = fields.Dict(metadata={"description": "self (view), edit and delete (the owner; a shared view also the "
                                                 "portal's admins)"})


class SavedViewListSchema(Camel):
    list = fields.List(fields.Nested(SavedViewSchema))
    links = fields.Dict(metadata={"description": "add"})
