"""A project's effort plan (its editors: read, set as JSON cells, imported from CSV) and its effort report, planned
against actual person-months for a period (its viewers; JSON, CSV or XLSX)."""
from flask import Blueprint, request
from flask_jwt_extended import current_user, jwt_required

from ...forms import parse
from ...forms.effort import EffortImportForm, EffortPlanForm
from ...services import effort, modules
from .. import doc
from .schemas import EffortPlanImportSchema, EffortPlanSchema, EffortReportSchema

bp = Blueprint("effort", __name__, url_prefix="/api/time")

REPORT_QUERY = {
    "period": "one of the portal's reporting periods ('M1-M18'), or 'all' (the default)",
    "from": "with `to`, instead of a period: the first day, YYYY-MM-DD",
    "to": "with `from`: the last day, YYYY-MM-DD",
    "by": "what the cells are grouped by: organisation, module or both (the default: organisation,module)",
    "format": "json (the default), csv or xlsx",
}


@bp.get("/plan/<int:project_id>")
@jwt_required()
@doc("A project's effort plan: the person-months each organisation plans on each work package",
     response=EffortPlanSchema)
def plan(project_id):
    project = modules.visible_module(current_user, project_id, "effort_plan")
    return effort.plan(current_user, project)


@bp.put("/plan/<int:project_id>")
@jwt_required()
@doc("Set cells of the effort plan (the others stay; 0 or null removes one)", response=EffortPlanSchema,
     json=EffortPlanForm)
def plan_save(project_id):
    project = modules.visible_module(current_user, project_id, "effort_plan")
    return effort.save_plan(current_user, project, parse(EffortPlanForm)["cells"])


@bp.post("/plan/import/<int:project_id>")
@jwt_required()
@doc("Set cells of the effort plan from a CSV file (multipart `file`): all its lines, or none when one is bad",
     response=EffortPlanImportSchema, form=EffortImportForm)
def plan_import(project_id):
    project = modules.visible_module(current_user, project_id, "effort_plan")
    return effort.import_plan(current_user, project, parse(EffortImportForm)["file"])


@bp.get("/report/<int:project_id>")
@jwt_required()
@doc("A project's effort report: person-months spent per work package and organisation in a period, against the "
     "plan (?format=csv|xlsx for a spreadsheet)", response=EffortReportSchema, query=REPORT_QUERY)
def report(project_id):
    project = modules.visible_module(current_user, project_id, "effort_report")
    fmt = effort.report_format(request.args)
    body = effort.report(current_user, project, request.args)
    return body if fmt == "json" else effort.report_download(body, fmt)


def blueprints():
    return [bp]
