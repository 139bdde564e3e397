"""Output schemas of the timesheet endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel, UtcDateTime


class SheetPersonSchema(Camel):
    id = fields.Integer()
    name = fields.String(allow_none=True)


class TimesheetModuleSchema(Camel):
    id = fields.Integer()
    name = fields.String()
    trail = fields.String(metadata={"description": "the names from the project down, 'Project › WP1'"})


class TimesheetCellSchema(Camel):
    minutes = fields.Integer()
    entries = fields.Integer(metadata={"description": "how many entries make it (more than one: edit them in the "
                                                      "list)"})
    locked = fields.Boolean(metadata={"description": "its month is approved"})


class TimesheetRowSchema(Camel):
    module = fields.Nested(TimesheetModuleSchema)
    cells = fields.Dict(keys=fields.String(), values=fields.Nested(TimesheetCellSchema),
                        metadata={"description": "by day, 'YYYY-MM-DD', each of the week's seven"})
    totalMinutes = fields.Integer()
    totalHours = fields.Float()
    editable = fields.Boolean(metadata={"description": "the reader may set these cells"})


class TimesheetMonthSchema(Camel):
    month = fields.String(metadata={"description": "YYYY-MM"})
    state = fields.String(allow_none=True, metadata={"enum": ["SUBMITTED", "APPROVED", "RETURNED", None]})
    comment = fields.String()
    links = fields.Dict(metadata={"description": "submit (the person, or a portal admin; not once approved)"})


class TimesheetWeekSchema(Camel):
    user = fields.Nested(SheetPersonSchema)
    portalId = fields.Integer()
    week = fields.String(metadata={"description": "YYYY-Www"})
    days = fields.List(fields.Date())
    rows = fields.List(fields.Nested(TimesheetRowSchema))
    dayTotals = fields.Dict(keys=fields.String(), values=fields.Integer())
    totalMinutes = fields.Integer()
    totalHours = fields.Float()
    months = fields.List(fields.Nested(TimesheetMonthSchema))
    links = fields.Dict(metadata={"description": "cell: {url, method} where the reader may set the person's cells"})


class TimesheetCellSavedSchema(Camel):
    cell = fields.Nested(TimesheetCellSchema)
    dayTotal = fields.Integer(metadata={"description": "the person's minutes on that day in the portal"})
    rowTotal = fields.Integer(metadata={"description": "the person's minutes on that module in that week"})


class TimesheetSchema(Camel):
    id = fields.Integer()
    user = fields.Nested(SheetPersonSchema)
    month = fields.String(metadata={"description": "YYYY-MM"})
    state = fields.String(metadata={"enum": ["SUBMITTED", "APPROVED", "RETURNED"]})
    comment = fields.String()
    submitted = UtcDateTime()
    decidedBy = fields.Nested(SheetPersonSchema, allow_none=True)
    decided = UtcDateTime(allow_none=True)
    totalMinutes = fields.Integer()
    totalHours = fields.Float()
    links = fields.Dict(metadata={"description": "approve, return (the portal's admins and supervisors, never on "
                                                 "their own month), pdf"})
