"""Relations between modules (issue 42): listed from either end; added, changed and removed by someone who may
edit both."""
from flask import Blueprint
from flask_jwt_extended import current_user, jwt_required

from ...forms import describe, parse
from ...forms.planning import RelationEditForm, RelationForm, side_of
from ...schemas import FormSchema, MessageSchema, item_of, list_of
from ...services import modules, relations
from .. import doc
from .schemas import RelationSchema

relation_bp = Blueprint("relation", __name__, url_prefix="/api/relation")


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
     response=item_of(RelationSchema), form=RelationForm)
def add(module_id):
    module = modules.visible_module(current_user, module_id, "content")
    data = parse(RelationForm, f"/api/relation/add/{module_id}", current_user)
    return {"item": relations.add(current_user, module, data)}


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
@doc("Change a relation's kind or lag", response=item_of(RelationSchema), form=RelationEditForm)
def edit(module_id, relation_id):
    module, rel, other, other_r = _relation(module_id, relation_id, "edit")
    data = parse(RelationEditForm, f"/api/relation/edit/{module_id}/{relation_id}", current_user)
    return {"item": relations.edit(current_user, module, rel, other, other_r, data)}


@relation_bp.route("/delete/<int:module_id>/<int:relation_id>", methods=["DELETE"])
@jwt_required()
@doc("Remove a relation", response=MessageSchema)
def delete(module_id, relation_id):
    module, rel, other, _ = _relation(module_id, relation_id, "delete")
    relations.delete(current_user, module, rel, other)
    return {"message": "Relation removed"}


def blueprints():
    return [relation_bp]
