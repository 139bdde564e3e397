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
    autoScheduled = fields.Boolean(metadata={"description": "moves with what it follows (a parent: spans its "
                                                            "children)"})
    milestone = fields.Boolean(metadata={"description": "one date: its start date and deadline are the same day"})
    recurrence = fields.String(allow_none=True, metadata={"description": "how it repeats ('Every week on Monday'), "
                                                                         "or null"})
    links = fields.Dict(metadata={"description": "edit_start_date, edit_deadline (as the user may): the forms "
                                                 "the Gantt submits when a bar is moved"})


class DeliverableSchema(DeliverableRowSchema):
    version = fields.Integer(metadata={"description": "sent back with an edit (_version): 409 if it changed"})
    links = fields.Dict()


class MovedSchema(Camel):
    id = fields.Integer()
    name = fields.String()
    startDate = fields.Date(allow_none=True)
    deadline = fields.Date(allow_none=True)
    before = fields.Dict(metadata={"description": "{startDate, deadline} before the move"})


class FlaggedSchema(Camel):
    relationId = fields.Integer()
    fromId = fields.Integer()
    toId = fields.Integer()
    name = fields.String(metadata={"description": "the manual successor whose start the relation now breaks"})
    message = fields.String()


class ScheduleSchema(Camel):
    moved = fields.List(fields.Nested(MovedSchema), metadata={
        "description": "the automatic modules the change moved (those the user may see), by date"})
    flagged = fields.List(fields.Nested(FlaggedSchema), metadata={
        "description": "relations into manual modules that the dates now break: not moved, flagged"})


class DeliverableChangeSchema(Camel):
    item = fields.Nested(DeliverableSchema)
    schedule = fields.Nested(ScheduleSchema, metadata={"description": "after a change of a planned field"})
