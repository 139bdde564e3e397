"""Output schemas of the effort endpoints (issue 45): they describe services/effort.py's answers for
/api/openapi.json."""
from marshmallow import fields

from ...schemas import Camel


class EffortPackageSchema(Camel):
    id = fields.Integer()
    name = fields.String()


class EffortProjectSchema(Camel):
    id = fields.Integer()
    name = fields.String()
    start = fields.Date(allow_none=True, metadata={"description": "the start date of the project's status: M1 begins"})
    deadline = fields.Date(allow_none=True)


class EffortPlanTotalsSchema(Camel):
    byPackage = fields.Dict(keys=fields.String(), values=fields.Float(), metadata={"description": "by module id"})
    byOrganisation = fields.Dict(keys=fields.String(), values=fields.Float())
    personMonths = fields.Float()


class EffortPlanSchema(Camel):
    project = fields.Nested(EffortPackageSchema)
    organisations = fields.List(fields.String(), metadata={"description": "those planned, then the other "
                                                                          "organisations of the portal's members"})
    packages = fields.List(fields.Nested(EffortPackageSchema), metadata={"description": "the project's children"})
    cells = fields.Dict(keys=fields.String(), values=fields.Dict(keys=fields.String(), values=fields.Float()),
                        metadata={"description": "{moduleId: {organisation: person-months}}"})
    totals = fields.Nested(EffortPlanTotalsSchema)
    hoursPerPersonMonth = fields.Float()
    links = fields.Dict(metadata={"description": "save (PUT, JSON cells) and import (POST, a CSV file)"})


class EffortPlanImportSchema(EffortPlanSchema):
    imported = fields.Integer(metadata={"description": "the cells the file set"})


class EffortPeriodSchema(Camel):
    name = fields.String(metadata={"description": "one of the portal's periods ('M1-M18'), 'all' or 'custom'"})
    start = fields.Date(allow_none=True, data_key="from")
    end = fields.Date(allow_none=True, data_key="to")
    ended = fields.Boolean(metadata={"description": "its last day (for 'all': the deadline) is before today"})


class EffortFiguresSchema(Camel):
    plannedPm = fields.Float(metadata={"description": "the plan's person-months times the period's share"})
    plannedTotalPm = fields.Float(metadata={"description": "the plan's person-months for the whole project"})
    actualPm = fields.Float()
    minutes = fields.Integer()
    hours = fields.Float()
    status = fields.String(metadata={"enum": ["over", "under", "ok", "unplanned"]})


class EffortCellSchema(EffortFiguresSchema):
    moduleId = fields.Integer(allow_none=True, metadata={"description": "null when not grouped by module"})
    organisation = fields.String(allow_none=True, metadata={"description": "null when not grouped by organisation"})


class EffortTotalsSchema(EffortFiguresSchema):
    byPackage = fields.Dict(keys=fields.String(), values=fields.Nested(EffortFiguresSchema))
    byOrganisation = fields.Dict(keys=fields.String(), values=fields.Nested(EffortFiguresSchema))


class EffortReportSchema(Camel):
    project = fields.Nested(EffortProjectSchema)
    period = fields.Nested(EffortPeriodSchema)
    periods = fields.List(fields.Dict(), metadata={"description": "the portal's reporting periods: {name, from, to} "
                                                                  "in months from the project's start"})
    by = fields.List(fields.String(), metadata={"description": "organisation and/or module"})
    hoursPerPersonMonth = fields.Float()
    share = fields.Float(metadata={"description": "the part of the plan the period stands for"})
    rule = fields.String(metadata={"description": "how a status is decided"})
    organisations = fields.List(fields.String())
    packages = fields.List(fields.Nested(EffortPackageSchema))
    cells = fields.List(fields.Nested(EffortCellSchema))
    totals = fields.Nested(EffortTotalsSchema)
    links = fields.Dict(metadata={"description": "csv and xlsx: the same report as a spreadsheet"})
