"""The timer (issue 45): one running timer per person, kept on the server, so a timer started in one session is read
and stopped in another; starting another saves the first; stopped, it is an entry of the day it started (rounded
up to the minute, at least one, cut to what the day still holds, 422 when it is full); discarded, nothing."""
import datetime as dt

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import FeedEntry, TimeEntry, Timer
from api.models.base import utcnow
from api.services import time_entries

from .conftest import PASSWORD


@pytest.fixture
def crew(tree, make_user, grant):
    maker, viewer = make_user(name="Max Maker"), make_user(name="Vera Viewer")
    grant(tree.portal, maker, create=True)
    grant(tree.portal, viewer)
    return {"maker": maker, "viewer": viewer}


def session(client, user):
    """A sign-in of its own (another device)."""
    r = client.post("/json/login", json={"username": user.email, "password": PASSWORD})
    assert r.status_code == 200
    return {"Authorization": "Bearer " + r.get_json()["token"]}


def started_ago(user, **delta):
    t = _db.session.get(Timer, user.id)
    t.started = utcnow() - dt.timedelta(**delta)
    _db.session.commit()
    return t.started


def test_a_timer_follows_its_person_from_one_session_to_another(client, tree, crew):
    maker = crew["maker"]
    laptop, phone = session(client, maker), session(client, maker)
    assert laptop != phone
    assert client.get("/api/time/timer", headers=laptop).get_json() == {"item": None}
    r = client.post(f"/api/time/timer/start/{tree.task.id}?note=Writing", headers=laptop)
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert body["saved"] is None
    item = body["item"]
    assert (item["moduleId"], item["moduleName"], item["note"]) == (tree.task.id, "Task 1", "Writing")
    assert item["links"]["stop"]["url"] == "/api/time/timer/stop" and item["links"]["stop"]["operation"] == "POST"
    assert item["links"]["discard"]["url"] == "/api/time/timer" and item["links"]["discard"]["operation"] == "DELETE"
    # The other session reads it, and stops it 25 minutes and a few seconds later: 26 minutes (rounded up).
    seen = client.get("/api/time/timer", headers=phone).get_json()["item"]
    assert seen["moduleId"] == tree.task.id and seen["started"] == item["started"]
    started = started_ago(maker, minutes=25, seconds=3)
    r = client.post("/api/time/timer/stop", headers=phone)
    assert r.status_code == 200, r.get_json()
    entry = r.get_json()["item"]
    assert (entry["moduleId"], entry["minutes"], entry["note"], entry["day"]) == \
        (tree.task.id, 26, "Writing", started.date().isoformat())
    assert entry["user"]["id"] == maker.id and entry["activity"]["name"] == "Research"
    assert client.get("/api/time/timer", headers=laptop).get_json() == {"item": None}
    assert client.post("/api/time/timer/stop", headers=laptop).status_code == 404
    assert client.delete("/api/time/timer", headers=laptop).status_code == 404
    # A timer stopped at once is a minute; the note given when stopping replaces the timer's.
    client.post(f"/api/time/timer/start/{tree.task.id}", headers=laptop)
    entry = client.post("/api/time/timer/stop?note=Quick", headers=phone).get_json()["item"]
    assert entry["minutes"] == 1 and entry["note"] == "Quick"
    # Personal: not in the feed.
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(FeedEntry)) == 0


def test_starting_another_saves_the_first(client, tree, crew, token_for):
    maker, h = crew["maker"], token_for(crew["maker"])
    client.post(f"/api/time/timer/start/{tree.task.id}", headers=h)
    started_ago(maker, minutes=29, seconds=30)  # 30 minutes, rounded up
    r = client.post(f"/api/time/timer/start/{tree.other.id}?note=Other", headers=h)
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert body["saved"]["moduleId"] == tree.task.id and body["saved"]["minutes"] == 30
    assert body["item"]["moduleId"] == tree.other.id and body["item"]["note"] == "Other"
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(Timer)) == 1
    # Discarded: nothing saved.
    assert client.delete("/api/time/timer", headers=h).status_code == 200
    assert client.get("/api/time/timer", headers=h).get_json() == {"item": None}
    assert [e.module_id for e in _db.session.scalars(sa.select(TimeEntry))] == [tree.task.id]


def test_only_who_may_log_time_starts_a_timer(client, tree, crew, token_for, make_user):
    viewer = token_for(crew["viewer"])
    assert client.post(f"/api/time/timer/start/{tree.task.id}", headers=viewer).status_code == 403
    assert client.post(f"/api/time/timer/start/{tree.task.id}", headers=token_for(make_user())).status_code == 404
    assert client.post("/api/time/timer/start/2000000000", headers=viewer).status_code == 404
    long_note = client.post(f"/api/time/timer/start/{tree.task.id}?note={'x' * 2001}",
                            headers=token_for(crew["maker"]))
    assert long_note.status_code == 400 and list(long_note.get_json()["errors"]) == ["note"]


def test_a_stop_never_passes_24_hours(client, tree, crew, token_for):
    maker, h = crew["maker"], token_for(crew["maker"])
    # A timer left running for 30 hours: cut to the 24 hours of the day it started.
    client.post(f"/api/time/timer/start/{tree.task.id}", headers=h)
    started = started_ago(maker, hours=30)
    entry = client.post("/api/time/timer/stop", headers=h).get_json()["item"]
    assert entry["minutes"] == 24 * 60 and entry["day"] == started.date().isoformat()
    # That day is full: a timer started on it cannot be saved (422), and stays to be discarded.
    client.post(f"/api/time/timer/start/{tree.task.id}", headers=h)
    started_ago(maker, hours=30)
    r = client.post("/api/time/timer/stop", headers=h)
    assert r.status_code == 422 and list(r.get_json()["errors"]) == ["duration"]
    assert client.get("/api/time/timer", headers=h).get_json()["item"] is not None
    # Nor can another be started over it (the first is saved first), until it is discarded.
    assert client.post(f"/api/time/timer/start/{tree.other.id}", headers=h).status_code == 422
    assert client.delete("/api/time/timer", headers=h).status_code == 200
    # A day with 23 hours logged takes one more from a timer of two.
    day = (utcnow() - dt.timedelta(hours=2)).date()
    _db.session.add(TimeEntry(module_id=tree.other.id, portal_id=tree.portal.id, user_id=maker.id,
                              day=day, minutes=23 * 60, note="", organisation=""))
    _db.session.commit()
    client.post(f"/api/time/timer/start/{tree.task.id}", headers=h)
    t = _db.session.get(Timer, maker.id)
    t.started = dt.datetime.combine(day, dt.time(0, 30))  # at least an hour and a half ago
    _db.session.commit()
    entry = client.post("/api/time/timer/stop", headers=h).get_json()["item"]
    assert entry["minutes"] == 60 and entry["day"] == day.isoformat()
    assert time_entries.logged(maker.id, day) <= 24 * 60
