"""Reports (spec §7 Reports): the dashboard of metric panels of a module and the data of each panel."""
from flask import Blueprint
from flask_jwt_extended import current_user, jwt_required

from ...forms import describe, parse
from ...forms.reports import MetricAddForm, MetricEditForm, SaveLayoutForm
from ...i18n import _
from ...services import modules, reports
from ...transactions import writes
from .. import doc
from ...schemas import FormSchema, MessageSchema, item_of
from .schemas import MetricSchema, ReportDataSchema, ReportLayoutSchema, ReportSchema

bp = Blueprint("report", __name__, url_prefix="/api/report")


def _options(module):
    return {"attribute": [(a["attribute"], a["label"]) for a in reports.attributes_of(module)]}


def _metric_item(metric):
    return {"item": metric}


@bp.get("/list/<int:module_id>")
@writes  # makes the report on first view: on SQLite a read-then-write must hold the write lock from the start
@jwt_required()
@doc("The module's report: layout, metrics, the attributes it can show, links", response=item_of(ReportSchema))
def list_(module_id):
    module = modules.visible_module(current_user, module_id)
    return {"item": reports.view(current_user, module)}


@bp.get("/show/<int:module_id>/attribute/<attribute>")
@jwt_required()
@doc("The values of one custom-field attribute over the module's subtree, grouped and aggregated",
     response=item_of(ReportDataSchema))
def show(module_id, attribute):
    module = modules.visible_module(current_user, module_id)
    return {"item": reports.show(current_user, module, attribute)}


@bp.get("/save-layout/<int:module_id>/<int:report_id>")
@jwt_required()
@doc("The layout form of the report", response=FormSchema)
def save_layout_form(module_id, report_id):
    module = modules.visible_module(current_user, module_id, "content")
    report = reports.get_report(module, report_id)
    return describe(SaveLayoutForm, f"/api/report/save-layout/{module_id}/{report_id}", "POST", user=current_user,
                    values={"layout": report.layout})


@bp.route("/save-layout/<int:module_id>/<int:report_id>", methods=["POST", "PUT"])
@jwt_required()
@doc("Save the dashboard layout (layout: JSON array of {i, x, y, w, h})", response=item_of(ReportLayoutSchema),
     form=SaveLayoutForm)
def save_layout(module_id, report_id):
    module = modules.visible_module(current_user, module_id, "content")
    report = reports.get_report(module, report_id)
    data = parse(SaveLayoutForm)
    report = reports.save_layout(current_user, module, report, data["layout"])
    return {"item": {"id": report.id, "moduleId": report.module_id, "layout": report.layout}}


@bp.get("/metric/add/<int:module_id>")
@jwt_required()
@doc("The form to add a metric panel", response=FormSchema)
def metric_add_form(module_id):
    module = modules.visible_module(current_user, module_id, "content")
    return describe(MetricAddForm, f"/api/report/metric/add/{module_id}", "POST", user=current_user,
                    options=_options(module), values={"panelType": "default", "bgColor": "default"})


@bp.post("/metric/add/<int:module_id>")
@jwt_required()
@doc("Add a metric panel (title, description, attribute, panelType, bgColor, layout)",
     response=item_of(MetricSchema), form=MetricAddForm)
def metric_add(module_id):
    module = modules.visible_module(current_user, module_id, "content")
    data = parse(MetricAddForm, f"/api/report/metric/add/{module_id}", current_user, options=_options(module))
    return _metric_item(reports.add_metric(current_user, module, data))


def _metric(module_id, metric_id, action):
    module = modules.visible_module(current_user, module_id, action)
    return module, reports.get_metric(module, metric_id)


@bp.get("/metric/edit/<int:module_id>/<int:metric_id>")
@jwt_required()
@doc("The form to edit a metric panel", response=FormSchema)
def metric_edit_form(module_id, metric_id):
    module, metric = _metric(module_id, metric_id, "content")
    layout = reports._layout_of(metric)
    return describe(MetricEditForm, f"/api/report/metric/edit/{module_id}/{metric_id}", "PUT", user=current_user,
                    options=_options(module),
                    values={"title": metric.title, "description": metric.description, "attribute": metric.attribute,
                            "panelType": layout.get("panelType", "default"), "bgColor": layout.get("bgColor", "default"),
                            "layout": metric.layout}, version=metric.version)


@bp.route("/metric/edit/<int:module_id>/<int:metric_id>", methods=["POST", "PUT", "PATCH"])
@jwt_required()
@doc("Edit a metric panel (title, description, layout; optionally attribute, panelType, bgColor)",
     response=item_of(MetricSchema), form=MetricEditForm)
def metric_edit(module_id, metric_id):
    module, metric = _metric(module_id, metric_id, "content")
    data = parse(MetricEditForm, f"/api/report/metric/edit/{module_id}/{metric_id}", current_user,
                 options=_options(module))
    return _metric_item(reports.edit_metric(current_user, module, metric, data))


@bp.route("/metric/delete/<int:module_id>/<int:metric_id>", methods=["DELETE"])
@jwt_required()
@doc("Delete a metric panel", response=MessageSchema)
def metric_delete(module_id, metric_id):
    module, metric = _metric(module_id, metric_id, "remove")
    reports.delete_metric(current_user, module, metric)
    return {"message": _("Metric deleted")}


def blueprints():
    return [bp]
