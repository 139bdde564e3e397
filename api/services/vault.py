"""The file vault of a module: files (with earlier versions) and references, lockable.

A file's bytes go to disk under a generated name before its row is committed; if the commit fails
the bytes are removed, and `orphans()` finds any file a crash left without a row."""
import mimetypes
import os

from flask import current_app
from sqlalchemy import select

from .. import permissions as perm
from ..errors import Invalid, Locked, NotFound
from ..extensions import db
from ..models import FileVersion, Reference, VaultFile
from . import feed, storage

KINDS = {"file": (VaultFile, "File is locked"), "reference": (Reference, "Reference is locked")}


def _ok(action, r, module):
    return perm.MODULE_ACTIONS[action](r, module) is None


def file_links(module, f, r):
    base = f"{module.id}/{f.id}"
    links = {"download": perm.link("vault.download", f"/api/vault/download/{base}", "Download", "view")}
    if not f.locked and _ok("content", r, module):
        links["edit"] = perm.link("vault.edit", f"/api/vault/edit/{base}", "Edit", "edit", "POST")
    if not f.locked and _ok("remove", r, module):
        links["delete"] = perm.link("vault.delete", f"/api/vault/delete/{base}", "Delete", "delete", "DELETE")
    if _ok("content", r, module):
        name, label = ("unlock", "Unlock") if f.locked else ("lock", "Lock")
        links[name] = perm.link(f"vault.{name}_file", f"/api/vault/{name}-file/{base}", label, "edit", "PATCH")
    return links


def reference_links(module, ref, r):
    base = f"{module.id}/{ref.id}"
    links = {}
    if not ref.locked and _ok("content", r, module):
        links["edit"] = perm.link("reference.edit", f"/api/reference/edit/{base}", "Edit", "edit", "POST")
    if not ref.locked and _ok("remove", r, module):
        links["delete"] = perm.link("reference.delete", f"/api/reference/delete/{base}", "Delete", "delete", "DELETE")
    if _ok("content", r, module):
        name, label = ("unlock", "Unlock") if ref.locked else ("lock", "Lock")
        links[name] = perm.link(f"reference.{name}", f"/api/reference/{name}/{base}", label, "edit", "PATCH")
    return links


def present_file(module, f, r, versions=None):
    f._links = file_links(module, f, r)
    f._versions = versions if versions is not None else db.session.scalars(
        select(FileVersion).where(FileVersion.file_id == f.id).order_by(FileVersion.id.desc())).all()
    for v in f._versions:
        v._links = {"download": perm.link("vault.download_version",
                                          f"/api/vault/download-version/{module.id}/{f.id}/{v.id}", "Download", "view")}
    return f


def present_reference(module, ref, r):
    ref._links = reference_links(module, ref, r)
    return ref


def view(user, module):
    """Files (with versions) and references of the module: three queries."""
    r = perm.rights(user, module)
    files = db.session.scalars(select(VaultFile).where(VaultFile.module_id == module.id).order_by(VaultFile.id)).all()
    refs = db.session.scalars(select(Reference).where(Reference.module_id == module.id).order_by(Reference.id)).all()
    versions = {}
    if files:
        for v in db.session.scalars(select(FileVersion).where(FileVersion.module_id == module.id)
                                    .order_by(FileVersion.id.desc())):
            versions.setdefault(v.file_id, []).append(v)
    links = {}
    if _ok("content", r, module):
        links["add_file"] = perm.link("vault.upload", f"/api/vault/upload/{module.id}", "Upload File", "edit", "POST")
        links["add_reference"] = perm.link("reference.add", f"/api/reference/add/{module.id}", "Add Reference",
                                           "edit", "POST")
    return {"id": module.id, "moduleId": module.id,
            "files": [present_file(module, f, r, versions.get(f.id, [])) for f in files],
            "references": [present_reference(module, x, r) for x in refs], "links": links}


def get(kind, module, item_id):
    model, _ = KINDS[kind]
    item = db.session.get(model, item_id)
    if item is None or item.module_id != module.id:
        raise NotFound(f"{kind.title()} not found")
    return item


def require_unlocked(kind, item):
    if item.locked:
        raise Locked(KINDS[kind][1])


def _store_upload(upload, field="file"):
    """Save an uploaded file under a generated name; returns (stored name, client name, size, type)."""
    if upload is None or not getattr(upload, "filename", ""):
        raise Invalid("The form has errors", errors={field: ["File is required"]})
    client_name = os.path.basename(upload.filename.replace("\\", "/"))[:255] or "file"
    stored = storage.new_name()
    path = storage.path_of("files", stored)
    upload.save(path)
    size = os.path.getsize(path)
    if size > current_app.config["MAX_CONTENT_LENGTH"]:
        storage.remove("files", stored)
        from ..errors import ApiError
        raise ApiError("The upload is too large", status=413)
    mime = mimetypes.guess_type(client_name)[0] or "application/octet-stream"
    return stored, client_name, size, mime


def upload(user, module, data):
    stored, client_name, size, mime = _store_upload(data.get("file"))
    with storage.kept_only_if_committed("files", stored):
        f = VaultFile(module_id=module.id, title=data.get("title") or client_name, filename=client_name,
                      stored_name=stored, filesize=size, mime=mime, created_by_id=user.id)
        db.session.add(f)
        feed.record(user, module, "add", "file", f"Uploaded '{f.title}' ({client_name})")
    return present_file(module, f, perm.rights(user, module), [])


def edit(user, module, f, data):
    require_unlocked("file", f)
    new = data.get("file")
    stored = None
    if new is not None and getattr(new, "filename", ""):
        stored, client_name, size, mime = _store_upload(new)
    with storage.kept_only_if_committed("files", stored):
        f.title = data["title"]
        if stored:
            db.session.add(FileVersion(file_id=f.id, module_id=module.id, filename=f.filename,
                                       stored_name=f.stored_name, filesize=f.filesize, mime=f.mime,
                                       created=f.created, created_by_id=f.created_by_id))
            f.filename, f.stored_name, f.filesize, f.mime = client_name, stored, size, mime
            feed.record(user, module, "edit", "file", f"Uploaded a new version of '{f.title}'")
        else:
            feed.record(user, module, "edit", "file", f"Edited the file '{f.title}'")
    return present_file(module, f, perm.rights(user, module))


def delete(user, module, f):
    require_unlocked("file", f)
    names = [f.stored_name] + list(db.session.scalars(select(FileVersion.stored_name)
                                                     .where(FileVersion.file_id == f.id)))
    db.session.execute(FileVersion.__table__.delete().where(FileVersion.file_id == f.id))
    db.session.delete(f)
    feed.record(user, module, "delete", "file", f"Deleted the file '{f.title}'")
    db.session.commit()
    storage.remove_later([("files", n) for n in names])


def set_locked(user, kind, module, item, locked):
    item.locked = locked
    feed.record(user, module, "lock" if locked else "unlock", kind,
                f"{'Locked' if locked else 'Unlocked'} the {kind} '{item.title}'")
    db.session.commit()
    r = perm.rights(user, module)
    return present_file(module, item, r) if kind == "file" else present_reference(module, item, r)


def add_reference(user, module, data):
    ref = Reference(module_id=module.id, title=data["title"], description=data.get("description") or "",
                    url=data["url"], resource_type=data["resourceType"], created_by_id=user.id)
    db.session.add(ref)
    feed.record(user, module, "add", "reference", f"Added the reference '{ref.title}'")
    db.session.commit()
    return present_reference(module, ref, perm.rights(user, module))


def edit_reference(user, module, ref, data):
    require_unlocked("reference", ref)
    ref.title, ref.description, ref.url, ref.resource_type = (data["title"], data.get("description") or "",
                                                              data["url"], data["resourceType"])
    feed.record(user, module, "edit", "reference", f"Edited the reference '{ref.title}'")
    db.session.commit()
    return present_reference(module, ref, perm.rights(user, module))


def delete_reference(user, module, ref):
    require_unlocked("reference", ref)
    db.session.delete(ref)
    feed.record(user, module, "delete", "reference", f"Deleted the reference '{ref.title}'")
    db.session.commit()


def orphans():
    """Stored vault files that no row points at (left by a crash between write and commit)."""
    folder = os.path.join(current_app.config["UPLOAD_DIR"], "files")
    if not os.path.isdir(folder):
        return []
    known = set(db.session.scalars(select(VaultFile.stored_name))) | set(
        db.session.scalars(select(FileVersion.stored_name)))
    return [n for n in os.listdir(folder) if n not in known]
