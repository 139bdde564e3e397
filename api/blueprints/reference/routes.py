"""References of the vault (spec §7 Vault): links to documents, videos and pages, lockable. Their form endpoints
answer {"forms": [the form as a JSON string]} (spec §7)."""
import json

from flask import Blueprint
from flask_jwt_extended import current_user, jwt_required

from ...forms import describe, parse
from ...forms.vault import ReferenceForm
from ...i18n import _
from ...services import modules, vault
from .. import doc
from ...schemas import FormsSchema, MessageSchema, item_of, list_of
from .schemas import ReferenceSchema

reference_bp = Blueprint("reference", __name__, url_prefix="/api/reference")


def _forms(form):
    return {"forms": [json.dumps(form)]}


@reference_bp.get("/list/<int:module_id>")
@jwt_required()
@doc("The module's references with their links (the references tab: no files)", response=list_of(ReferenceSchema))
def list_refs(module_id):
    module = modules.visible_module(current_user, module_id)
    return {"list": vault.references(current_user, module)}


@reference_bp.get("/add/<int:module_id>")
@jwt_required()
@doc("The add-reference form, as forms[0] (a JSON string)", response=FormsSchema)
def add_form(module_id):
    modules.visible_module(current_user, module_id, "content")
    return _forms(describe(ReferenceForm, f"/api/reference/add/{module_id}", "POST", user=current_user,
                           values={"resourceType": "LINK"}))


@reference_bp.post("/add/<int:module_id>")
@jwt_required()
@doc("Add a reference (title, description, url, resourceType)", response=item_of(ReferenceSchema), form=ReferenceForm)
def add(module_id):
    module = modules.visible_module(current_user, module_id, "content")
    data = parse(ReferenceForm, f"/api/reference/add/{module_id}", current_user)
    return {"item": vault.add_reference(current_user, module, data)}


def _reference(module_id, ref_id, action):
    module = modules.visible_module(current_user, module_id, action)
    return module, vault.get("reference", module, ref_id)


@reference_bp.get("/edit/<int:module_id>/<int:ref_id>")
@jwt_required()
@doc("The edit-reference form, as forms[0] (a JSON string)", response=FormsSchema)
def edit_form_ref(module_id, ref_id):
    module, ref = _reference(module_id, ref_id, "content")
    vault.require_unlocked("reference", ref)
    return _forms(describe(ReferenceForm, f"/api/reference/edit/{module_id}/{ref_id}", "PUT", user=current_user,
                           values={"title": ref.title, "description": ref.description, "url": ref.url,
                                   "resourceType": ref.resource_type}, version=ref.version))


@reference_bp.route("/edit/<int:module_id>/<int:ref_id>", methods=["POST", "PUT", "PATCH"])
@jwt_required()
@doc("Edit a reference", response=item_of(ReferenceSchema), form=ReferenceForm)
def edit_ref(module_id, ref_id):
    module, ref = _reference(module_id, ref_id, "content")
    vault.require_unlocked("reference", ref)
    data = parse(ReferenceForm, f"/api/reference/edit/{module_id}/{ref_id}", current_user)
    return {"item": vault.edit_reference(current_user, module, ref, data)}


@reference_bp.route("/delete/<int:module_id>/<int:ref_id>", methods=["DELETE"])
@jwt_required()
@doc("Delete a reference", response=MessageSchema)
def delete_ref(module_id, ref_id):
    module, ref = _reference(module_id, ref_id, "remove")
    vault.delete_reference(current_user, module, ref)
    return {"message": _("Reference deleted")}


@reference_bp.patch("/lock/<int:module_id>/<int:ref_id>")
@jwt_required()
@doc("Lock a reference", response=item_of(ReferenceSchema))
def lock_ref(module_id, ref_id):
    return _lock(module_id, ref_id, True)


@reference_bp.patch("/unlock/<int:module_id>/<int:ref_id>")
@jwt_required()
@doc("Unlock a reference", response=item_of(ReferenceSchema))
def unlock_ref(module_id, ref_id):
    return _lock(module_id, ref_id, False)


def _lock(module_id, ref_id, locked):
    module, ref = _reference(module_id, ref_id, "content")
    return {"item": vault.set_locked(current_user, "reference", module, ref, locked)}


def blueprints():
    return [reference_bp]
