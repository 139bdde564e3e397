"""The file vault (spec §7 Vault): files with versions, locks and downloads."""
from flask import Blueprint, request
from flask_jwt_extended import current_user, jwt_required

from ...forms import describe, paging, parse
from ...forms.vault import FileEditForm, UploadForm
from ...i18n import _
from ...presenting import page_meta
from ...services import modules, storage, vault
from ...services.documents import serving, work
from .. import doc, paging_query
from ...schemas import FormSchema, MessageSchema, item_of
from .schemas import FileSchema, FileTextSchema, PreviewTicketSchema, VaultPageSchema

vault_bp = Blueprint("vault", __name__, url_prefix="/api/vault")


def _file(module_id, file_id, action="view"):
    module = modules.visible_module(current_user, module_id, action)
    return module, vault.get("file", module, file_id)


@vault_bp.get("/view/<int:module_id>")
@jwt_required()
@doc("The module's vault: a page of its files (with versions) and every reference, with their links; meta counts "
     "the files", response=VaultPageSchema, query=paging_query(tuple(vault.FILE_SORTS)))
def view(module_id):
    module = modules.visible_module(current_user, module_id)
    page, _ = paging(tuple(vault.FILE_SORTS))
    item, total = vault.view(current_user, module, page)
    return {"item": item, "meta": page_meta(page.page, page.per_page, total)}


@vault_bp.post("/upload/<int:module_id>")
@jwt_required()
@doc("Upload a file (multipart: file, title)", response=item_of(FileSchema), form=UploadForm)
def upload(module_id):
    module = modules.visible_module(current_user, module_id, "content")
    return {"item": vault.upload(current_user, module, parse(UploadForm))}


@vault_bp.get("/edit/<int:module_id>/<int:file_id>")
@jwt_required()
@doc("The form to edit a file: title, and optionally a new version", response=FormSchema)
def edit_form(module_id, file_id):
    module, f = _file(module_id, file_id, "content")
    vault.require_unlocked("file", f)
    return describe(FileEditForm, f"/api/vault/edit/{module_id}/{file_id}", "PUT", user=current_user,
                    values={"title": f.title}, version=f.version)


@vault_bp.route("/edit/<int:module_id>/<int:file_id>", methods=["POST", "PUT", "PATCH"])
@jwt_required()
@doc("Edit a file (multipart, _method=PUT): a new file keeps the previous one as a version",
     response=item_of(FileSchema), form=FileEditForm)
def edit(module_id, file_id):
    module, f = _file(module_id, file_id, "content")
    vault.require_unlocked("file", f)
    data = parse(FileEditForm, f"/api/vault/edit/{module_id}/{file_id}", current_user)
    return {"item": vault.edit(current_user, module, f, data)}


@vault_bp.route("/delete/<int:module_id>/<int:file_id>", methods=["DELETE"])
@jwt_required()
@doc("Delete a file, its versions and their bytes", response=MessageSchema)
def delete(module_id, file_id):
    module, f = _file(module_id, file_id, "remove")
    vault.delete(current_user, module, f)
    return {"message": _("File deleted")}


def _lock(module_id, file_id, locked):
    module, f = _file(module_id, file_id, "content")
    return {"item": vault.set_locked(current_user, "file", module, f, locked)}


@vault_bp.patch("/lock-file/<int:module_id>/<int:file_id>")
@jwt_required()
@doc("Lock a file: nobody edits or deletes it until unlocked", response=item_of(FileSchema))
def lock_file(module_id, file_id):
    return _lock(module_id, file_id, True)


@vault_bp.patch("/unlock-file/<int:module_id>/<int:file_id>")
@jwt_required()
@doc("Unlock a file", response=item_of(FileSchema))
def unlock_file(module_id, file_id):
    return _lock(module_id, file_id, False)


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
    module, f = _file(module_id, file_id)
    v = vault.get_version(module, f, version_id)
    return storage.send_stored("files", v.stored_name, v.mime, download_name=v.filename)


@vault_bp.get("/thumbnail/<int:module_id>/<int:file_id>")
@jwt_required()
@doc("The file's thumbnail (an image's, a PDF's first page), made on the worker; 404 until it exists",
     binary="image/webp")
def thumbnail(module_id, file_id):
    module, f = _file(module_id, file_id)
    return serving.send_thumbnail(f)


@vault_bp.get("/preview-ticket/<int:module_id>/<int:file_id>")
@jwt_required()
@doc("Where to show the file in the preview pane (an image, a PDF, a text file): an address with a short-lived "
     "ticket, for a frame or an image, which cannot send the token", response=item_of(PreviewTicketSchema))
def preview_ticket(module_id, file_id):
    module, f = _file(module_id, file_id)
    return {"item": serving.ticket(current_user, module, f)}


@vault_bp.get("/preview/<int:module_id>/<int:file_id>")
@doc("The file shown inline by its ticket (`t`): an image, a PDF or plain text under a policy that runs no "
     "script, nosniff and a fixed type; anything else (SVG, HTML) only as an attachment",
     binary="application/octet-stream", public=True)
def preview_file(module_id, file_id):
    return serving.send(serving.opened(request.args.get("t"), module_id, file_id))


@vault_bp.get("/text/<int:module_id>/<int:file_id>")
@jwt_required()
@doc("The text read from the file (what search finds in it), with where each PDF page or slide starts",
     response=item_of(FileTextSchema))
def text(module_id, file_id):
    module, f = _file(module_id, file_id)
    return {"item": work.text_of(f)}


@vault_bp.post("/extract/<int:module_id>/<int:file_id>")
@jwt_required()
@doc("Read the file's text again (after it failed) and make its thumbnail, on the worker",
     response=item_of(FileSchema))
def extract(module_id, file_id):
    module, f = _file(module_id, file_id, "content")
    work.retry(f)
    return {"item": vault.file_item(current_user, module, f)}


def blueprints():
    return [vault_bp]
