"""Relations between modules (issue 42): listed from either end; added, changed and removed by someone who may
edit both."""
from flask import Blueprint, Response
from flask_jwt_extended import current_user, jwt_required

from ...forms import describe, parse
from ...forms.planning import (PlanningSettingsForm, PreviewForm, RecurrenceForm, RelationEditForm, RelationForm,
                               side_of)
from ...schemas import FormSchema, MessageSchema, list_of
from ...forms import query_id
from ...i18n import _
from ...services import baselines, modules, mspdi, recurrence, relations, scheduling
from .. import doc
from ..deliverable.schemas import ScheduleSchema
from .schemas import PlanningSchema, RecurrenceSchema, RelationChangeSchema, RelationSchema

relation_bp = Blueprint("relation", __name__, url_prefix="/api/relation")
planning_bp = Blueprint("planning", __name__, url_prefix="/api/planning")
recurrence_bp = Blueprint("recurrence", __name__, url_prefix="/api/recurrence")


@relation_bp.get("/list/<int:module_id>")
@jwt_required()
@doc("The module's relations, both ways, each with the module at its other end (only those the user sees)",
     response=list_of(RelationSchema))
def list_(module_id):
    module = modules.visible_module(current_user, module_id)
    return {"list": relations.listing(current_user, module)}


@relation_bp.get("/add/<int:module_id>")
@jwt_required()
@doc("The add-relation form (the modules it offers: of the same project, that the user may edit)",
     response=FormSchema)
def add_form(module_id):
    module = modules.visible_module(current_user, module_id, "content")
    return describe(RelationForm, f"/api/relation/add/{module_id}", "POST", user=current_user,
                    values={"kind": "FS_IN", "lag": 0}, options={"other": relations.candidates(current_user, module)})


@relation_bp.post("/add/<int:module_id>")
@jwt_required()
@doc("Relate the module to another of its portal (other, kind from this module's side, lag in working days)",
     response=RelationChangeSchema, form=RelationForm)
def add(module_id):
    module = modules.visible_module(current_user, module_id, "content")
    data = parse(RelationForm, f"/api/relation/add/{module_id}", current_user)
    item, schedule = relations.add(current_user, module, data)
    return {"item": item, "schedule": schedule}


def _relation(module_id, relation_id, action):
    module = modules.visible_module(current_user, module_id)
    return (module, *relations.get(current_user, module, relation_id, action))


@relation_bp.get("/edit/<int:module_id>/<int:relation_id>")
@jwt_required()
@doc("The edit-relation form (kind and lag)", response=FormSchema)
def edit_form(module_id, relation_id):
    module, rel, _, _ = _relation(module_id, relation_id, "edit")
    return describe(RelationEditForm, f"/api/relation/edit/{module_id}/{relation_id}", "PUT", user=current_user,
                    values={"kind": side_of(rel.kind, rel.from_id == module.id), "lag": rel.lag}, version=rel.version)


@relation_bp.route("/edit/<int:module_id>/<int:relation_id>", methods=["POST", "PUT", "PATCH"])
@jwt_required()
@doc("Change a relation's kind or lag", response=RelationChangeSchema, form=RelationEditForm)
def edit(module_id, relation_id):
    module, rel, other, other_r = _relation(module_id, relation_id, "edit")
    data = parse(RelationEditForm, f"/api/relation/edit/{module_id}/{relation_id}", current_user)
    item, schedule = relations.edit(current_user, module, rel, other, other_r, data)
    return {"item": item, "schedule": schedule}


@relation_bp.route("/delete/<int:module_id>/<int:relation_id>", methods=["DELETE"])
@jwt_required()
@doc("Remove a relation", response=MessageSchema)
def delete(module_id, relation_id):
    module, rel, other, _rights = _relation(module_id, relation_id, "delete")
    relations.delete(current_user, module, rel, other)
    return {"message": _("Relation removed")}


@relation_bp.post("/preview/<int:module_id>")
@jwt_required()
@doc("What moving the module to these dates would move and flag along its relations; nothing is saved",
     response=ScheduleSchema, form=PreviewForm)
def preview(module_id):
    module = modules.visible_module(current_user, module_id, "content")
    data = parse(PreviewForm, f"/api/relation/preview/{module_id}", current_user)
    return scheduling.preview(current_user, module, data.get("startDate"), data.get("deadline"))


@planning_bp.get("/settings/<int:module_id>")
@jwt_required()
@doc("The portal's planning settings form (its holidays; dates as project months); its admins", response=FormSchema)
def settings_form(module_id):
    portal = modules.visible_module(current_user, module_id, "planning")
    s = scheduling.settings(portal.id)
    return describe(PlanningSettingsForm, f"/api/planning/settings/{module_id}", "PUT", user=current_user,
                    values=scheduling.form_values(s), version=s.version or None)


@planning_bp.route("/settings/<int:module_id>", methods=["POST", "PUT"])
@jwt_required()
@doc("Save the portal's planning settings", response=PlanningSchema, form=PlanningSettingsForm)
def settings(module_id):
    portal = modules.visible_module(current_user, module_id, "planning")
    data = parse(PlanningSettingsForm, f"/api/planning/settings/{module_id}", current_user)
    return scheduling.save_settings(current_user, portal, data)


@planning_bp.get("/mspdi/<int:module_id>")
@jwt_required()
@doc("The subtree as MS Project XML (MSPDI: tasks, outline, links with lag, milestones, the holidays; "
     "?baseline=id as Baseline 0), as the user sees it", binary="application/xml",
     query={"baseline": "a baseline of this module, written as Baseline 0"})
def mspdi_export(module_id):
    module = modules.visible_module(current_user, module_id)
    bid = query_id("baseline")
    b = baselines.get(module, bid) if bid else None
    name = "".join(c if c.isalnum() else "-" for c in module.name)[:60] or "plan"
    return Response(mspdi.export(current_user, module, b), mimetype="application/xml",
                    headers={"Content-Disposition": f'attachment; filename="{name}.xml"'})


@recurrence_bp.get("/edit/<int:module_id>")
@jwt_required()
@doc("The form of how the module repeats (weekly or monthly, every N, on a day)", response=FormSchema)
def recurrence_form(module_id):
    module = modules.visible_module(current_user, module_id, "content")
    rule = recurrence.get(module)
    return describe(RecurrenceForm, f"/api/recurrence/edit/{module_id}", "PUT", user=current_user,
                    values=recurrence.values_of(rule), version=rule.version if rule else None)


@recurrence_bp.route("/edit/<int:module_id>", methods=["POST", "PUT"])
@jwt_required()
@doc("Make the module repeat, or change how: its next occurrence comes when it is completed or its start date "
     "comes", response=RecurrenceSchema, form=RecurrenceForm)
def recurrence_save(module_id):
    module = modules.visible_module(current_user, module_id, "content")
    data = parse(RecurrenceForm, f"/api/recurrence/edit/{module_id}", current_user)
    return recurrence.save(current_user, module, data)


@recurrence_bp.route("/stop/<int:module_id>", methods=["DELETE"])
@jwt_required()
@doc("Stop the series (the occurrences made stay)", response=MessageSchema)
def recurrence_stop(module_id):
    module = modules.visible_module(current_user, module_id, "content")
    recurrence.stop(current_user, module)
    return {"message": _("It repeats no more")}


def blueprints():
    return [relation_bp, planning_bp, recurrence_bp]
