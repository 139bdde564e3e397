"""The file vault (spec §7 Vault): files with versions, references, locks and downloads."""
import json

from flask import Blueprint
from flask_jwt_extended import current_user, jwt_required

from ..forms import describe, parse
from ..forms.vault import FileEditForm, ReferenceForm, UploadForm
from ..schemas import FileSchema, FormSchema, FormsSchema, MessageSchema, ReferenceSchema, VaultSchema, item_of
from ..services import modules, storage, vault
from . import doc

vault_bp = Blueprint("vault", __name__, url_prefix="/api/vault")
reference_bp = Blueprint("reference", __name__, url_prefix="/api/reference")


def _file(module_id, file_id, action="view"):
    module = modules.visible_module(current_user, module_id, action)
    return module, vault.get("file", module, file_id)


@vault_bp.get("/view/<int:module_id>")
@jwt_required()
@doc("The module's vault: files (with versions) and references, with their links", response=item_of(VaultSchema))
def view(module_id):
    module = modules.visible_module(current_user, module_id)
    return {"item": VaultSchema().dump(vault.view(current_user, module))}


@vault_bp.post("/upload/<int:module_id>")
@jwt_required()
@doc("Upload a file (multipart: file, title)", response=item_of(FileSchema), form=UploadForm)
def upload(module_id):
    module = modules.visible_module(current_user, module_id, "content")
    return {"item": FileSchema().dump(vault.upload(current_user, module, parse(UploadForm)))}


@vault_bp.get("/edit/<int:module_id>/<int:file_id>")
@jwt_required()
@doc("The form to edit a file: title, and optionally a new version", response=FormSchema)
def edit_form(module_id, file_id):
    module, f = _file(module_id, file_id, "content")
    vault.require_unlocked("file", f)
    return describe(FileEditForm, f"/api/vault/edit/{module_id}/{file_id}", "PUT", user=current_user,
                    values={"title": f.title})


@vault_bp.route("/edit/<int:module_id>/<int:file_id>", methods=["POST", "PUT", "PATCH"])
@jwt_required()
@doc("Edit a file (multipart, _method=PUT): a new file keeps the previous one as a version",
     response=item_of(FileSchema), form=FileEditForm)
def edit(module_id, file_id):
    module, f = _file(module_id, file_id, "content")
    vault.require_unlocked("file", f)
    data = parse(FileEditForm, f"/api/vault/edit/{module_id}/{file_id}", current_user)
    return {"item": FileSchema().dump(vault.edit(current_user, module, f, data))}


@vault_bp.route("/delete/<int:module_id>/<int:file_id>", methods=["DELETE"])
@jwt_required()
@doc("Delete a file, its versions and their bytes", response=MessageSchema)
def delete(module_id, file_id):
    module, f = _file(module_id, file_id, "remove")
    vault.delete(current_user, module, f)
    return {"message": "File deleted"}


def _lock(kind, module_id, item_id, locked):
    module = modules.visible_module(current_user, module_id, "content")
    item = vault.get(kind, module, item_id)
    item = vault.set_locked(current_user, kind, module, item, locked)
    return {"item": (FileSchema() if kind == "file" else ReferenceSchema()).dump(item)}


@vault_bp.patch("/lock-file/<int:module_id>/<int:file_id>")
@jwt_required()
@doc("Lock a file: nobody edits or deletes it until unlocked", response=item_of(FileSchema))
def lock_file(module_id, file_id):
    return _lock("file", module_id, file_id, True)


@vault_bp.patch("/unlock-file/<int:module_id>/<int:file_id>")
@jwt_required()
@doc("Unlock a file", response=item_of(FileSchema))
def unlock_file(module_id, file_id):
    return _lock("file", module_id, file_id, False)


@vault_bp.get("/download/<int:module_id>/<int:file_id>")
@jwt_required()
@doc("Download a file (attachment; by X-Accel-Redirect behind nginx)", binary="application/octet-stream")
def download(module_id, file_id):
    module, f = _file(module_id, file_id)
    return storage.send_stored("files", f.stored_name, f.mime, download_name=f.filename)


@vault_bp.get("/download-version/<int:module_id>/<int:file_id>/<int:version_id>")
@jwt_required()
@doc("Download an earlier version of a file", binary="application/octet-stream")
def download_version(module_id, file_id, version_id):
    from ..errors import NotFound
    from ..extensions import db
    from ..models import FileVersion
    module, f = _file(module_id, file_id)
    v = db.session.get(FileVersion, version_id)
    if v is None or v.file_id != f.id:
        raise NotFound("Version not found")
    return storage.send_stored("files", v.stored_name, v.mime, download_name=v.filename)


# --- references: their form endpoints answer {"forms": [form as a JSON string]} (spec §7) -----------

def _forms(form):
    return {"forms": [json.dumps(form)]}


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
    return {"item": ReferenceSchema().dump(vault.add_reference(current_user, module, data))}


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
                                   "resourceType": ref.resource_type}))


@reference_bp.route("/edit/<int:module_id>/<int:ref_id>", methods=["POST", "PUT", "PATCH"])
@jwt_required()
@doc("Edit a reference", response=item_of(ReferenceSchema), form=ReferenceForm)
def edit_ref(module_id, ref_id):
    module, ref = _reference(module_id, ref_id, "content")
    vault.require_unlocked("reference", ref)
    data = parse(ReferenceForm, f"/api/reference/edit/{module_id}/{ref_id}", current_user)
    return {"item": ReferenceSchema().dump(vault.edit_reference(current_user, module, ref, data))}


@reference_bp.route("/delete/<int:module_id>/<int:ref_id>", methods=["DELETE"])
@jwt_required()
@doc("Delete a reference", response=MessageSchema)
def delete_ref(module_id, ref_id):
    module, ref = _reference(module_id, ref_id, "remove")
    vault.delete_reference(current_user, module, ref)
    return {"message": "Reference deleted"}


@reference_bp.patch("/lock/<int:module_id>/<int:ref_id>")
@jwt_required()
@doc("Lock a reference", response=item_of(ReferenceSchema))
def lock_ref(module_id, ref_id):
    return _lock("reference", module_id, ref_id, True)


@reference_bp.patch("/unlock/<int:module_id>/<int:ref_id>")
@jwt_required()
@doc("Unlock a reference", response=item_of(ReferenceSchema))
def unlock_ref(module_id, ref_id):
    return _lock("reference", module_id, ref_id, False)


def blueprints():
    return [vault_bp, reference_bp]
