"""Imports (issue 46): a portal's admins bring work in from Redmine, a spreadsheet or MS Project and take the portal
out as an archive; a superuser brings an archive in as a new portal. Each import is a job on the worker
(services/imports/jobs.py), read back for its progress and report."""
import json
import tempfile
from contextlib import contextmanager

from flask import Blueprint, send_file
from flask_jwt_extended import current_user, jwt_required

from ... import links
from ... import permissions as perm
from ...errors import Forbidden, Invalid, NotFound
from ...forms import parse
from ...forms.imports import (ImportFileForm, RedmineImportForm, RedmineProbeForm, SpreadsheetColumnsForm,
                              SpreadsheetImportForm)
from ...i18n import _
from ...links import Ctx
from ...services import modules, storage
from ...services.imports import jobs, plan
from .. import doc
from .schemas import (ImportJobItemSchema, ImportListSchema, RedmineProbeSchema, SpreadsheetColumnsSchema)

bp = Blueprint("imports", __name__, url_prefix="/api/import")
ACTION = {"archive": "import_portal"}  # the right a job's kind needs on its module (else 'import')


def _module(module_id, action="import"):
    return modules.visible_module(current_user, module_id, action)


def _ctx(module, item=None, **extra):
    return Ctx(current_user, module, perm.rights(current_user, module), item, **extra)


def _present(module, job, names=None):
    out = jobs.present(job, names if names is not None else jobs.names_of([job]))
    out["links"] = links.of("import_job", _ctx(module, job, module_id=(out["report"] or {}).get("moduleId")))
    return out


def _job(job_id):
    """The job and its module, for the admins of that module only (anyone else: 404, as if there were none)."""
    job = jobs.get_job(job_id)
    try:
        module = _module(job.module_id, ACTION.get(job.kind, "import"))
    except Forbidden:
        raise NotFound(_("Import not found")) from None
    return module, job


def _started(module, job):
    return {"item": _present(module, job)}, 202


@contextmanager
def _file_refused():
    """A source a reader refuses (plan.Invalid) is the upload's 422 on its `file` field."""
    try:
        yield
    except plan.Invalid as e:
        raise Invalid(_("The form has errors"), errors={"file": [str(e)]}) from None


@bp.get("/list/<int:module_id>")
@jwt_required()
@doc("A portal's imports, newest first (its admins), and what may be started", response=ImportListSchema)
def list_(module_id):
    module = _module(module_id)
    rows = jobs.jobs_of(module)
    names = jobs.names_of(rows)
    return {"items": [_present(module, j, names) for j in rows], "links": links.of("imports", _ctx(module))}


@bp.get("/<int:job_id>")
@jwt_required()
@doc("One import: its progress while it runs, its report after", response=ImportJobItemSchema)
def job(job_id):
    module, j = _job(job_id)
    return {"item": _present(module, j)}


@bp.post("/cancel/<int:job_id>")
@jwt_required()
@doc("Stop an import before it writes (a queued one at once)", response=ImportJobItemSchema)
def cancel(job_id):
    module, j = _job(job_id)
    return {"item": _present(module, jobs.cancel(j))}


@bp.post("/redmine/probe/<int:module_id>")
@jwt_required()
@doc("Read a Redmine project's statuses and trackers and count its issues, before an import",
     response=RedmineProbeSchema, json=RedmineProbeForm)
def redmine_probe(module_id):
    _module(module_id)
    data = parse(RedmineProbeForm)
    return jobs.probe_redmine(data)


@bp.post("/redmine/<int:module_id>")
@jwt_required()
@doc("Import a Redmine project and its subprojects into the portal (a job on the worker)",
     response=ImportJobItemSchema, json=RedmineImportForm, status=202)
def redmine(module_id):
    module = _module(module_id)
    data = parse(RedmineImportForm)
    jobs.check_redmine_url(data["url"])
    options = {k: data[k] for k in ("url", "key", "project", "statuses", "tracker", "people", "levels")}
    return _started(module, jobs.start(current_user, module, "redmine", f"Redmine {data['project']}", options,
                                       dry_run=data["dryRun"]))


@bp.post("/spreadsheet/columns/<int:module_id>")
@jwt_required()
@doc("The columns of a CSV or XLSX work plan and what each is taken to hold", response=SpreadsheetColumnsSchema,
     form=SpreadsheetColumnsForm)
def spreadsheet_columns(module_id):
    module = _module(module_id)
    from ...services.imports import spreadsheet
    with _file_refused():
        return spreadsheet.columns(module, parse(SpreadsheetColumnsForm)["file"])


@bp.post("/spreadsheet/<int:module_id>")
@jwt_required()
@doc("Import a CSV or XLSX work plan (a job; nothing is written when a row is bad, and a dry run writes nothing)",
     response=ImportJobItemSchema, form=SpreadsheetImportForm, status=202)
def spreadsheet(module_id):
    module = _module(module_id)
    data = parse(SpreadsheetImportForm)
    try:
        mapping = json.loads(data["mapping"] or "{}")
    except ValueError:
        mapping = None
    if not isinstance(mapping, dict) or not all(isinstance(v, (str, type(None))) for v in mapping.values()):
        raise Invalid(_("The form has errors"), errors={"mapping": [_("Not a valid mapping of columns")]})
    upload = data["file"]
    options = {"filename": storage.clean_filename(upload.filename or "plan.csv"), "mapping": mapping}
    return _started(module, jobs.start(current_user, module, "spreadsheet", options["filename"], options,
                                       upload=upload, dry_run=data["dryRun"]))


@bp.post("/mspdi/<int:module_id>")
@jwt_required()
@doc("Import an MS Project XML (MSPDI) plan (a job)", response=ImportJobItemSchema, form=ImportFileForm,
     status=202)
def mspdi(module_id):
    module = _module(module_id)
    data = parse(ImportFileForm)
    upload = data["file"]
    from ...services.imports import msproject
    with _file_refused():  # not MS Project XML, too big, or with entity declarations
        try:
            msproject.read(upload.stream.read(msproject.MAX_BYTES + 1))
        finally:
            upload.stream.seek(0)
    name = storage.clean_filename(upload.filename or "plan.xml")
    return _started(module, jobs.start(current_user, module, "mspdi", name, {"filename": name}, upload=upload,
                                       dry_run=data["dryRun"]))


@bp.get("/archive/<int:module_id>")
@jwt_required()
@doc("The portal as an archive (ZIP, docs/archive-format.md): its modules, people by e-mail, content and files",
     binary="application/zip")
def archive_export(module_id):
    module = _module(module_id)
    from ...services.imports import archive
    out = tempfile.TemporaryFile()
    archive.export(current_user, module, out)
    out.seek(0)
    return send_file(out, mimetype="application/zip", as_attachment=True,
                     download_name=f"portal-{module.id}.zip", max_age=0)


@bp.post("/archive/<int:module_id>")
@jwt_required()
@doc("Import a portal archive as a new portal of this platform (superusers; a job)", response=ImportJobItemSchema,
     form=ImportFileForm, status=202)
def archive_import(module_id):
    root = _module(module_id, "import_portal")
    data = parse(ImportFileForm)
    upload = data["file"]
    from ...services.imports import archive
    with _file_refused():
        archive.precheck(upload.stream)
    name = storage.clean_filename(upload.filename or "portal.zip")
    return _started(root, jobs.start(current_user, root, "archive", name, {"filename": name}, upload=upload))


def blueprints():
    return [bp]
