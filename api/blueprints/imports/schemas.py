"""Output schemas of imports (issue 46)."""
from marshmallow import fields

from ...schemas import Camel, UtcDateTime


class ImportPersonSchema(Camel):
    id = fields.Integer()
    name = fields.String(allow_none=True)


class ImportReportSchema(Camel):
    created = fields.Dict(metadata={"description": "what the run created, by kind"})
    updated = fields.Dict(metadata={"description": "what it updated (rows an earlier run of the same source made)"})
    skipped = fields.List(fields.Dict(), metadata={"description": "{what, reason}: what it left out, and why"})
    errors = fields.List(fields.Dict(), metadata={"description": "{row, column, message}: a spreadsheet's bad rows"})
    moduleId = fields.Integer(allow_none=True)
    message = fields.String(metadata={"description": "why a failed run failed"})


class ImportJobSchema(Camel):
    id = fields.Integer()
    kind = fields.String(metadata={"description": "redmine, spreadsheet, mspdi or archive"})
    state = fields.String(metadata={"description": "QUEUED, RUNNING, DONE, FAILED or CANCELLED"})
    phase = fields.String(metadata={"description": "reading, writing (while it runs)"})
    done = fields.Integer()
    total = fields.Integer()
    dryRun = fields.Boolean()
    title = fields.String()
    created = UtcDateTime()
    finished = UtcDateTime(allow_none=True)
    cancelRequested = fields.Boolean()
    createdBy = fields.Nested(ImportPersonSchema, allow_none=True)
    report = fields.Nested(ImportReportSchema, allow_none=True)
    links = fields.Dict(metadata={"description": "self, cancel (while it may stop), module (the imported module)"})


class ImportJobItemSchema(Camel):
    item = fields.Nested(ImportJobSchema)


class ImportListSchema(Camel):
    items = fields.List(fields.Nested(ImportJobSchema))
    links = fields.Dict(metadata={"description": "redmine_probe, redmine, spreadsheet_columns, spreadsheet, mspdi, "
                                                 "export_archive"})


class RedmineProbeSchema(Camel):
    project = fields.Dict(metadata={"description": "{name, identifier}"})
    statuses = fields.List(fields.Dict(), metadata={"description": "{id, name, isClosed, status}: Redmine's "
                                                                   "statuses with the status each becomes by default"})
    trackers = fields.List(fields.Dict())
    counts = fields.Dict()


class SpreadsheetColumnsSchema(Camel):
    headers = fields.List(fields.String())
    mapping = fields.Dict(metadata={"description": "header → target (or null): the guess, to confirm or change"})
    targets = fields.List(fields.Dict(), metadata={"description": "{value, label}: what a column may hold"})
    rows = fields.Integer()
