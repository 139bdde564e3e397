"""Output schemas of My work, the calendar's items and the board's lanes: they describe the presenters' answers for
/api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel
from ..module.schemas import TaskRowSchema
from ..notification.schemas import NotificationSchema


class WorkGroupSchema(Camel):
    total = fields.Integer(metadata={"description": "tasks in the group (the list holds the first 100)"})
    list = fields.List(fields.Nested(TaskRowSchema), metadata={"description": "by deadline (none last), then name"})


class WorkGroupsSchema(Camel):
    overdue = fields.Nested(WorkGroupSchema, metadata={"description": "deadline before today (not blocked)"})
    thisWeek = fields.Nested(WorkGroupSchema, metadata={"description": "deadline from today to weekEnds (not "
                                                                       "blocked)"})
    later = fields.Nested(WorkGroupSchema, metadata={"description": "deadline after weekEnds, or none (not blocked)"})
    blocked = fields.Nested(WorkGroupSchema, metadata={"description": "status Blocked, whatever the date"})


class MentionsSchema(Camel):
    total = fields.Integer(metadata={"description": "the user's unread mentions"})
    list = fields.List(fields.Nested(NotificationSchema), metadata={"description": "the newest 20"})


class MyWorkSchema(Camel):
    today = fields.Date(metadata={"description": "the server's date the groups are reckoned from"})
    weekEnds = fields.Date(metadata={"description": "the Sunday that ends this week"})
    groups = fields.Nested(WorkGroupsSchema, metadata={
        "description": "the user's open tasks (deliverable owned, not Completed or Verified Complete) in the modules "
                       "they may view, in every portal"})
    mentions = fields.Nested(MentionsSchema)


class CalendarItemsSchema(Camel):
    from_ = fields.Date(data_key="from")
    to = fields.Date()
    list = fields.List(fields.Nested(TaskRowSchema), metadata={
        "description": "modules whose deliverable has a start date, deadline or completion date in the range, by the "
                       "earliest of those dates, then name"})
    truncated = fields.Boolean(metadata={"description": "more items than the 1,000 listed fall in the range"})


class LaneFieldSchema(Camel):
    id = fields.Integer()
    name = fields.String(metadata={"description": "the field's label"})
    attribute = fields.String()
    moduleId = fields.Integer(metadata={"description": "the module that defines it"})
    multiple = fields.Boolean(metadata={"description": "a module may hold several of its options"})
    options = fields.List(fields.String(), metadata={"description": "the options' values, in order: the lanes"})
    labels = fields.Dict(keys=fields.String(), values=fields.String(), metadata={
        "description": "each option value's label"})


class LanesSchema(Camel):
    fields_ = fields.List(fields.Nested(LaneFieldSchema), data_key="fields", metadata={
        "description": "without `field`: the picklist fields that apply to the module's subtree and the user sees"})
    field = fields.Nested(LaneFieldSchema, metadata={"description": "with `field`: that field"})
    values = fields.Dict(keys=fields.String(), values=fields.String(), metadata={
        "description": "with `field`: module id -> option value, for the modules below the module that the user "
                       "views and that hold a value (of several, the first in the options' order)"})
