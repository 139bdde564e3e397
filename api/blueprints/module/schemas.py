"""Output schemas of the module endpoints: they describe the presenters' answers for /api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel, UtcDateTime
from ...services.modules import DESCENDANTS_COUNTED
from ..brand.schemas import BrandSchema
from ..custom_field_values.schemas import CustomFieldSchema
from ..deliverable.schemas import DeliverableRowSchema, DeliverableSchema
from ..membership.schemas import MembershipSchema
from ..watch.schemas import WatchSchema


class ChecklistSchema(Camel):
    value = fields.String(allow_none=True)
    completed = fields.Boolean()
    links = fields.Dict(metadata={"description": "toggle: the form link (with the options) that sets the other "
                                                 "option"})


class ModuleRowSchema(Camel):
    """A module as a row of a list: what cards, rows, the Gantt and the checklist show (docs/architecture.md)."""
    id = fields.Integer()
    parentId = fields.Integer(allow_none=True)
    idx = fields.Integer()
    name = fields.String()
    description = fields.String(metadata={"description": "the start of the description (160 characters at most)"})
    type = fields.String()
    typeLabel = fields.String()
    labelPlural = fields.String()
    tab = fields.String(metadata={"description": "the tab path this module lives under in its parent"})
    platform = fields.String()
    level = fields.Integer()
    childCount = fields.Integer()
    locked = fields.Boolean()
    deliverable = fields.Nested(DeliverableRowSchema, allow_none=True)
    brand = fields.Nested(BrandSchema, allow_none=True)
    checklist = fields.Nested(ChecklistSchema, allow_none=True)
    links = fields.Dict(metadata={"description": "view, edit, delete, reindex (as the user may)"})


class RollupSchema(Camel):
    total = fields.Integer(metadata={"description": "descendants with a deliverable"})
    done = fields.Integer(metadata={"description": "of them Completed or Verified Complete"})
    byStatus = fields.Dict(keys=fields.String(), values=fields.Integer())
    flagged = fields.Boolean(metadata={"description": "the module is done while some descendants are open"})


SPENT_MINUTES = "minutes of time logged on the module and its whole subtree (issue 45)"


class SpentSchema(Camel):
    """The time spent on a module's subtree, and the plan (issue 45)."""
    minutes = fields.Integer(metadata={"description": SPENT_MINUTES})
    hours = fields.Float(metadata={"description": "the same in hours, 2 decimals"})
    plannedHours = fields.Float(allow_none=True, metadata={
        "description": "the effort plan's person-months on the subtree × the portal's hours per person-month "
                       "(2 decimals); null when the subtree has no plan"})


class TreeRowSchema(ModuleRowSchema):
    depth = fields.Integer(metadata={"description": "0 for the module's children (or a row whose parent is not shown)"})
    spentMinutes = fields.Integer(metadata={"description": SPENT_MINUTES})
    rollup = fields.Nested(RollupSchema, metadata={"description": "on a module with descendants only"})
    float = fields.Integer(metadata={"description": "total float in working days (a dated row): how far it may "
                                                   "slip before the plan's end does"})
    critical = fields.Boolean(metadata={"description": "on the critical path (no float)"})


class TreePlanningSchema(Camel):
    holidays = fields.List(fields.Date())
    projectMonths = fields.Boolean(metadata={"description": "show dates as project months too (M1, M2, ...)"})
    projectStart = fields.Date(allow_none=True, metadata={"description": "the project's start date (when shown)"})
    boardLimits = fields.Dict(keys=fields.String(), values=fields.Integer(),
                              metadata={"description": "the board's work-in-progress limit per status (those set)"})


class TreeSchema(Camel):
    moduleId = fields.Integer()
    rows = fields.List(fields.Nested(TreeRowSchema), metadata={"description": "depth first, siblings in order"})
    truncated = fields.Boolean(metadata={"description": "the subtree holds more than `cap` modules"})
    cap = fields.Integer()
    planning = fields.Nested(TreePlanningSchema, metadata={"description": "the portal's calendar as the Gantt "
                                                                          "shows it"})
    relations = fields.List(fields.Dict(), metadata={
        "description": "the relations between two of the rows: {id, fromId, toId, kind, lag, critical (driving the end "
        "date), violated (its successor starts before it allows)} (issue 42)"})


class AncestorSchema(Camel):
    id = fields.Integer()
    name = fields.String()
    type = fields.String()
    typeLabel = fields.String()


class ChildTypeSchema(Camel):
    parentType = fields.String()
    type = fields.String()
    label = fields.String()
    labelPlural = fields.String()
    tab = fields.String()


class ModuleSchema(Camel):
    """A module with every spec §3 field."""
    version = fields.Integer(metadata={"description": "sent back with an edit (_version): 409 if it changed"})
    id = fields.Integer()
    parentId = fields.Integer(allow_none=True)
    idx = fields.Integer()
    name = fields.String()
    description = fields.String()
    type = fields.String()
    typeLabel = fields.String()
    labelPlural = fields.String()
    tab = fields.String()
    platform = fields.String()
    path = fields.String()
    level = fields.Integer()
    childCount = fields.Integer()
    descendantCount = fields.Integer(metadata={"description": "modules below it, at any depth (a delete takes them), "
                                                             f"counted up to {DESCENDANTS_COUNTED:,}"})
    descendantCountExact = fields.Boolean(metadata={"description": "false: more modules than descendantCount are "
                                                                   "below it"})
    created = UtcDateTime()
    createdBy = fields.String(allow_none=True)
    createdById = fields.Integer(allow_none=True)
    locked = fields.Boolean()
    deliverable = fields.Nested(DeliverableSchema, allow_none=True)
    brand = fields.Nested(BrandSchema, allow_none=True)
    customFields = fields.List(fields.Nested(CustomFieldSchema))
    links = fields.Dict()
    fullPath = fields.List(fields.Nested(AncestorSchema))
    fqn = fields.String()
    children = fields.List(fields.Nested(ModuleRowSchema))
    memberships = fields.List(fields.Nested(MembershipSchema))
    childTypes = fields.List(fields.Nested(ChildTypeSchema))
    watch = fields.Nested(WatchSchema, metadata={"description": "the reader's watch and the number of watchers"})
    spent = fields.Nested(SpentSchema)


class TrailSchema(AncestorSchema):
    """An ancestor of a task row, with where it lives in its own parent's page."""
    level = fields.Integer()
    tab = fields.String(metadata={"description": "the tab path it lives under in its parent's page"})


class TaskRowSchema(ModuleRowSchema):
    completed = fields.Boolean()
    spentMinutes = fields.Integer(metadata={"description": SPENT_MINUTES + "; in the task lists "
                                                           "(detailed-list-by-type) only"})
    parentName = fields.String(allow_none=True)
    projectId = fields.Integer(allow_none=True)
    projectName = fields.String(allow_none=True)
    entryId = fields.Integer(allow_none=True, metadata={"description": "the entry module (portal) it belongs to"})
    entryName = fields.String(allow_none=True)
    breadcrumb = fields.List(fields.String(), metadata={"description": "names from the portal down to the parent"})
    ancestors = fields.List(fields.Nested(TrailSchema), metadata={
        "description": "from the entry module (level 1) down to the parent: id, name, type, typeLabel, level and "
                       "the tab each lives under in its parent, so a link can open the row over its real parent "
                       "(project / phase tab / phase / tasks tab / task); the row's own `tab` is the one it lives "
                       "under in its parent"})
