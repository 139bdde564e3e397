"""Issue 46: the import writer (a plan into a portal, all or nothing; a repeated import updates what the earlier one
made) and the import jobs' routes (rights, 404s, progress, cancel, reports)."""
import io
import json

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import (Article, Comment, CustomValue, Deliverable, ImportJob, Module, Relation, TimeEntry, User,
                        VaultFile)
from api.services import storage
from api.services.imports import jobs, plan as plans, writer


def make_plan():
    p = plans.empty("test")
    p["people"] = {"u:1": {"email": "Maria@Example.org", "name": "Maria Keller", "login": "maria"},
                   "u:2": {"email": None, "name": "No Mail", "login": None}}
    p["fields"] = [{"key": "cf:1", "label": "Partner", "type": "PICKLIST", "options": ["EURAC", "TU Delft"]},
                   {"key": "cf:2", "label": "Budget", "type": "NUMERIC"}]
    p["modules"] = [
        {"key": "project:1", "parent": None, "name": "Consortium", "description": "All of it", "kind": "container",
         "type": None, "deliverable": None, "values": {}, "members": [{"person": "u:1", "role": "Manager",
                                                                        "admin": False, "create": True}]},
        {"key": "project:2", "parent": "project:1", "name": "WP1", "description": "", "kind": "container",
         "type": None, "deliverable": None, "values": {"cf:1": "EURAC"}},
        {"key": "issue:1", "parent": "project:2", "name": "Kick-off", "description": "", "kind": "item",
         "type": None, "deliverable": {"status": "COMPLETED", "owner": "u:1", "startDate": "2025-01-06",
                                       "deadline": "2025-01-10", "completionDate": "2025-01-09", "milestone": False},
         "values": {"cf:2": 12.5}},
        {"key": "issue:2", "parent": "issue:1", "name": "Agenda", "description": "", "kind": "item", "type": None,
         "deliverable": {"status": "IN_PROGRESS", "owner": None, "startDate": None, "deadline": "2025-01-08",
                         "completionDate": None, "milestone": False}},
        {"key": "issue:3", "parent": "issue:2", "name": "Too deep", "description": "", "kind": "item", "type": None,
         "deliverable": None},
    ]
    p["relations"] = [{"from": "issue:2", "to": "issue:1", "kind": "FS", "lag": 2}]
    p["articles"] = [{"key": "wiki:A", "module": "project:1", "parent": None, "title": "Wiki", "content": "{}"},
                     {"key": "wiki:B", "module": "project:1", "parent": "wiki:A", "title": "Methods",
                      "content": "{}"}]
    p["comments"] = [{"key": "j:1", "module": "issue:1", "content": "Done", "created": "2025-01-09T10:00:00Z",
                      "author": "u:1"}]
    p["files"] = [{"key": "a:1", "module": "issue:1", "title": "notes.txt", "filename": "notes.txt",
                   "mime": "text/plain", "size": 5, "sha256": None, "fetch": "notes"}]
    p["time"] = [{"key": "t:1", "module": "issue:1", "person": "u:1", "date": "2025-01-09", "minutes": 90,
                  "activity": "Research", "note": "n"},
                 {"key": "t:2", "module": "issue:1", "person": "u:2", "date": "2025-01-09", "minutes": 30,
                  "activity": None, "note": ""}]
    return p


def fetch(item):
    return io.BytesIO(b"hello")


def modules_under(portal):
    return _db.session.scalars(sa.select(Module).where(Module.path.like(portal.path + "%"), Module.id != portal.id)
                               .order_by(Module.id)).all()


@pytest.fixture
def admin(tree, make_user, grant):
    user = make_user(name="Ada Admin")
    grant(tree.portal, user, admin=True, create=True, edit=True, delete=True)
    return user


def test_a_plan_is_written_with_its_types_people_and_content(tree, admin):
    report = writer.write(admin, tree.portal, make_plan(), source="test", fetch=fetch)
    mods = {m.name: m for m in modules_under(tree.portal) if m.name != tree.project.name and m.name != "Phase"}
    assert mods["Consortium"].type == "4rineu_project" and mods["Consortium"].parent_id == tree.portal.id
    assert mods["WP1"].type == "4rineu_phase"
    assert mods["Kick-off"].type == "4rineu_task" and mods["Agenda"].type == "4rineu_subtask"
    # A subtask holds nothing here: its child goes beside it, and the report says so.
    assert mods["Too deep"].parent_id == mods["Kick-off"].id
    assert any("Too deep" == s["what"] for s in report["skipped"])
    maria = _db.session.scalar(sa.select(User).where(User.email == "maria@example.org"))
    assert maria is not None and not maria.is_active and maria.password_hash is None
    d = _db.session.scalar(sa.select(Deliverable).where(Deliverable.module_id == mods["Kick-off"].id))
    assert (d.status, d.owner_id, str(d.deadline)) == ("COMPLETED", maria.id, "2025-01-10")
    rel = _db.session.scalar(sa.select(Relation))
    assert (rel.from_id, rel.to_id, rel.kind, rel.lag) == (mods["Agenda"].id, mods["Kick-off"].id, "FS", 2)
    arts = {a.title: a for a in _db.session.scalars(sa.select(Article))}
    assert arts["Methods"].parent_id == arts["Wiki"].id
    c = _db.session.scalar(sa.select(Comment))
    assert (c.content, c.created_by_id, c.created.isoformat()) == ("Done", maria.id, "2025-01-09T10:00:00")
    f = _db.session.scalar(sa.select(VaultFile))
    with storage.backend().open(storage.key_of("files", f.stored_name)) as fh:
        assert fh.read() == b"hello"
    t = _db.session.scalars(sa.select(TimeEntry)).all()
    assert [(x.user_id, x.minutes) for x in t] == [(maria.id, 90)]  # nobody's time is skipped, with its reason
    values = _db.session.scalars(sa.select(CustomValue).where(CustomValue.module_id.in_(
        [mods["WP1"].id, mods["Kick-off"].id]))).all()
    assert sorted(str(v.option.label if v.option else v.numval) for v in values) == ["12.5", "EURAC"]
    assert report["created"]["modules"] == 5 and report["created"]["files"] == 1 and report["created"]["time"] == 1
    assert report["moduleId"] == mods["Consortium"].id


def test_a_repeated_import_updates_instead_of_duplicating(tree, admin):
    writer.write(admin, tree.portal, make_plan(), source="test", fetch=fetch)
    before = {m: _db.session.scalar(sa.select(sa.func.count()).select_from(m)) for m in
              (Module, Deliverable, Relation, Article, Comment, VaultFile, TimeEntry, CustomValue)}
    p = make_plan()
    p["modules"][2]["name"] = "Kick-off meeting"
    p["modules"][2]["deliverable"]["status"] = "VERIFIED_COMPLETE"
    report = writer.write(admin, tree.portal, p, source="test", fetch=fetch)
    after = {m: _db.session.scalar(sa.select(sa.func.count()).select_from(m)) for m in before}
    assert after == before
    assert report["created"]["modules"] == 0 and report["updated"]["modules"] == 1
    assert report["updated"]["deliverables"] == 1
    assert _db.session.scalar(sa.select(Module.name).where(Module.name.like("Kick-off%"))) == "Kick-off meeting"
    # Another source is another import: its rows are new.
    writer.write(admin, tree.portal, make_plan(), source="other", fetch=fetch)
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(Module)) == before[Module] + 5


def test_a_failing_import_writes_nothing_and_keeps_no_file(tree, admin, monkeypatch):
    modules_before = len(modules_under(tree.portal))
    files_before = set(storage.backend().names("files"))

    def broken(run):
        raise RuntimeError("boom")
    monkeypatch.setattr(writer.content, "write_time", broken)
    with pytest.raises(RuntimeError):
        writer.write(admin, tree.portal, make_plan(), source="test", fetch=fetch)
    assert len(modules_under(tree.portal)) == modules_before
    assert set(storage.backend().names("files")) == files_before


def test_a_dry_run_counts_and_writes_nothing(tree, admin):
    before = len(modules_under(tree.portal))
    report = writer.write(admin, tree.portal, make_plan(), source="test", dry_run=True)
    assert report["created"]["modules"] == 5 and report["created"]["relations"] == 1
    assert len(modules_under(tree.portal)) == before


@pytest.mark.parametrize("change, message", [
    (lambda p: p["modules"].append({**p["modules"][1]}), "repeated"),
    (lambda p: p["modules"].insert(0, p["modules"].pop(1)), "before its parent"),
    (lambda p: p["relations"].append({"from": "issue:1", "to": "nowhere", "kind": "FS"}), "not between"),
    (lambda p: p["modules"][0].update(name="  "), "no name"),
])
def test_a_malformed_plan_is_refused(tree, admin, change, message):
    p = make_plan()
    change(p)
    with pytest.raises(plans.Invalid, match=message):
        writer.write(admin, tree.portal, p, source="test")


def test_a_file_larger_than_announced_or_allowed_is_skipped(tree, admin, app, monkeypatch):
    p = make_plan()
    p["files"][0]["size"] = 4
    report = writer.write(admin, tree.portal, p, source="test", fetch=fetch)
    assert report["created"]["files"] == 0
    assert any("size differs" in s["reason"] for s in report["skipped"])
    monkeypatch.setitem(app.config, "IMPORT_MAX_FILE_BYTES", 3)
    p = make_plan()
    p["files"][0]["size"] = None
    report = writer.write(admin, tree.portal, p, source="again", fetch=fetch)
    assert report["created"]["files"] == 0 and any("larger" in s["reason"] for s in report["skipped"])
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(VaultFile)) == 0


# --- jobs and their routes ----------------------------------------------------------------------------------------

def test_import_jobs_are_for_the_portals_admins_only(client, tree, admin, make_user, grant, token_for):
    member, outsider = make_user(name="Mia Member"), make_user(name="Otto Outsider")
    grant(tree.portal, member, edit=True, create=True)
    h = token_for(admin)
    r = client.get(f"/api/import/list/{tree.portal.id}", headers=h)
    assert r.status_code == 200
    assert set(r.get_json()["links"]) == {"redmine_probe", "redmine", "spreadsheet_columns", "spreadsheet", "mspdi",
                                          "export_archive"}
    assert client.get(f"/api/import/list/{tree.portal.id}", headers=token_for(member)).status_code == 403
    assert client.get(f"/api/import/list/{tree.portal.id}", headers=token_for(outsider)).status_code == 404
    assert client.get(f"/api/import/list/{tree.project.id}", headers=h).status_code == 403
    view = client.get(f"/api/module/view/{tree.portal.id}", headers=h).get_json()["item"]
    assert view["links"]["import"]["url"] == f"/api/import/list/{tree.portal.id}"
    assert "import" not in client.get(f"/api/module/view/{tree.portal.id}",
                                      headers=token_for(member)).get_json()["item"]["links"]


def test_a_job_is_seen_and_cancelled_by_its_portals_admins(client, tree, admin, make_user, grant, token_for,
                                                          monkeypatch):
    monkeypatch.setattr(jobs.background, "submit", lambda fn, *a: None)  # stays queued
    job = jobs.start(admin, tree.portal, "mspdi", "plan.xml", {"filename": "plan.xml"})
    h = token_for(admin)
    item = client.get(f"/api/import/{job.id}", headers=h).get_json()["item"]
    assert item["state"] == "QUEUED" and "cancel" in item["links"]
    member = make_user(name="Mia Member")
    grant(tree.portal, member, edit=True)
    assert client.get(f"/api/import/{job.id}", headers=token_for(member)).status_code == 404
    assert client.post(f"/api/import/cancel/{job.id}", headers=token_for(member)).status_code == 404
    assert client.get("/api/import/999999", headers=h).status_code == 404
    r = client.post(f"/api/import/cancel/{job.id}", headers=h)
    assert r.status_code == 200 and r.get_json()["item"]["state"] == "CANCELLED"
    assert "cancel" not in r.get_json()["item"]["links"]
    assert client.post(f"/api/import/cancel/{job.id}", headers=h).status_code == 409  # it has ended


def test_a_running_job_stops_when_cancelled(tree, admin, monkeypatch):
    def slow(job, user, portal, options, ticker):
        ticker.phase("reading")
        _db.session.execute(sa.update(ImportJob).where(ImportJob.id == job.id).values(cancel=True))
        _db.session.commit()
        ticker(1, 2)
        if ticker.cancelled():
            raise plans.Cancelled()
        return {}
    monkeypatch.setitem(jobs.RUNNERS, "mspdi", slow)
    monkeypatch.setattr(jobs, "TICK_SECONDS", 0)
    job = jobs.start(admin, tree.portal, "mspdi", "plan.xml", {"filename": "plan.xml"})
    assert job.state == "CANCELLED"


def test_a_failed_job_says_why_and_keeps_no_secret(tree, admin, monkeypatch):
    def failing(job, user, portal, options, ticker):
        raise plans.Unreachable("The Redmine answered 401: the API key was refused")
    monkeypatch.setitem(jobs.RUNNERS, "redmine", failing)
    job = jobs.start(admin, tree.portal, "redmine", "Redmine x", {"url": "https://r.example.org", "key": "s3cret",
                                                                  "project": "x"})
    assert job.state == "FAILED" and "401" in json.loads(job.report)["message"]
    assert "s3cret" not in job.options


def test_the_web_form_refuses_a_private_redmine(client, tree, admin, token_for, app, monkeypatch):
    h = token_for(admin)
    body = {"url": "http://127.0.0.1:3100", "key": "0123456789abcdef", "project": "renovation-consortium"}
    for url in ("/api/import/redmine/probe/", "/api/import/redmine/"):
        r = client.post(f"{url}{tree.portal.id}", json=body, headers=h)
        assert r.status_code == 422 and "url" in r.get_json()["errors"], r.get_json()
    for bad in ("ftp://example.org", "https://user:pw@example.org"):
        r = client.post(f"/api/import/redmine/probe/{tree.portal.id}", json={**body, "url": bad}, headers=h)
        assert r.status_code == 422 and "url" in r.get_json()["errors"]
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(ImportJob)) == 0


def _zip(members):
    import zipfile
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, data in members:
            zf.writestr(name, data)
    return buf.getvalue()


@pytest.mark.parametrize("data, says", [
    (b"not a zip", "not a ZIP"),
    (_zip([("../evil.json", b"{}")]), ""),
    (_zip([("manifest.json", b'{"format": "portal-archive", "schemaVersion": 99, "members": {}}')]), "version 99"),
    (_zip([("data/modules.json", b"[]")]), "manifest"),
])
def test_a_hostile_archive_is_refused_at_the_upload(client, tree, make_user, token_for, data, says):
    from .conftest import root
    su = make_user(name="Root", superuser=True)
    jobs_before = _db.session.scalar(sa.select(sa.func.count()).select_from(ImportJob))
    r = client.post(f"/api/import/archive/{root().id}", headers=token_for(su),
                    data={"file": (io.BytesIO(data), "portal.zip")}, content_type="multipart/form-data")
    assert r.status_code == 422, r.get_json()
    assert says in r.get_json()["errors"]["file"][0]
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(ImportJob)) == jobs_before
    # ... and a portal's admin may not import a portal at all (the root is not theirs to see).
    admin = make_user(name="Ada")
    assert client.post(f"/api/import/archive/{root().id}", headers=token_for(admin),
                       data={"file": (io.BytesIO(data), "portal.zip")},
                       content_type="multipart/form-data").status_code == 404


def test_a_file_that_is_not_ms_project_xml_is_refused_at_the_upload(client, tree, admin, token_for):
    bomb = b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><Project>&a;</Project>'
    for data in (b"<html></html>", bomb, b"\x00\x01"):
        r = client.post(f"/api/import/mspdi/{tree.portal.id}", headers=token_for(admin),
                        data={"file": (io.BytesIO(data), "plan.xml")}, content_type="multipart/form-data")
        assert r.status_code == 422 and r.get_json()["errors"]["file"], r.get_json()
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(ImportJob)) == 0


def test_a_spreadsheet_with_a_bad_row_writes_nothing_and_names_it(client, tree, admin, token_for):
    rows = ["Name,WBS,Deadline"] + [f"Task {n},{n},2025-03-{(n % 28) + 1:02d}" for n in range(1, 500)]
    rows[316] = "Task 316,316,31/02/2025"  # the sheet's row 317
    before = _db.session.scalar(sa.select(sa.func.count()).select_from(Module))
    r = client.post(f"/api/import/spreadsheet/{tree.portal.id}", headers=token_for(admin),
                    data={"file": (io.BytesIO("\n".join(rows).encode()), "plan.csv"),
                          "mapping": json.dumps({"Name": "name", "WBS": "wbs", "Deadline": "deadline"})},
                    content_type="multipart/form-data")
    assert r.status_code == 202
    item = r.get_json()["item"]
    assert item["state"] == "FAILED" and [e["row"] for e in item["report"]["errors"]] == [317]
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(Module)) == before
    rows[316] = "Task 316,316,2025-02-28"
    r = client.post(f"/api/import/spreadsheet/{tree.portal.id}", headers=token_for(admin),
                    data={"file": (io.BytesIO("\n".join(rows).encode()), "plan.csv"), "dryRun": "1",
                          "mapping": json.dumps({"Name": "name", "WBS": "wbs", "Deadline": "deadline"})},
                    content_type="multipart/form-data")
    item = r.get_json()["item"]
    assert item["state"] == "DONE" and item["report"]["created"]["modules"] == 499
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(Module)) == before
