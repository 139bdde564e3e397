"""Output schemas of the relation endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel, UtcDateTime
from ..deliverable.schemas import ScheduleSchema


class RelatedModuleSchema(Camel):
    id = fields.Integer()
    name = fields.String()
    type = fields.String()
    typeLabel = fields.String()
    links = fields.Dict()


class RelationSchema(Camel):
    version = fields.Integer(metadata={"description": "sent back with an edit (_version): 409 if it changed"})
    id = fields.Integer()
    kind = fields.String(metadata={"enum": ["FS", "SS", "FF", "SF", "BLOCKS", "RELATES"],
                                   "description": "as stored: FS, SS, FF, SF lead from `fromId` (the predecessor) "
                                                  "to `toId`; BLOCKS: `fromId` blocks `toId`"})
    side = fields.String(metadata={"description": "the kind seen from the module listed (the forms' `kind`)"})
    words = fields.String(metadata={"description": "how it reads from the module listed: 'precedes', 'follows', …"})
    lag = fields.Integer(metadata={"description": "working days; negative: a lead"})
    fromId = fields.Integer()
    toId = fields.Integer()
    outgoing = fields.Boolean(metadata={"description": "the module listed is `fromId`"})
    created = UtcDateTime()
    other = fields.Nested(RelatedModuleSchema)
    links = fields.Dict()


class RelationChangeSchema(Camel):
    item = fields.Nested(RelationSchema)
    schedule = fields.Nested(ScheduleSchema, metadata={"description": "what the relation moved and flagged"})


class HolidaySchema(Camel):
    date = fields.Date()
    name = fields.String()


class PlanningSchema(Camel):
    portalId = fields.Integer()
    holidays = fields.List(fields.Nested(HolidaySchema), metadata={"description": "by date"})
    projectMonths = fields.Boolean()
    boardLimits = fields.Dict(keys=fields.String(), values=fields.Integer(),
                              metadata={"description": "the board's work-in-progress limit per status (those set)"})
    version = fields.Integer()


class RecurrenceSchema(Camel):
    unit = fields.String(metadata={"description": "WEEK or MONTH"})
    every = fields.Integer()
    day = fields.Integer(metadata={"description": "1 Monday … 7 Sunday (WEEK), or of the month (MONTH)"})
    text = fields.String(metadata={"description": "'Every 2 weeks on Monday'"})
    version = fields.Integer()
