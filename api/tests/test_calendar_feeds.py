"""Calendar feeds (issue 44): the secret address shown once and kept as its SHA-256; the feed (RFC 5545, read
back with icalendar) lists, as all-day events, the open dated tasks its user owns or watches and may view at the
moment it is read, within its portal when it names one; revoked, or its user switched off, it answers 404 at once
(switched on again, it works again: the feed was never revoked); a fixed number of queries whatever its size; the
form's checks; an API token cannot manage feeds; the user's page links them."""
import hashlib
from datetime import date, timedelta
from urllib.parse import urlsplit

import pytest
import sqlalchemy as sa
from icalendar import Calendar

from api.extensions import db as _db
from api.models import CalendarFeed, Deliverable, Membership, User, Watch
from api.models.base import utcnow
from api.services import calendar_feeds

from .conftest import element, form_of, new_module, submit

D = date.fromisoformat


@pytest.fixture
def ana(make_user, tree, grant):
    """A member of the tree's portal (view)."""
    user = make_user(name="Ana")
    grant(tree.portal, user)
    return user


def plan(module, owner=None, deadline=None, status="IN_PROGRESS", milestone=False):
    d = Deliverable(module_id=module.id, status=status, owner_id=owner.id if owner else None,
                    deadline=D(deadline) if deadline else None, start_date=D(deadline) if milestone else None,
                    milestone=milestone)
    _db.session.add(d)
    _db.session.commit()
    return d


def make_feed(client, headers, status=200, **data):
    r = submit(client, headers, "/api/calendar-feed/add", {"name": "My tasks", "scope": "mine", **data})
    assert r.status_code == status, r.get_json()
    return r.get_json()


def read(client, url, status=200):
    r = client.get(urlsplit(url).path)
    assert r.status_code == status, (r.status_code, r.data[:300])
    return r


def events(client, url):
    cal = Calendar.from_ical(read(client, url).data)
    return {str(e["SUMMARY"]): e for e in cal.walk("VEVENT")}


def test_a_feed_is_shown_once_and_kept_hashed(client, ana, token_for):
    h = token_for(ana)
    me = client.get("/api/profile/currentuser", headers=h).get_json()["item"]
    assert me["links"]["calendar_feeds"]["url"] == "/api/calendar-feed/list"
    assert me["links"]["calendar_feeds"]["operation"] == "GET"
    listed = client.get("/api/calendar-feed/list", headers=h).get_json()
    assert listed["list"] == [] and listed["links"]["add"]["url"] == "/api/calendar-feed/add"
    body = make_feed(client, h, name="Work")
    url, item = body["url"], body["item"]
    assert url.startswith("http://localhost/api/calendar-feed/ical/") and url.endswith(".ics")
    secret = url.rsplit("/", 1)[1][:-4]
    assert len(secret) >= 40
    assert (item["name"], item["scope"], item["portal"], item["lastUsed"]) == ("Work", "mine", None, None)
    assert set(item["links"]) == {"delete"}
    row = _db.session.get(CalendarFeed, item["id"])
    assert row.secret_hash == hashlib.sha256(secret.encode()).hexdigest()
    stored = _db.session.execute(sa.select(CalendarFeed.__table__)).all()
    assert secret not in repr(stored)
    listed = client.get("/api/calendar-feed/list", headers=h)
    assert secret not in listed.get_data(as_text=True)
    assert [f["id"] for f in listed.get_json()["list"]] == [item["id"]]
    second = make_feed(client, h, name="Watched", scope="watched")
    assert [f["name"] for f in client.get("/api/calendar-feed/list", headers=h).get_json()["list"]] == \
        ["Watched", "Work"]  # newest first
    assert second["url"] != url


def test_the_feed_is_an_icalendar_of_the_open_dated_tasks_one_owns(client, tree, ana, make_user, token_for):
    other = make_user(name="Other")
    plan(tree.task, ana, "2026-03-10")
    plan(tree.subtask, ana, "2026-03-05", milestone=True)
    plan(tree.phase, ana, "2026-03-20", status="COMPLETED")           # done: left out
    plan(tree.project, other, "2026-03-01")                           # someone else's
    plan(tree.other, ana)                                              # no deadline
    body = make_feed(client, token_for(ana), name="Ana's tasks")
    r = read(client, body["url"])
    assert r.headers["Content-Type"] == "text/calendar; charset=utf-8"
    assert r.headers["Cache-Control"] == "private, no-store"
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert r.headers["Content-Disposition"] == 'inline; filename="Ana-s-tasks.ics"'
    cal = Calendar.from_ical(r.data)
    assert str(cal["PRODID"]) == "-//Portal4R//Calendar feed//EN" and str(cal["VERSION"]) == "2.0"
    assert str(cal["X-WR-CALNAME"]) == "Ana's tasks"
    evs = cal.walk("VEVENT")
    assert [str(e["SUMMARY"]) for e in evs] == ["◆ Subtask 1", "Task 1"]  # the nearest deadline first
    milestone, task = evs
    assert task["DTSTART"].dt == D("2026-03-10") and type(task["DTSTART"].dt) is date
    assert task["DTEND"].dt == D("2026-03-11")
    assert task["DTSTART"].params.get("VALUE") == "DATE" or b"DTSTART;VALUE=DATE:20260310" in r.data
    assert str(task["UID"]) == f"module-{tree.task.id}@127.0.0.1"
    assert str(task["URL"]).endswith(f"/portal/{tree.portal.id}/module/{tree.task.id}")
    assert str(task["DESCRIPTION"]) == "Portal › Project A › Phase 0\nStatus: In Progress"
    assert "DTSTAMP" in task
    assert [str(c) for c in milestone["CATEGORIES"].cats] == ["Milestone"]
    # The feed's uid stays the module's: read again, the same events.
    assert [str(e["UID"]) for e in Calendar.from_ical(read(client, body["url"]).data).walk("VEVENT")] == \
        [str(e["UID"]) for e in evs]
    row = _db.session.get(CalendarFeed, body["item"]["id"])
    _db.session.refresh(row)
    assert row.last_used is not None


def test_it_lists_only_what_the_user_may_view_now(client, tree, make_user, grant, token_for):
    bo = make_user(name="Bo")
    membership = grant(tree.project, bo)  # Project A only
    plan(tree.task, bo, "2026-04-01")
    plan(tree.other, bo, "2026-04-02")  # Project B: Bo is its owner but does not see it
    url = make_feed(client, token_for(bo))["url"]
    assert list(events(client, url)) == ["Task 1"]
    # The entry page is the project (Bo does not see the portal).
    assert str(events(client, url)["Task 1"]["URL"]).endswith(f"/portal/{tree.project.id}/module/{tree.task.id}")
    _db.session.delete(_db.session.get(Membership, membership.id))
    _db.session.commit()
    assert events(client, url) == {}  # the feed is still there, and empty
    grant(tree.portal, bo)
    assert set(events(client, url)) == {"Task 1", "Project B"}


def test_a_superuser_sees_every_portal(client, tree, make_user, token_for):
    root_user = make_user(name="Root", superuser=True)
    plan(tree.task, root_user, "2026-04-01")
    portal2 = new_module(None, "4rineu_portal", "Second")
    plan(portal2, root_user, "2026-04-03")
    url = make_feed(client, token_for(root_user))["url"]
    assert list(events(client, url)) == ["Task 1", "Second"]


def test_revoked_it_answers_404_at_once_and_only_its_owner_revokes_it(client, ana, make_user, token_for):
    h = token_for(ana)
    body = make_feed(client, h)
    read(client, body["url"])
    other = token_for(make_user(name="Mallory"))
    url = f"/api/calendar-feed/delete/{body['item']['id']}"
    assert client.delete(url, headers=other).status_code == 404  # someone else's: not there
    read(client, body["url"])
    assert client.delete(url, headers=h).status_code == 200
    miss = read(client, body["url"], 404)
    assert client.delete(url, headers=h).status_code == 404  # already revoked
    assert client.get("/api/calendar-feed/list", headers=h).get_json()["list"] == []
    # Every failure is the same answer.
    unknown = client.get("/api/calendar-feed/ical/" + "x" * 43 + ".ics")
    short = client.get("/api/calendar-feed/ical/abc.ics")
    assert miss.get_json() == unknown.get_json() == short.get_json() == {"error": "Not found"}
    assert client.get("/api/calendar-feed/ical/" + "x" * 43).status_code == 404


def test_a_user_switched_off_stops_the_feed_at_once_and_on_again_restores_it(client, tree, ana, token_for):
    """Switching a user off answers 404 on their feeds from the next read; switched on again, the feeds (never
    revoked) work again, with the user's rights of that moment."""
    plan(tree.task, ana, "2026-05-01")
    url = make_feed(client, token_for(ana))["url"]
    assert list(events(client, url)) == ["Task 1"]
    _db.session.execute(sa.update(User).where(User.id == ana.id).values(is_active=False))
    _db.session.commit()
    assert read(client, url, 404).get_json() == {"error": "Not found"}
    _db.session.execute(sa.update(User).where(User.id == ana.id).values(is_active=True))
    _db.session.commit()
    assert list(events(client, url)) == ["Task 1"]


def test_watched_scope_and_the_portal_filter(client, tree, ana, make_user, grant, token_for):
    other = make_user(name="Other")
    portal2 = new_module(None, "4rineu_portal", "Second")
    project2 = new_module(portal2, "4rineu_project", "Elsewhere")
    grant(portal2, ana)
    plan(tree.task, other, "2026-06-01")
    plan(tree.subtask, other, "2026-06-02")
    plan(tree.other, other, "2026-06-03")
    plan(project2, ana, "2026-06-04")
    _db.session.add_all([
        Watch(user_id=ana.id, module_id=tree.project.id, portal_id=tree.portal.id, state="watching"),
        Watch(user_id=ana.id, module_id=tree.subtask.id, portal_id=tree.portal.id, state="unwatched"),
        Watch(user_id=ana.id, module_id=project2.id, portal_id=portal2.id, state="watching"),
        Watch(user_id=other.id, module_id=tree.other.id, portal_id=tree.portal.id, state="watching")])
    _db.session.commit()
    h = token_for(ana)
    watched = make_feed(client, h, name="Watched", scope="watched")["url"]
    assert list(events(client, watched)) == ["Task 1", "Elsewhere"]  # not the subtask: unwatched below the watch
    mine = make_feed(client, h, name="Mine")["url"]
    assert list(events(client, mine)) == ["Elsewhere"]
    body = make_feed(client, h, name="Portal", scope="watched", portalId=str(tree.portal.id))
    assert body["item"]["portal"] == {"id": tree.portal.id, "name": "Portal"}
    assert list(events(client, body["url"])) == ["Task 1"]
    listed = client.get("/api/calendar-feed/list", headers=h).get_json()["list"]
    assert listed[0]["portal"] == {"id": tree.portal.id, "name": "Portal"}


def test_the_form_and_its_checks(client, tree, ana, make_user, token_for):
    h = token_for(ana)
    form = form_of(client, h, "/api/calendar-feed/add")
    assert [e["name"] for e in form["elements"]] == ["name", "scope", "portalId", "_token"]
    assert [(o["value"], o["label"]) for o in element(form, "scope")["options"]] == \
        [("mine", "Tasks I own"), ("watched", "Tasks I watch")]
    assert [o["value"] for o in element(form, "portalId")["options"]] == ["", str(tree.portal.id)]
    unseen = new_module(None, "4rineu_portal", "Secret portal")
    for data, field in (({"name": ""}, "name"), ({"name": "x" * 101}, "name"), ({"scope": "everything"}, "scope"),
                        ({"portalId": str(unseen.id)}, "portalId"), ({"portalId": "abc"}, "portalId"),
                        ({"portalId": str(tree.project.id)}, "portalId")):
        r = make_feed(client, h, 422, **data)
        assert list(r["errors"]) == [field], (data, r)
    assert "Secret portal" not in repr(form)
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(CalendarFeed)) == 0
    for i in range(calendar_feeds.MAX_FEEDS):
        make_feed(client, h, name=f"Feed {i}")
    r = make_feed(client, h, 422, name="One too many")
    assert "revoke one first" in r["errors"]["name"][0]
    first = _db.session.scalars(sa.select(CalendarFeed.id).order_by(CalendarFeed.id)).first()
    assert client.delete(f"/api/calendar-feed/delete/{first}", headers=h).status_code == 200
    make_feed(client, h, name="Room again")


def test_an_api_token_cannot_manage_feeds(client, ana, token_for):
    h = token_for(ana)
    r = client.post("/api/account/tokens", json={"name": "CI", "days": 30, "access": "write"}, headers=h)
    token = {"Authorization": "Bearer " + r.get_json()["item"]["token"]}
    assert client.get("/api/calendar-feed/list", headers=token).status_code == 403
    assert client.get("/api/calendar-feed/add", headers=token).status_code == 403
    assert client.post("/api/calendar-feed/add", json={"name": "x"}, headers=token).status_code == 403
    me = client.get("/api/profile/currentuser", headers=token).get_json()["item"]
    assert "calendar_feeds" not in me["links"]  # not offered where it is refused


@pytest.mark.parametrize("scope", ["mine", "watched"])
def test_a_fixed_number_of_queries_whatever_the_size(client, tree, ana, make_user, grant, token_for, count_queries,
                                                     scope):
    bo = make_user(name="Bo")
    grant(tree.project, bo)
    grant(tree.other, bo)
    _db.session.add(Watch(user_id=bo.id, module_id=tree.project.id, portal_id=tree.portal.id, state="watching"))
    _db.session.add(Watch(user_id=bo.id, module_id=tree.other.id, portal_id=tree.portal.id, state="watching"))
    _db.session.commit()
    url = make_feed(client, token_for(bo), scope=scope)["url"]
    counts = []
    made = 0
    for n in (3, 30):
        while made < n:
            parent = tree.phase if made % 2 else tree.other
            m = new_module(parent, "4rineu_task", f"T{made}", idx=made + 1)
            plan(m, bo, (D("2026-07-01") + timedelta(days=made)).isoformat(), milestone=made % 3 == 0)
            made += 1
        read(client, url)  # (its last use written: the next read within a minute writes nothing)
        with count_queries() as q:
            assert len(events(client, url)) == n
        counts.append(q.count)
    assert counts[0] == counts[1], counts
    assert counts[0] <= 5, counts  # the feed and its user, the memberships and their paths, the events, the names above


def test_the_nearest_deadlines_are_kept_at_the_cap(client, tree, ana, token_for, monkeypatch):
    for i in range(5):
        m = new_module(tree.phase, "4rineu_task", f"Cap {i}", idx=i + 2)
        plan(m, ana, (D("2026-08-10") - timedelta(days=i)).isoformat())
    monkeypatch.setattr(calendar_feeds, "MAX_EVENTS", 3)
    url = make_feed(client, token_for(ana))["url"]
    assert list(events(client, url)) == ["Cap 4", "Cap 3", "Cap 2"]


def test_last_use_is_written_at_most_once_a_minute(client, ana, token_for):
    body = make_feed(client, token_for(ana))
    read(client, body["url"])
    row = _db.session.get(CalendarFeed, body["item"]["id"])
    _db.session.refresh(row)
    first = row.last_used
    read(client, body["url"])
    _db.session.refresh(row)
    assert row.last_used == first
    row.last_used = utcnow() - timedelta(minutes=5)
    _db.session.commit()
    read(client, body["url"])
    _db.session.refresh(row)
    assert row.last_used > first - timedelta(seconds=1)
    listed = client.get("/api/calendar-feed/list", headers=token_for(ana)).get_json()["list"]
    assert listed[0]["lastUsed"] is not None


@pytest.fixture
def limited(app):
    from api import create_app
    from api.config import TestConfig
    other = create_app(TestConfig, SQLALCHEMY_DATABASE_URI=app.config["SQLALCHEMY_DATABASE_URI"],
                       INSTANCE_DIR=app.config["INSTANCE_DIR"], UPLOAD_DIR=app.config["UPLOAD_DIR"],
                       MAIL_OUTBOX_DIR=app.config["MAIL_OUTBOX_DIR"], SQLALCHEMY_ENGINE_OPTIONS={},
                       RATELIMIT_ENABLED=True, LOGIN_ADDRESS_LIMITS="3 per minute")
    yield other.test_client()
    with other.app_context():
        _db.session.remove()
        _db.engine.dispose()


def test_addresses_that_miss_are_limited(limited, client, ana, token_for):
    """Unknown addresses are counted per client address (as wrong passwords are): past the limit, 429 there."""
    url = urlsplit(make_feed(client, token_for(ana))["url"]).path
    here, there = {"REMOTE_ADDR": "10.44.0.1"}, {"REMOTE_ADDR": "10.44.0.2"}
    for _ in range(5):  # reading one's feed is no miss
        assert limited.get(url, environ_base=here).status_code == 200
    for i in range(3):
        assert limited.get(f"/api/calendar-feed/ical/guess{i}{'x' * 30}.ics", environ_base=here).status_code == 404
    r = limited.get(url, environ_base=here)
    assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0
    assert limited.get(url, environ_base=there).status_code == 200
