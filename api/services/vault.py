"""The file vault of a module: files (with earlier versions) and references, lockable.

A file's bytes go to disk under a staged generated name before its row is committed and are published after
it (services.storage); if the commit fails the bytes are removed, and `storage.recover()` settles what a
crash left between the two."""
import mimetypes

from flask import current_app
from sqlalchemy import func, select

from .. import links
from .. import permissions as perm
from ..errors import Invalid, Locked
from ..extensions import db
from ..i18n import N_, _, translate
from ..transactions import check_version
from .owned import get_owned
from ..links import Ctx
from ..models import FileVersion, Reference, VaultFile
from ..presenting import user_name
from . import feed, storage
from .documents import preview, work
from .sentences import said

KINDS = {"file": (VaultFile, N_("File is locked")), "reference": (Reference, N_("Reference is locked"))}


# --- presenting -----------------------------------------------------------------------------------------------

def present_version(c, v):
    return {"id": v.id, "filename": v.filename, "fileName": v.filename, "filesize": v.filesize, "mime": v.mime,
            "created": v.created, "createdBy": user_name(v.created_by),
            "links": links.of("file_version", Ctx(c.user, c.module, c.r, v))}


def present_file(c, f, versions):
    """A file (c: a links.Ctx on its module) with its earlier versions, newest first; its text's state (issue 47:
    a file from before, or copied in bulk, not read yet: pending) and how the preview pane shows it."""
    state = f.text_state or work.PENDING
    return {"id": f.id, "moduleId": f.module_id, "title": f.title, "filename": f.filename, "fileName": f.filename,
            "filesize": f.filesize, "mime": f.mime, "created": f.created, "createdBy": user_name(f.created_by),
            "createdById": f.created_by_id, "locked": f.locked, "version": f.version, "textState": state,
            "textError": work.error_message(f.text_error) if state == work.FAILED else None,
            "preview": preview.mode(f.filename, f.mime),
            "versions": [present_version(c, v) for v in versions],
            "links": links.of("file", Ctx(c.user, c.module, c.r, f))}


def present_reference(c, ref):
    return {"id": ref.id, "moduleId": ref.module_id, "title": ref.title, "description": ref.description,
            "url": ref.url, "resourceType": ref.resource_type, "created": ref.created,
            "createdBy": user_name(ref.created_by), "createdById": ref.created_by_id, "locked": ref.locked,
            "version": ref.version, "embed": preview.embed(ref.url),
            "links": links.of("reference", Ctx(c.user, c.module, c.r, ref))}


def _versions_of(file_ids):
    out = {}
    if file_ids:
        for v in db.session.scalars(select(FileVersion).where(FileVersion.file_id.in_(file_ids))
                                    .order_by(FileVersion.id.desc())):
            out.setdefault(v.file_id, []).append(v)
    return out


def file_item(user, module, f):
    return present_file(Ctx(user, module, perm.rights(user, module)), f, _versions_of([f.id]).get(f.id, []))


def _reference_item(user, module, ref):
    return present_reference(Ctx(user, module, perm.rights(user, module)), ref)


FILE_SORTS = {"title": func.lower(VaultFile.title), "filename": func.lower(VaultFile.filename),
              "filesize": VaultFile.filesize, "created": VaultFile.created, "id": VaultFile.id}


def view(user, module, page):
    """The vault: one page of files (with their versions: filtered by `q` in title or file name, sorted) and
    every reference. Five queries; `meta` counts the files."""
    c = Ctx(user, module, perm.rights(user, module))
    q = select(VaultFile).where(VaultFile.module_id == module.id)
    if page.q:
        like = f"%{page.q.lower()}%"
        q = q.where(func.lower(VaultFile.title).like(like) | func.lower(VaultFile.filename).like(like))
    total = db.session.scalar(select(func.count()).select_from(q.subquery()))
    col = FILE_SORTS[page.key or "id"]
    files = db.session.scalars(q.order_by(col.desc() if page.descending else col, VaultFile.id)
                               .limit(page.per_page).offset(page.offset)).all()
    versions = _versions_of([f.id for f in files])
    item = {"id": module.id, "moduleId": module.id,
            "files": [present_file(c, f, versions.get(f.id, [])) for f in files],
            "references": _references(c), "links": links.of("vault", c)}
    return item, total


def _references(c):
    refs = db.session.scalars(select(Reference).where(Reference.module_id == c.module.id).order_by(Reference.id))
    return [present_reference(c, x) for x in refs]


def references(user, module):
    """Every reference of the module with its links (one query)."""
    return _references(Ctx(user, module, perm.rights(user, module)))


def get(kind, module, item_id):
    return get_owned(KINDS[kind][0], module, item_id)


def get_version(module, f, version_id):
    """An earlier version of the file `f` of `module`, else 404."""
    return get_owned(FileVersion, module, version_id, where=lambda v: v.file_id == f.id)


def require_unlocked(kind, item):
    if item.locked:
        raise Locked(translate(KINDS[kind][1]))


def _store_upload(upload, field="file"):
    """Save an uploaded file under a generated name; returns (stored name, client name, size, type)."""
    if upload is None or not getattr(upload, "filename", ""):
        raise Invalid(_("The form has errors"), errors={field: [_("File is required")]})
    client_name = storage.clean_filename(upload.filename)
    stored, size = storage.stage_upload("files", upload)
    if size > current_app.config["MAX_CONTENT_LENGTH"]:
        storage.remove("files", stored)
        from ..errors import ApiError
        raise ApiError(_("The upload is too large"), status=413)
    mime = mimetypes.guess_type(client_name)[0] or "application/octet-stream"
    return stored, client_name, size, mime


def upload(user, module, data):
    stored, client_name, size, mime = _store_upload(data.get("file"))
    with storage.kept_only_if_committed("files", stored):
        f = VaultFile(module_id=module.id, title=data.get("title") or client_name[:200], filename=client_name,
                      stored_name=stored, filesize=size, mime=mime, created_by_id=user.id, text_state=work.PENDING)
        db.session.add(f)
        db.session.flush()
        feed.record(user, module, "add", "file",
                    said(N_("Uploaded '%(title)s' (%(file)s)"), title=f.title, file=client_name), item=f.id,
                    data={"name": f.title})
    work.queue(f.id, f.stored_name)
    return file_item(user, module, f)


def edit(user, module, f, data):
    require_unlocked("file", f)
    check_version(f, data, lambda: file_item(user, module, f))
    new = data.get("file")
    stored = None
    if new is not None and getattr(new, "filename", ""):
        stored, client_name, size, mime = _store_upload(new)
    before = (f.stored_name, f.thumb)
    with storage.kept_only_if_committed("files", stored):
        old_title, f.title = f.title, data["title"]
        titled = {"changed": ["title"], "before": {"title": old_title}, "after": {"title": f.title}} \
            if old_title != f.title else {}
        if stored:
            db.session.add(FileVersion(file_id=f.id, module_id=module.id, filename=f.filename,
                                       stored_name=f.stored_name, filesize=f.filesize, mime=f.mime,
                                       created=f.created, created_by_id=f.created_by_id))
            f.filename, f.stored_name, f.filesize, f.mime = client_name, stored, size, mime
            f.text_state, f.text_error, f.text, f.text_pages, f.thumb = work.PENDING, None, None, None, None
            feed.record(user, module, "edit", "file", said(N_("Uploaded a new version of '%(title)s'"), title=f.title),
                        item=f.id,
                        data={"name": f.title, "version": True})
        else:
            feed.record(user, module, "edit", "file", said(N_("Edited the file '%(title)s'"), title=f.title), item=f.id,
                        data={"name": f.title, **titled})
    if stored:  # the new content is read; the old one's text and thumbnail go (its bytes stay, as a version)
        work.forget([before[0]], [before[1]] if before[1] else [])
        work.queue(f.id, f.stored_name)
    return file_item(user, module, f)


def delete(user, module, f):
    require_unlocked("file", f)
    derived = ([f.stored_name], [f.thumb] if f.thumb else [])
    names = [f.stored_name] + list(db.session.scalars(select(FileVersion.stored_name)
                                                     .where(FileVersion.file_id == f.id)))
    db.session.execute(FileVersion.__table__.delete().where(FileVersion.file_id == f.id))
    db.session.delete(f)
    feed.record(user, module, "delete", "file", said(N_("Deleted the file '%(title)s'"), title=f.title), item=f.id,
                data={"name": f.title})
    db.session.commit()
    storage.remove_later([("files", n) for n in names])
    work.forget(*derived)


LOCKED = {("file", True): N_("Locked the file '%(title)s'"), ("file", False): N_("Unlocked the file '%(title)s'"),
          ("reference", True): N_("Locked the reference '%(title)s'"),
          ("reference", False): N_("Unlocked the reference '%(title)s'")}


def set_locked(user, kind, module, item, locked):
    item.locked = locked
    feed.record(user, module, "lock" if locked else "unlock", kind,
                said(LOCKED[(kind, locked)], title=item.title), item=item.id,
                data={"name": item.title})
    db.session.commit()
    return file_item(user, module, item) if kind == "file" else _reference_item(user, module, item)


def add_reference(user, module, data):
    ref = Reference(module_id=module.id, title=data["title"], description=data.get("description") or "",
                    url=data["url"], resource_type=data["resourceType"], created_by_id=user.id)
    db.session.add(ref)
    db.session.flush()
    feed.record(user, module, "add", "reference", said(N_("Added the reference '%(title)s'"), title=ref.title),
                item=ref.id,
                data={"name": ref.title})
    db.session.commit()
    return _reference_item(user, module, ref)


def edit_reference(user, module, ref, data):
    require_unlocked("reference", ref)
    check_version(ref, data, lambda: _reference_item(user, module, ref))
    old = {"title": ref.title, "description": ref.description}
    ref.title, ref.description, ref.url, ref.resource_type = (data["title"], data.get("description") or "",
                                                              data["url"], data["resourceType"])
    changed = [k for k in old if old[k] != getattr(ref, k)]
    feed.record(user, module, "edit", "reference", said(N_("Edited the reference '%(title)s'"), title=ref.title),
                item=ref.id,
                data={"name": ref.title, "changed": changed, "before": {k: old[k] for k in changed},
                      "after": {k: getattr(ref, k) for k in changed}})
    db.session.commit()
    return _reference_item(user, module, ref)


def delete_reference(user, module, ref):
    require_unlocked("reference", ref)
    db.session.delete(ref)
    feed.record(user, module, "delete", "reference", said(N_("Deleted the reference '%(title)s'"), title=ref.title),
                item=ref.id,
                data={"name": ref.title})
    db.session.commit()
