"""Output schemas of the time endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel, FormElementSchema, PageMetaSchema, UtcDateTime


class TimePersonSchema(Camel):
    id = fields.Integer()
    name = fields.String()


class TimeActivitySchema(Camel):
    id = fields.Integer()
    name = fields.String()


class TimeEntrySchema(Camel):
    id = fields.Integer()
    moduleId = fields.Integer()
    moduleName = fields.String()
    portalId = fields.Integer()
    user = fields.Nested(TimePersonSchema)
    day = fields.Date()
    minutes = fields.Integer()
    hours = fields.Float(metadata={"description": "minutes / 60, 2 decimals"})
    activity = fields.Nested(TimeActivitySchema, allow_none=True)
    note = fields.String()
    organisation = fields.String(metadata={"description": "the person's organisation when the entry was made"})
    locked = fields.Boolean(metadata={"description": "its month is approved: it can no longer change"})
    version = fields.Integer()
    links = fields.Dict(metadata={"description": "edit, delete (its person or a portal admin, while its month is "
                                                "open)"})


class TimeEntryPageSchema(Camel):
    list = fields.List(fields.Nested(TimeEntrySchema))
    meta = fields.Nested(PageMetaSchema)
    totalMinutes = fields.Integer(metadata={"description": "over every page"})
    totalHours = fields.Float()


class TimerSchema(Camel):
    moduleId = fields.Integer()
    moduleName = fields.String()
    started = UtcDateTime()
    note = fields.String()
    portalId = fields.Integer(metadata={"description": "the portal the module's page is in"})
    platform = fields.String()
    links = fields.Dict(metadata={"description": "stop, discard"})


class TimerItemSchema(Camel):
    item = fields.Nested(TimerSchema, allow_none=True, metadata={"description": "null when no timer runs"})


class TimerStartSchema(Camel):
    item = fields.Nested(TimerSchema)
    saved = fields.Nested(TimeEntrySchema, allow_none=True,
                          metadata={"description": "the entry of the timer that was running, stopped first"})


class TimePeriodSchema(Camel):
    name = fields.String(metadata={"description": "M1-M18"})
    # 'from' is a Python keyword: the attribute has another name, the wire the right one.
    from_ = fields.Integer(data_key="from", metadata={"description": "its first month, from the project's start"})
    to = fields.Integer(metadata={"description": "its last month (included)"})


class TimeSettingsSchema(Camel):
    portalId = fields.Integer()
    activities = fields.List(fields.Nested(TimeActivitySchema), metadata={"description": "the active ones, in order"})
    hoursPerPersonMonth = fields.Float()
    periods = fields.List(fields.Nested(TimePeriodSchema))
    version = fields.Integer()


class TimeSettingsPageSchema(Camel):
    """The settings form with the settings as they are."""
    method = fields.String()
    action = fields.String()
    elements = fields.List(fields.Nested(FormElementSchema))
    item = fields.Nested(TimeSettingsSchema)
