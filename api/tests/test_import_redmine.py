"""Issue 46: a Redmine project imported end to end from the recorded answers of a real Redmine 5.0
(/work/shared/redmine/fixtures): through the import route and the job, into a portal; the hierarchy, statuses,
relations, wiki nesting and formatting, journals, attachments byte for byte, versions, fields, time and people;
a second run updates without duplicates. `make test-import` runs the same against the live Redmine."""
import hashlib
import json
import os

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import (Article, Comment, CustomValue, Deliverable, ImportMap, Module, Relation, TimeEntry, User,
                        VaultFile)
from api.services import storage
from api.services.imports import jobs, redmine

FIXTURES = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "redmine", "fixtures")
FIXTURES = os.environ.get("REDMINE_FIXTURES", os.path.abspath(FIXTURES))
pytestmark = pytest.mark.skipif(not os.path.exists(os.path.join(FIXTURES, "index.json")),
                                reason="the recorded Redmine (shared/redmine/fixtures) is not here")
BASE = "http://127.0.0.1:3100"  # where the recorded Redmine served (its attachments' content_url)
COUNTS = ("modules", "deliverables", "relations", "articles", "comments", "files", "time")


@pytest.fixture
def replay(monkeypatch):
    """The import's Redmine client answers from the recordings (the web form's address check passes)."""
    real = redmine.Client

    def client(base_url, key, **kw):
        kw.pop("transport", None)
        return real(base_url, key, transport=redmine.FixtureTransport(FIXTURES), **kw)
    monkeypatch.setattr(redmine, "Client", client)
    monkeypatch.setattr(jobs, "check_redmine_url", lambda url: None)


@pytest.fixture
def admin(tree, make_user, grant):
    user = make_user(name="Ada Admin")
    grant(tree.portal, user, admin=True, create=True, edit=True, delete=True)
    return user


def start(client, h, portal_id, **extra):
    body = {"url": BASE, "key": "0123456789abcdef", "project": "renovation-consortium",
            **extra}
    r = client.post(f"/api/import/redmine/{portal_id}", json=body, headers=h)
    assert r.status_code == 202, r.get_json()
    return r.get_json()["item"]


def under(portal):
    return {m.name: m for m in _db.session.scalars(sa.select(Module).where(Module.path.like(portal.path + "%")))}


def test_the_probe_shows_statuses_with_their_default_mapping(client, tree, admin, token_for, replay):
    r = client.post(f"/api/import/redmine/probe/{tree.portal.id}", headers=token_for(admin),
                    json={"url": BASE, "key": "0123456789abcdef",
                          "project": "renovation-consortium"})
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    by_name = {s["name"]: s["status"] for s in body["statuses"]}
    assert by_name["Closed"] == "COMPLETED" and by_name["New"] == "NOT_STARTED"
    assert by_name["In Progress"] == "IN_PROGRESS" and by_name["Feedback"] == "BLOCKED"
    assert body["counts"] == {"projects": 5, "issues": 10}


def test_a_redmine_project_is_imported_whole(client, tree, admin, token_for, replay):
    job = start(client, token_for(admin), tree.portal.id)
    assert job["state"] == "DONE", job["report"]
    report = job["report"]
    mods = under(tree.portal)
    top = mods["Renovation consortium"]
    assert top.parent_id == tree.portal.id and top.type == "4rineu_project"
    assert job["links"]["module"]["url"] == f"/api/module/view/{top.id}"
    wp2 = mods["WP2 Survey of the building stock"]
    assert wp2.parent_id == top.id and wp2.type == "4rineu_phase"
    survey = mods["Survey of 40 demo buildings"]
    geometry = mods["Geometry and envelope survey"]
    assert survey.parent_id == wp2.id and geometry.parent_id == survey.id
    # Issue 5 (a child of 4, itself a child of 3): deeper than the skeleton goes, placed beside its parent.
    assert mods["Laser scan of the Lisbon block"].parent_id in (geometry.id, survey.id)
    statuses = dict(_db.session.execute(sa.select(Module.name, Deliverable.status).join(
        Deliverable, Deliverable.module_id == Module.id)).all())
    assert statuses["Kick-off meeting in Bolzano"] == "COMPLETED"
    assert statuses["Survey of 40 demo buildings"] == "IN_PROGRESS"
    assert statuses["Condensation at the window joint"] == "BLOCKED"
    owner = _db.session.scalar(sa.select(Deliverable.owner_id).where(Deliverable.module_id == survey.id))
    assert _db.session.get(User, owner).name == "Jan Vries"
    assert report["created"]["relations"] == _db.session.scalar(sa.select(sa.func.count()).select_from(Relation)) > 0
    articles = {a.title: a for a in _db.session.scalars(sa.select(Article))}
    assert any(a.parent_id for a in articles.values()), "the wiki tree keeps its nesting"
    assert all(json.loads(a.content)["blocks"] for a in articles.values())
    comments = _db.session.scalars(sa.select(Comment)).all()
    assert len(comments) == report["created"]["comments"] > 0
    assert all(c.content and not c.content.startswith("{") for c in comments)  # the comments' own markup
    assert all(c.created_by_id for c in comments)  # their authors, by e-mail
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(TimeEntry)) == report["created"]["time"] > 0
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(CustomValue)) > 0
    # Attachments byte for byte: each stored file is one of the recorded downloads.
    recorded = {hashlib.sha256(open(os.path.join(FIXTURES, "files", n), "rb").read()).hexdigest()
                for n in os.listdir(os.path.join(FIXTURES, "files"))}
    files = _db.session.scalars(sa.select(VaultFile)).all()
    assert len(files) == report["created"]["files"] > 0
    for f in files:
        assert storage.backend().sha256(storage.key_of("files", f.stored_name)) in recorded
    # Versions are milestones of their project.
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(Deliverable).where(
        Deliverable.milestone.is_(True))) > 0
    assert "key" not in json.loads(_db.session.scalar(sa.select(jobs.ImportJob.options)))


def test_a_second_run_updates_without_duplicates(client, tree, admin, token_for, replay):
    h = token_for(admin)
    first = start(client, h, tree.portal.id)["report"]
    tables = (Module, Deliverable, Relation, Article, Comment, VaultFile, TimeEntry, ImportMap)
    before = {t: _db.session.scalar(sa.select(sa.func.count()).select_from(t)) for t in tables}
    second = start(client, h, tree.portal.id)
    assert second["state"] == "DONE"
    assert {t: _db.session.scalar(sa.select(sa.func.count()).select_from(t)) for t in tables} == before
    assert all(second["report"]["created"][k] == 0 for k in COUNTS), second["report"]["created"]
    assert first["created"]["modules"] > 0


def test_a_status_mapping_given_wins_and_a_dry_run_writes_nothing(client, tree, admin, token_for, replay):
    h = token_for(admin)
    modules = _db.session.scalar(sa.select(sa.func.count()).select_from(Module))
    dry = start(client, h, tree.portal.id, dryRun=True)
    assert dry["state"] == "DONE" and dry["report"]["created"]["modules"] > 0
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(Module)) == modules
    start(client, h, tree.portal.id, statuses={"1": "BLOCKED"})  # New -> Blocked
    assert _db.session.scalar(sa.select(Deliverable.status).join(Module, Module.id == Deliverable.module_id)
                              .where(Module.name == "Façade module concept")) == "BLOCKED"


def test_a_refused_key_fails_the_job_and_writes_nothing(client, tree, admin, token_for, monkeypatch):
    real = redmine.Client
    answers = {"GET /users/current.json": (401, "application/json", b"{}")}

    def client_(base_url, key, **kw):
        kw.pop("transport", None)
        return real(base_url, key, transport=redmine.FixtureTransport(FIXTURES, overrides=answers), **kw)
    monkeypatch.setattr(redmine, "Client", client_)
    monkeypatch.setattr(jobs, "check_redmine_url", lambda url: None)
    modules = _db.session.scalar(sa.select(sa.func.count()).select_from(Module))
    r = client.post(f"/api/import/redmine/probe/{tree.portal.id}", headers=token_for(admin),
                    json={"url": "https://r.example.org", "key": "0123456789abcdef", "project": "renovation-consortium"})
    assert r.status_code == 422
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(Module)) == modules


def test_the_subprojects_take_the_type_chosen_for_their_level(client, tree, admin, token_for, replay):
    job = start(client, token_for(admin), tree.portal.id, levels=["4rineu_project", "4rineu_task"])
    assert job["state"] == "DONE"
    mods = under(tree.portal)
    assert mods["WP2 Survey of the building stock"].type == "4rineu_task"
    assert mods["Survey of 40 demo buildings"].type == "4rineu_subtask"
    r = client.post(f"/api/import/redmine/{tree.portal.id}", headers=token_for(admin),
                    json={"url": BASE, "key": "0123456789abcdef", "project": "renovation-consortium",
                          "levels": ["4rineu_portal"]})
    assert r.status_code == 422 and "levels" in str(r.get_json()["errors"])
