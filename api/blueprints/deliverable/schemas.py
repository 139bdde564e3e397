"""Output schemas of the deliverable endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel, StatusSchema


class DeliverableRowSchema(Camel):
    """A deliverable in a list row: its id, status, owner and dates, and only the links a row acts on."""
    id = fields.Integer()
    status = fields.Nested(StatusSchema)
    ownerId = fields.Integer(allow_none=True)
    ownerName = fields.String(allow_none=True)
    ownerAvatar = fields.String(allow_none=True)
    startDate = fields.Date(allow_none=True)
    deadline = fields.Date(allow_none=True)
    commencedDate = fields.Date(allow_none=True)
    completionDate = fields.Date(allow_none=True)
    links = fields.Dict(metadata={"description": "edit_start_date, edit_deadline (as the user may): the forms "
                                                 "the Gantt submits when a bar is moved"})


class DeliverableSchema(DeliverableRowSchema):
    version = fields.Integer(metadata={"description": "sent back with an edit (_version): 409 if it changed"})
    links = fields.Dict()
