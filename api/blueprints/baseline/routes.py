"""Baselines (issue 42, point 5): saved on a module by whoever may edit it, listed and compared with today's plan
by whoever views it."""
from flask import Blueprint, Response, request
from flask_jwt_extended import current_user, jwt_required

from ...errors import BadRequest
from ...forms import describe, parse
from ...forms.planning import BaselineForm
from ...i18n import N_, _
from ...schemas import FormSchema, MessageSchema, item_of, list_of
from ...services import baselines, modules
from .. import doc
from .schemas import BaselineSchema, SlipsSchema

bp = Blueprint("baseline", __name__, url_prefix="/api/baseline")


@bp.get("/list/<int:module_id>")
@jwt_required()
@doc("The baselines saved on the module, newest first", response=list_of(BaselineSchema))
def list_(module_id):
    module = modules.visible_module(current_user, module_id)
    return {"list": baselines.listing(current_user, module)}


@bp.get("/add/<int:module_id>")
@jwt_required()
@doc("The form to save the subtree's dates as a baseline", response=FormSchema)
def add_form(module_id):
    modules.visible_module(current_user, module_id, "content")
    return describe(BaselineForm, f"/api/baseline/add/{module_id}", "POST", user=current_user)


@bp.post("/add/<int:module_id>")
@jwt_required()
@doc("Save the subtree's dates (the module's too) as a named baseline", response=item_of(BaselineSchema),
     form=BaselineForm)
def add(module_id):
    module = modules.visible_module(current_user, module_id, "content")
    data = parse(BaselineForm, f"/api/baseline/add/{module_id}", current_user)
    return {"item": baselines.add(current_user, module, data)}


@bp.get("/slips/<int:module_id>/<int:baseline_id>")
@jwt_required()
@doc("The slip table: each module of the baseline the user sees, its dates then and now, and the working days it "
     "is late (?sort=slip|name|deadline; ?format=csv for a spreadsheet)", response=SlipsSchema,
     query={"sort": "slip (the latest first, the default), name or deadline", "format": "json (default) or csv"},
     binary=None)
def slips(module_id, baseline_id):
    sort, fmt = request.args.get("sort", "slip"), request.args.get("format", "json")
    if sort not in baselines.SORTS:
        raise BadRequest(N_("Unknown sort"),
                         errors={"sort": [_("One of %(values)s", values=", ".join(baselines.SORTS))]})
    if fmt not in ("json", "csv"):
        raise BadRequest(N_("Unknown format"), errors={"format": [N_("json or csv")]})
    module = modules.visible_module(current_user, module_id)
    b = baselines.get(module, baseline_id)
    rows = baselines.slips(current_user, module, b, sort)
    if fmt == "csv":
        name = "".join(c if c.isalnum() else "-" for c in b.name)[:60] or "baseline"
        return Response(baselines.as_csv(b, rows), mimetype="text/csv",
                        headers={"Content-Disposition": f'attachment; filename="slips-{name}.csv"'})
    return {"baseline": baselines.present(current_user, module, None, b), "list": rows}


@bp.route("/delete/<int:module_id>/<int:baseline_id>", methods=["DELETE"])
@jwt_required()
@doc("Delete a baseline (the plan itself does not change)", response=MessageSchema)
def delete(module_id, baseline_id):
    module = modules.visible_module(current_user, module_id, "content")
    baselines.delete(current_user, module, baselines.get(module, baseline_id))
    return {"message": _("Baseline deleted")}


def blueprints():
    return [bp]
