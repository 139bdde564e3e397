"""Import jobs: started by a portal's admin (or a superuser, for a portal archive), run on the Huey worker, read
back by the import page while they run (progress) and after (report), cancellable until they write.

A run commits its progress as it reads (each commit ends its transaction: on SQLite nothing holds the write lock
while the source is read over the network); the writing itself is one transaction (writer.py). The source file of
an upload waits in the store (kind 'imports') until the run ends; a Redmine key is kept only while the run needs it."""
import json
import logging
import os
import shutil
import tempfile
import time
from types import SimpleNamespace

from flask import current_app
from sqlalchemy import select

from ...errors import Conflict, NotFound
from ...extensions import db
from ...i18n import _, N_
from ...models import ImportJob, Module, User
from ...models.base import utcnow
from ...presenting import user_name
from .. import background, sentences, storage
from ..sentences import said
from .plan import Cancelled, Invalid, Unreachable

log = logging.getLogger(__name__)
KIND = "imports"       # the store's folder for uploaded sources
LISTED = 50
TICK_SECONDS = 0.5     # progress is written at most this often


# --- starting ---------------------------------------------------------------------------------------------------

def start(user, module, kind, title, options, upload=None, dry_run=False):
    """A queued job (the uploaded source stored first) handed to the worker; the job as it is after that (in tests,
    where the worker runs at once, finished)."""
    name = None
    if upload is not None:
        name, _size = storage.stage_upload(KIND, upload)
        storage.publish(KIND, name)
    job = ImportJob(module_id=module.id, user_id=user.id, kind=kind, title=title[:200], dry_run=dry_run,
                    options=json.dumps(options), upload=name)
    db.session.add(job)
    db.session.commit()
    background.submit(run, job.id)
    db.session.expire_all()
    return db.session.get(ImportJob, job.id)


def cancel(job):
    """Asks the run to stop (it stops at its next progress step, before it writes); a queued job ends at once; one
    that has ended cannot be (409)."""
    if job.state not in ("QUEUED", "RUNNING"):
        raise Conflict(_("This import has ended: there is nothing to cancel"))
    if job.state == "QUEUED":
        _end(job, "CANCELLED", None)
    elif job.state == "RUNNING":
        job.cancel = True
    db.session.commit()
    return job


# --- reading ----------------------------------------------------------------------------------------------------

def jobs_of(module):
    return db.session.scalars(select(ImportJob).where(ImportJob.module_id == module.id)
                              .order_by(ImportJob.id.desc()).limit(LISTED)).all()


def get_job(job_id):
    """The job (its module's rights are the caller's to check); else 404."""
    job = db.session.get(ImportJob, job_id)
    if job is None:
        raise NotFound(_("Import not found"))
    return job


def present(job, names=None):
    report = json.loads(job.report) if job.report else None
    return {"id": job.id, "kind": job.kind, "state": job.state, "phase": job.phase, "done": job.done,
            "total": job.total, "dryRun": job.dry_run, "title": job.title, "created": job.created,
            "finished": job.finished, "cancelRequested": job.cancel,
            "createdBy": {"id": job.user_id, "name": (names or {}).get(job.user_id)} if job.user_id else None,
            "report": _translated(report)}


def _translated(report):
    """A report's sentences (skipped reasons, a failure's message) said in the reader's language."""
    if not report:
        return report
    out = {**report, "skipped": [{"what": s["what"], "reason": sentences.say(s.get("said"), s["reason"])}
                                 for s in report.get("skipped") or []]}
    out.pop("said", None)
    if "message" in report:
        out["message"] = sentences.say(report.get("said"), report["message"])
    return out


def names_of(jobs):
    ids = {j.user_id for j in jobs if j.user_id}
    return {u.id: user_name(u) for u in db.session.scalars(select(User).where(User.id.in_(ids)))} if ids else {}


# --- running (on the worker) --------------------------------------------------------------------------------------

class Ticker:
    """Progress and cancellation of a running job: written and read in short transactions of their own."""

    def __init__(self, job):
        self.job, self.last, self.stop = job, 0.0, False

    def phase(self, phase, total=0):
        self.job.phase, self.job.done, self.job.total = phase, 0, total
        self._save()

    def __call__(self, done, total):
        if time.monotonic() - self.last >= TICK_SECONDS or done >= total:
            self.job.done, self.job.total = done, total
            self._save()

    def _save(self):
        self.last = time.monotonic()
        db.session.commit()
        self.stop = bool(db.session.scalar(select(ImportJob.cancel).where(ImportJob.id == self.job.id)))
        db.session.commit()

    def cancelled(self):
        return self.stop


def _end(job, state, report):
    job.state, job.finished = state, utcnow()
    job.report = json.dumps(report, default=str) if report is not None else None
    options = json.loads(job.options or "{}")
    options.pop("key", None)  # the Redmine key is not kept past the run
    job.options = json.dumps(options)
    if job.upload:
        storage.remove(KIND, job.upload)
        job.upload = None


def run(job_id):
    """The worker's task: run one queued job to its end."""
    job = db.session.get(ImportJob, job_id)
    if job is None or job.state != "QUEUED":
        return
    job.state = "RUNNING"
    db.session.commit()
    user, module = db.session.get(User, job.user_id), db.session.get(Module, job.module_id)
    ticker = Ticker(job)
    try:
        if user is None or not user.is_active:
            raise Invalid(said(N_("The person who started the import can no longer sign in")))
        report = RUNNERS[job.kind](job, user, module, json.loads(job.options or "{}"), ticker)
        state = "DONE"  # a cancel asked for once the writing began comes too late: what was written stays
    except Cancelled:
        db.session.rollback()
        state, report = "CANCELLED", None
    except (Invalid, Unreachable) as e:
        db.session.rollback()
        state, report = "FAILED", {"message": str(e)[:2000], "said": sentences.stored(e.args[0] if e.args else ""),
                                   "errors": getattr(e, "errors", None) or []}
    except Exception:  # noqa: BLE001 - a failed run is reported, not lost
        db.session.rollback()
        log.exception("import job %s failed", job_id)
        text = said(N_("The import failed unexpectedly; the server's log says why"))
        state, report = "FAILED", {"message": str(text), "said": sentences.stored(text)}
    job = db.session.get(ImportJob, job_id)
    _end(job, state, report)
    db.session.commit()


# --- the runners: (job, user, module, options, ticker) -> report ------------------------------------------------

def _upload_bytes(job, limit):
    with storage.backend().open(storage.key_of(KIND, job.upload)) as fh:
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise Invalid("The file is larger than this import allows")
    return data


def _redmine(job, user, portal, options, ticker):
    from . import redmine, writer
    client = redmine.Client(options["url"], options["key"], allow_private=options.get("cli", False)
                            or allowed_network(options["url"]))
    ticker.phase("reading")
    plan = redmine.read(client, options["project"], statuses=options.get("statuses") or None,
                        tracker=options.get("tracker", "field"), progress=ticker, cancelled=ticker.cancelled)
    if ticker.cancelled():
        raise Cancelled()
    _level_types(plan, options.get("levels") or [])
    ticker.phase("writing")
    return writer.write(user, portal, plan, source=redmine.source_of(options["url"]), dry_run=job.dry_run,
                        fetch=redmine.fetcher(client), people=options.get("people", "inactive"), progress=ticker)


def _level_types(plan, levels):
    """The module type the importer chose for the projects of each depth (0: the project imported, 1: its
    subprojects, ...); the writer falls back to the skeleton's default where a type is not allowed there."""
    depth = {}
    for m in plan["modules"]:
        if not m["key"].startswith("project:"):
            continue
        depth[m["key"]] = depth.get(m.get("parent"), -1) + 1
        if depth[m["key"]] < len(levels) and levels[depth[m["key"]]]:
            m["type"] = levels[depth[m["key"]]]


class RowErrors(Invalid):
    """A spreadsheet with bad rows: nothing is written, every bad row is named."""

    def __init__(self, errors):
        super().__init__(said(N_("Nothing was imported: %(count)s rows have errors"), count=len(
            {e["row"] for e in errors})))
        self.errors = errors


def _spreadsheet(job, user, portal, options, ticker):
    from . import spreadsheet, writer
    ticker.phase("reading")
    plan, errors = spreadsheet.read(portal, _upload_bytes(job, 10 * 1024 * 1024), options.get("filename", ""),
                                    options.get("mapping") or {})
    if errors:
        raise RowErrors(errors)
    ticker.phase("writing")
    return writer.write(user, portal, plan, source=f"spreadsheet:{options.get('filename', '')}"[:300],
                        dry_run=job.dry_run)


def _mspdi(job, user, portal, options, ticker):
    from . import msproject, writer
    ticker.phase("reading")
    plan = msproject.read(_upload_bytes(job, 20 * 1024 * 1024))
    ticker.phase("writing")
    return writer.write(user, portal, plan, source=f"mspdi:{options.get('filename', '')}"[:300], dry_run=job.dry_run)


def _archive(job, user, root, options, ticker):
    from . import archive
    ticker.phase("reading")
    folder = tempfile.mkdtemp(prefix="portal-archive-")
    try:
        path = os.path.join(folder, "archive.zip")
        with storage.backend().open(storage.key_of(KIND, job.upload)) as src, open(path, "wb") as out:
            shutil.copyfileobj(src, out, 1024 * 1024)
        ticker.phase("writing")
        done = archive.import_archive(user, root, path, progress=ticker)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    counts = done["counts"]
    created = {kind: counts.get(name, 0) for kind, name in ARCHIVE_COUNTS.items()}
    return {"created": created, "updated": {}, "skipped": [], "moduleId": done["portalId"]}


# The report's kinds (as the other imports count them) from an archive's data files.
ARCHIVE_COUNTS = {"modules": "modules", "deliverables": "deliverables", "relations": "relations",
                  "articles": "articles", "comments": "comments", "files": "files", "time": "time_entries",
                  "fields": "fields", "values": "values", "members": "memberships", "people": "peopleCreated",
                  "baselines": "baselines"}


RUNNERS = {"redmine": _redmine, "spreadsheet": _spreadsheet, "mspdi": _mspdi, "archive": _archive}


def check_redmine_url(url):
    """The web form's Redmine address: http(s), a host, no credentials, and (unless IMPORT_ALLOW_NETWORKS or the
    webhooks' allow-list names its network) an address webhooks may reach: no private, loopback or link-local one.
    A 422 on the field otherwise."""
    from urllib.parse import urlsplit
    from ...errors import Invalid as FormInvalid
    from ..events import webhooks
    parts, problem = urlsplit(url or ""), None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        problem = _("The address must start with http:// or https:// and name a host")
    elif parts.username or parts.password:
        problem = _("The address may not carry a user name or password")
    elif not allowed_network(url):
        try:
            webhooks.resolve(parts.hostname, parts.port or (443 if parts.scheme == "https" else 80))
        except webhooks.Refused:
            problem = _("Imports may not read from private, loopback or link-local addresses, nor from a host that "
                        "does not resolve")
    if problem:
        raise FormInvalid(_("The form has errors"), errors={"url": [problem]})


def probe_redmine(data):
    """What the import page shows before an import: the project, its statuses (with the default mapping) and
    trackers, and how many issues it has. A Redmine that cannot be read: a 422 naming why."""
    from ...errors import Invalid as FormInvalid
    from . import redmine
    check_redmine_url(data["url"])
    try:
        client = redmine.Client(data["url"], data["key"], allow_private=allowed_network(data["url"]), timeout=15)
        return redmine.probe(client, data["project"])
    except (Unreachable, Invalid) as e:
        raise FormInvalid(str(e), errors={"url": [str(e)]}) from None


def allowed_network(url):
    """The web form's Redmine is on a network IMPORT_ALLOW_NETWORKS names (else only public addresses are
    reached, as webhooks are)."""
    import ipaddress
    import socket
    from urllib.parse import urlsplit
    networks = [ipaddress.ip_network(n, strict=False) for n in current_app.config.get("IMPORT_ALLOW_NETWORKS") or []]
    host = urlsplit(url).hostname
    if not networks or not host:
        return False
    try:
        addresses = {info[4][0] for info in socket.getaddrinfo(host, None)}
    except (socket.gaierror, UnicodeError):
        return False
    return bool(addresses) and all(any(ipaddress.ip_address(a) in n for n in networks) for a in addresses)


def run_here(user, module, kind, options, dry_run=False, upload_path=None):
    """The command line's run (flask import-redmine): the same runner, in this process, printing progress."""
    job = SimpleNamespace(id=0, dry_run=dry_run, upload=None, cancel=False)

    class Printer:
        def phase(self, phase, total=0):
            print(f"{phase}…", flush=True)

        def __call__(self, done, total):
            if done == total or done % 50 == 0:
                print(f"  {done}/{total}", flush=True)

        def cancelled(self):
            return False
    return RUNNERS[kind](job, user, module, options, Printer())
