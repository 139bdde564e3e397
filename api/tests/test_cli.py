"""Sysadmin commands: seed-demo (idempotent, every badge and status) and create-user."""
from datetime import date

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import CustomValue, Deliverable, FeedEntry, Membership, Module, User
from api.services import demo

STATUSES = {"NOT_STARTED", "IN_PROGRESS", "BLOCKED", "COMPLETED", "VERIFIED_COMPLETE"}


def counts():
    _db.session.rollback()
    return {m.__name__: _db.session.scalar(sa.select(sa.func.count()).select_from(m))
            for m in (User, Module, Membership, Deliverable, CustomValue, FeedEntry)}


def login(client, email, password):
    r = client.post("/json/login", json={"username": email, "password": password})
    assert r.status_code == 200, r.get_json()
    return {"Authorization": "Bearer " + r.get_json()["token"]}


def badge(m):
    """The member badge of spec §6, from a membership as the API presents it."""
    if m["admin"]:
        return "Admin" if m["inherited"] else "Super Admin"
    if m["allowView"] and m["allowEdit"]:
        return "Editor"
    if m["allowView"]:
        return "Viewer"
    return None


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


def test_seed_demo_is_idempotent_and_complete(app, client, runner):
    r = runner.invoke(args=["seed-demo"])
    assert r.exit_code == 0, r.output
    assert "Demo data loaded." in r.output and "admin@demo.eu" in r.output and demo.PASSWORD in r.output
    first = counts()
    assert first["User"] >= 8 and first["Module"] > 50
    r = runner.invoke(args=["seed-demo"])
    assert r.exit_code == 0 and "already present" in r.output
    assert counts() == first

    # Both brands: portals on the three platforms.
    portals = _db.session.execute(sa.select(Module.platform, Module.name).where(Module.level == 1)).all()
    assert {p for p, _ in portals} == {"4rineu", "peb", "calibr"}
    phases = _db.session.scalars(sa.select(Module.name).where(Module.type == "4rineu_phase")).all()
    for roman in ("Phase 0", "Phase I ", "Phase II ", "Phase III", "Phase IV"):
        assert any(name.startswith(roman.strip()) for name in phases), roman
    assert _db.session.scalar(sa.select(sa.func.count(Module.id)).where(Module.type == "4rineu_subtask")) > 0
    # Deliverables of every status, with dates around today.
    d_rows = _db.session.execute(sa.select(Deliverable.status, Deliverable.start_date, Deliverable.deadline)).all()
    assert {s for s, _, _ in d_rows} >= STATUSES
    today = date.today()
    assert any(s and s <= today <= d for _, s, d in d_rows if s and d)
    assert any(s and s > today for _, s, _ in d_rows)
    # Custom values of several kinds, and checked checklist items.
    values = _db.session.execute(sa.select(CustomValue.stringval, CustomValue.numval)).all()
    assert any(n is not None for _, n in values) and any(s == "completed" for s, _ in values)

    # Every badge, seen through the API as the webapp sees it.
    su = login(client, "admin@demo.eu", demo.PASSWORD)
    lisbon = _db.session.scalar(sa.select(Module.id).where(Module.name.like("Lisbon demo case%")))
    oslo = _db.session.scalar(sa.select(Module.id).where(Module.name.like("Oslo demo case%")))
    seen = {}
    for mid in (lisbon, oslo):
        item = client.get(f"/api/module/view/{mid}", headers=su).get_json()["item"]
        for m in item["memberships"]:
            seen.setdefault(badge(m), set()).add(m["userEmail"])
    assert {"Super Admin", "Admin", "Editor", "Viewer"} <= set(seen)
    assert "sofia@demo.eu" in seen["Admin"] and "lars@demo.eu" in seen["Super Admin"]
    assert "marco@demo.eu" in seen["Editor"]
    # The superuser sees every portal; the newcomer none; a member theirs.
    r = client.get("/api/membership/list-entry-modules", headers=su)
    assert len(r.get_json()["list"]) == len(portals)
    nobody = login(client, "nobody@demo.eu", demo.PASSWORD)
    assert client.get("/api/membership/list-entry-modules", headers=nobody).get_json()["list"] == []
    marco = login(client, "marco@demo.eu", demo.PASSWORD)
    entries = client.get("/api/membership/list-entry-modules", headers=marco).get_json()["list"]
    assert entries and all(e["type"] == "4rineu_project" for e in entries)


def test_create_user(app, client, runner):
    r = runner.invoke(args=["create-user", "New.Person@Example.org", "--password", "long-enough-1",
                            "--name", "New Person", "--superuser"])
    assert r.exit_code == 0, r.output
    assert "new.person@example.org" in r.output
    _db.session.rollback()
    user = _db.session.scalar(sa.select(User).where(User.email == "new.person@example.org"))
    assert user.name == "New Person" and user.is_superuser is True
    assert user.password_hash.startswith("$argon2")
    login(client, "new.person@example.org", "long-enough-1")

    r = runner.invoke(args=["create-user", "plain@example.org", "--password", "long-enough-2", "--name", "Plain"])
    assert r.exit_code == 0
    _db.session.rollback()
    assert _db.session.scalar(sa.select(User.is_superuser).where(User.email == "plain@example.org")) is False

    before = counts()
    r = runner.invoke(args=["create-user", "new.person@example.org", "--password", "long-enough-3", "--name", "X"])
    assert r.exit_code != 0 and "already exists" in r.output
    r = runner.invoke(args=["create-user", "short@example.org", "--password", "short", "--name", "Short"])
    assert r.exit_code != 0 and "at least 8" in r.output
    r = runner.invoke(args=["create-user", "noname@example.org", "--password", "long-enough-4"])
    assert r.exit_code != 0
    assert counts() == before


def test_create_user_prompts_for_the_password(app, runner):
    r = runner.invoke(args=["create-user", "prompted@example.org", "--name", "Prompted"],
                      input="typed-pass-1\ntyped-pass-1\n")
    assert r.exit_code == 0, r.output
    _db.session.rollback()
    assert _db.session.scalar(sa.select(User.id).where(User.email == "prompted@example.org")) is not None


def test_init_platforms_is_idempotent(runner):
    before = counts()
    r = runner.invoke(args=["init-platforms"])
    assert r.exit_code == 0 and "Platforms ready." in r.output
    assert counts() == before


def test_the_demo_deliverables_keep_the_date_rules(runner):
    """A seeded deliverable must save unchanged through its own form: completion never before commencement."""
    assert runner.invoke(args=["seed-demo"]).exit_code == 0
    done = _db.session.scalars(sa.select(Deliverable).where(Deliverable.completion_date.is_not(None))).all()
    assert done and all(d.completion_date >= d.commenced_date for d in done)


def test_commands_that_write_begin_as_writers_and_backup_stays_a_reader(runner, monkeypatch):
    """A command that reads then writes beside a running server must begin IMMEDIATE on SQLite (CI saw
    bench-data fail with 'database is locked' when the stack's worker committed between its read and its write)."""
    from api import transactions
    from api.services import backup, benchdata
    seen = {}
    monkeypatch.setattr(benchdata, "build", lambda *a: seen.setdefault("bench", transactions._is_write_request()) and {})
    r = runner.invoke(args=["bench-data", "--modules", "3"])
    assert r.exit_code == 0, r.output
    assert seen["bench"] is True

    def fake_backup(path):
        seen["backup"] = transactions._is_write_request()
        raise backup.BackupError("stop here")
    monkeypatch.setattr(backup, "backup", fake_backup)
    runner.invoke(args=["backup", "/nonexistent/x.tar"])
    assert seen["backup"] is False
    assert transactions._is_write_request() is False
