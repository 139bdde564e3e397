"""Recurring tasks (issue 42, point 6): weekly and monthly rules across month ends and leap years, the next
occurrence made once (on completion, by the tick or the status, or by the worker's sweep when its date comes) with
the owner, members and custom-field values, the rule moving to it; editing and stopping the series; rights."""
from datetime import date
from types import SimpleNamespace

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import Deliverable, Membership, Module, Recurrence
from api.services import recurrence

from .conftest import new_module, submit
from .test_scheduling import plan

D = date.fromisoformat


@pytest.mark.parametrize("unit,every,day,start,expected", [
    ("MONTH", 1, 31, "2026-01-31", "2026-02-28"),
    ("MONTH", 1, 31, "2028-01-31", "2028-02-29"),   # a leap year
    ("MONTH", 1, 31, "2026-02-28", "2026-03-31"),   # back to the 31st
    ("MONTH", 3, 15, "2026-11-15", "2027-02-15"),   # across a year end
    ("MONTH", 12, 29, "2028-02-29", "2029-02-28"),
    ("WEEK", 1, 1, "2026-12-30", "2027-01-04"),     # the Monday of the next week
    ("WEEK", 2, 5, "2026-03-02", "2026-03-20"),     # every other week, on Friday
])
def test_the_next_date(unit, every, day, start, expected):
    assert recurrence.next_date(SimpleNamespace(unit=unit, every=every, day=day), D(start)) == D(expected)


def repeat(client, h, m, unit="MONTH", every=1, day=5, status=200):
    r = submit(client, h, f"/api/recurrence/edit/{m.id}", {"unit": unit, "every": every, "day": day}, method="PUT")
    assert r.status_code == status, r.get_json()
    return r.get_json()


def occurrences(parent, name):
    return _db.session.scalars(sa.select(Module).where(Module.parent_id == parent.id, Module.name == name)
                               .order_by(Module.id)).all()


def test_completing_a_repeating_task_makes_the_next_once(client, tree, h, make_user, grant):
    meeting = new_module(tree.phase, "4rineu_task", "Progress meeting", idx=3)
    owner = make_user(name="Olga")
    grant(meeting, owner, edit=True)
    plan(client, h, meeting, "2026-01-05", "2026-01-06")
    d = _db.session.scalar(sa.select(Deliverable).where(Deliverable.module_id == meeting.id))
    d.owner_id = owner.id
    _db.session.commit()
    rule = repeat(client, h, meeting)
    assert rule["text"] == "Every month on day 5"
    item = client.get(f"/api/deliverable/find/{meeting.id}", headers=h).get_json()["item"]
    assert item["recurrence"] == "Every month on day 5" and {"edit_recurrence", "stop_recurrence"} <= set(item["links"])
    _db.session.refresh(d)
    r = submit(client, h, f"/api/deliverable/edit/{meeting.id}/{d.id}",
               {"status": "COMPLETED", "startDate": "2026-01-05", "deadline": "2026-01-06", "_version": d.version},
               method="PUT")
    assert r.status_code == 200, r.get_json()
    first, second = occurrences(tree.phase, "Progress meeting")
    nd = _db.session.scalar(sa.select(Deliverable).where(Deliverable.module_id == second.id))
    assert (nd.start_date, nd.deadline, nd.status, nd.owner_id) == (D("2026-02-05"), D("2026-02-06"), "NOT_STARTED",
                                                                      owner.id)
    assert _db.session.scalar(sa.select(Membership.user_id).where(Membership.module_id == second.id)) == owner.id
    assert _db.session.get(Recurrence, first.id) is None and _db.session.get(Recurrence, second.id) is not None
    # Completing the first again (reopened and closed) makes nothing more: the rule moved on.
    submit(client, h, f"/api/deliverable/edit/{first.id}/{d.id}", {"status": "IN_PROGRESS", "startDate": "2026-01-05",
                                                                 "deadline": "2026-01-06"}, method="PUT")
    submit(client, h, f"/api/deliverable/edit/{first.id}/{d.id}", {"status": "COMPLETED", "startDate": "2026-01-05",
                                                                 "deadline": "2026-01-06"}, method="PUT")
    assert len(occurrences(tree.phase, "Progress meeting")) == 2


def test_the_sweep_makes_what_came_due_once(client, tree, h):
    meeting = new_module(tree.phase, "4rineu_task", "Weekly call", idx=4)
    plan(client, h, meeting, "2026-03-02", "2026-03-02")
    repeat(client, h, meeting, "WEEK", 1, 1)
    assert recurrence.run_due(D("2026-03-01")) == 0
    assert recurrence.run_due(D("2026-03-02")) == 1
    assert recurrence.run_due(D("2026-03-02")) == 0  # the next one (9th) has not come yet
    _, nxt = occurrences(tree.phase, "Weekly call")
    nd = _db.session.scalar(sa.select(Deliverable).where(Deliverable.module_id == nxt.id))
    assert (nd.start_date, nd.status) == (D("2026-03-09"), "NOT_STARTED")


def test_editing_and_stopping_the_series_and_who_may(client, tree, h, make_user, grant, token_for):
    task = tree.task
    plan(client, h, task, "2026-03-02", "2026-03-06")
    bad = repeat(client, h, task, "WEEK", 1, 9, status=422)
    assert bad["errors"]["day"] == ["A day of the week: 1 Monday to 7 Sunday"]
    repeat(client, h, task, "WEEK", 2, 3)
    form = client.get(f"/api/recurrence/edit/{task.id}", headers=h).get_json()
    assert {e["name"]: e.get("value") for e in form["elements"]}["every"] in (2, "2")
    viewer = make_user(name="Vera")
    grant(tree.portal, viewer)
    assert client.get(f"/api/recurrence/edit/{task.id}", headers=token_for(viewer)).status_code == 403
    assert client.delete(f"/api/recurrence/stop/{task.id}", headers=token_for(viewer)).status_code == 403
    assert client.delete(f"/api/recurrence/stop/{task.id}", headers=h).status_code == 200
    assert client.delete(f"/api/recurrence/stop/{task.id}", headers=h).status_code == 404
    item = client.get(f"/api/deliverable/find/{task.id}", headers=h).get_json()["item"]
    assert item["recurrence"] is None and "stop_recurrence" not in item["links"]


def test_ticking_the_box_of_a_repeating_task_makes_the_next_unticked(client, tree, h):
    from .test_done import state, toggle
    plan(client, h, tree.task, "2026-03-31", "2026-04-02")
    repeat(client, h, tree.task, "MONTH", 1, 31)
    assert toggle(client, h, tree).status_code == 200
    assert state(client, h, tree) == ("COMPLETED", True)
    first, nxt = occurrences(tree.phase, "Task 1")
    assert state(client, h, tree, nxt.id) == ("NOT_STARTED", False)
    nd = _db.session.scalar(sa.select(Deliverable).where(Deliverable.module_id == nxt.id))
    assert (nd.start_date, nd.deadline) == (D("2026-04-30"), D("2026-05-02"))  # April has no 31st
