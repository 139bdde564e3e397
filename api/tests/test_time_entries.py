"""Time entries (issue 45): durations as people write them, the days time may be logged on, a person's 24-hour day
over every module and portal, who logs time (create right, the deliverable's owner, a portal admin; nobody for
someone else but a portal admin), the organisation an entry keeps, changes of one's own entries until the month is
approved (423), an admin's corrections in the module's feed, the list (filters, totals, paging, a fixed number of
queries, 404 for what the reader does not see) and a portal's effort settings."""
import datetime as dt

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import Deliverable, FeedEntry, Membership, TimeActivity, TimeEntry, Timesheet
from api.services import time_entries
from api.services.platforms import PORTAL

from .conftest import element, form_of, new_module, submit

TODAY = time_entries.today()
DAY = dt.date(2026, 3, 2)


@pytest.fixture
def crew(tree, make_user, grant):
    """On the tree's portal: an admin, a member with create, a viewer; on Project A a viewer who owns its
    deliverable; an outsider."""
    admin, maker, viewer, owner, outsider = (make_user(name=n) for n in ("Ada Admin", "Max Maker", "Vera Viewer",
                                                                         "Olga Owner", "Sam Stranger"))
    grant(tree.portal, admin, admin=True, edit=True, create=True, delete=True)
    grant(tree.portal, maker, create=True)
    grant(tree.portal, viewer)
    grant(tree.project, owner)
    _db.session.add(Deliverable(module_id=tree.project.id, status="IN_PROGRESS", owner_id=owner.id))
    _db.session.commit()
    return {"admin": admin, "maker": maker, "viewer": viewer, "owner": owner, "outsider": outsider}


def log(client, h, module_id, status=200, **data):
    body = {"day": DAY.isoformat(), "duration": "1.5", **data}
    r = submit(client, h, f"/api/time/add/{module_id}", body)
    assert r.status_code == status, r.get_json()
    return r.get_json()


def feed_entries(category="time"):
    return _db.session.scalars(sa.select(FeedEntry).where(FeedEntry.category == category)
                               .order_by(FeedEntry.id)).all()


# --- durations and days ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text,minutes", [
    ("1.5", 90), ("1,5", 90), ("1:30", 90), ("90m", 90), ("2h", 120), ("1h30", 90), ("1h 30m", 90), (" 0.25 ", 15),
    ("45 min", 45), ("1.5h", 90), ("24", 1440), ("0:01", 1), (".5", 30), (1.5, 90), (2, 120), ("2H", 120)])
def test_durations_people_write(text, minutes):
    assert time_entries.parse_duration(text) == minutes


@pytest.mark.parametrize("text,message", [
    ("", time_entries.FORMAT), ("abc", time_entries.FORMAT), ("1.5.2", time_entries.FORMAT),
    ("-1", time_entries.FORMAT), ("1:75", time_entries.FORMAT), ("1h75", time_entries.FORMAT),
    ("90 s", time_entries.FORMAT), (True, time_entries.FORMAT), (None, time_entries.FORMAT),
    ("0", time_entries.RANGE), ("0:00", time_entries.RANGE), ("0m", time_entries.RANGE),
    ("25", time_entries.RANGE), ("24:01", time_entries.RANGE), ("1441m", time_entries.RANGE),
    ("0.001", time_entries.RANGE)])
def test_durations_that_are_none(text, message):
    with pytest.raises(time_entries.BadDuration) as e:
        time_entries.parse_duration(text)
    assert str(e.value) == message


def test_the_form_and_an_entry(client, tree, crew, token_for):
    maker, h = crew["maker"], token_for(crew["maker"])
    form = form_of(client, h, f"/api/time/add/{tree.task.id}")
    assert [e["name"] for e in form["elements"]] == ["day", "duration", "activityId", "note", "_token"]
    assert element(form, "day")["value"] == TODAY.isoformat()
    activities = element(form, "activityId")["options"]
    assert [o["label"] for o in activities] == ["Research", "Management", "Dissemination", "Travel", "Other"]
    assert activities[0]["selected"]
    item = log(client, h, tree.task.id, duration="1,5", note="Reading")["item"]
    assert item["moduleId"] == tree.task.id and item["moduleName"] == "Task 1" and item["portalId"] == tree.portal.id
    assert item["user"] == {"id": maker.id, "name": "Max Maker"}
    assert (item["day"], item["minutes"], item["hours"], item["note"], item["locked"], item["version"]) == \
        (DAY.isoformat(), 90, 1.5, "Reading", False, 1)
    assert item["activity"] == {"id": int(activities[0]["value"]), "name": "Research"}
    assert item["organisation"] == ""
    assert set(item["links"]) == {"edit", "delete"}
    assert item["links"]["edit"]["url"] == f"/api/time/edit/{item['id']}"
    assert item["links"]["delete"]["operation"] == "DELETE"
    # The activity chosen, and a blank day is today.
    other = int(activities[3]["value"])
    item = log(client, h, tree.task.id, day="", duration="20m", activityId=str(other))["item"]
    assert item["day"] == TODAY.isoformat() and item["activity"]["name"] == "Travel" and item["hours"] == 0.33
    # An activity of another portal is no option.
    elsewhere = new_module(None, PORTAL, "Elsewhere")
    alien = TimeActivity(portal_id=elsewhere.id, name="Alien", idx=0)
    _db.session.add(alien)
    _db.session.commit()
    r = log(client, h, tree.task.id, 422, activityId=str(alien.id))
    assert r["errors"] == {"activityId": ["Please choose one of the options"]}
    # Nothing personal is in the feed.
    assert feed_entries() == []


def test_bad_durations_and_days_are_422(client, tree, crew, token_for):
    h = token_for(crew["maker"])
    assert log(client, h, tree.task.id, 422, duration="soon")["errors"] == {"duration": ["Use hours like 1.5 or 1:30"]}
    assert log(client, h, tree.task.id, 422, duration="")["errors"] == {"duration": ["Use hours like 1.5 or 1:30"]}
    assert log(client, h, tree.task.id, 422, duration="25")["errors"] == {"duration": ["More than 0 and at most 24 "
                                                                                       "hours"]}
    assert log(client, h, tree.task.id, 422, day="1999-12-31")["errors"] == {"day": ["Not before 2000-01-01"]}
    ahead = TODAY + dt.timedelta(days=367)
    assert log(client, h, tree.task.id, 422, day=ahead.isoformat())["errors"] == {"day": ["Not more than a year "
                                                                                          "ahead"]}
    assert log(client, h, tree.task.id, day="2000-01-01")["item"]["day"] == "2000-01-01"
    assert log(client, h, tree.task.id, day=(TODAY + dt.timedelta(days=300)).isoformat())["item"]
    long_note = log(client, h, tree.task.id, 422, note="x" * 2001)
    assert list(long_note["errors"]) == ["note"]
    # A JSON number is hours.
    token = form_of(client, h, f"/api/time/add/{tree.task.id}")["elements"][-1]["value"]
    r = client.post(f"/api/time/add/{tree.task.id}", json={"day": "2026-03-03", "duration": 2, "_token": token},
                    headers=h)
    assert r.status_code == 200 and r.get_json()["item"]["minutes"] == 120
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(TimeEntry)) == 3


def test_a_day_holds_24_hours_over_every_module_and_portal(client, tree, crew, token_for, grant):
    maker, h = crew["maker"], token_for(crew["maker"])
    second = new_module(None, PORTAL, "Second portal")
    project = new_module(second, "4rineu_project", "Project Z")
    grant(second, maker, create=True)
    log(client, h, tree.task.id, duration="10")
    log(client, h, tree.other.id, duration="8:00")
    log(client, h, project.id, duration="6h")
    r = log(client, h, project.id, 422, duration="1m")
    assert r["errors"] == {"duration": [f"A day holds at most 24 hours: {DAY.isoformat()} has 0.0 h left"]}
    # Another person's day, and the next day, are their own.
    log(client, token_for(crew["admin"]), tree.task.id, duration="1")
    log(client, h, tree.task.id, day=(DAY + dt.timedelta(days=1)).isoformat(), duration="24")
    # An edit counts the other entries of the day, not the entry itself.
    first = _db.session.scalar(sa.select(TimeEntry).where(TimeEntry.module_id == tree.task.id,
                                                          TimeEntry.user_id == maker.id, TimeEntry.day == DAY))
    url = f"/api/time/edit/{first.id}"
    assert submit(client, h, url, {"duration": "10:00"}).status_code == 200
    r = submit(client, h, url, {"duration": "10:01"})
    assert r.status_code == 422 and list(r.get_json()["errors"]) == ["duration"]


# --- who logs time -------------------------------------------------------------------------------------------------

def _links(client, h, module_id):
    return client.get(f"/api/module/view/{module_id}", headers=h).get_json()["item"]["links"]


def test_who_may_log_time(client, tree, crew, token_for, make_user):
    viewer, owner, outsider = (token_for(crew[k]) for k in ("viewer", "owner", "outsider"))
    # A viewer reads the time but logs none.
    links = _links(client, viewer, tree.project.id)
    assert "time" in links and "add_time" not in links
    assert links["time"]["url"] == f"/api/time/list/{tree.project.id}"
    assert client.get(f"/api/time/add/{tree.project.id}", headers=viewer).status_code == 403
    assert client.post(f"/api/time/add/{tree.project.id}", data={"duration": "1"}, headers=viewer).status_code == 403
    # A member with the create right, and the owner of the module's deliverable (a viewer) log time.
    assert "add_time" in _links(client, token_for(crew["maker"]), tree.project.id)
    links = _links(client, owner, tree.project.id)
    assert links["add_time"]["url"] == f"/api/time/add/{tree.project.id}" and links["add_time"]["operation"] == "POST"
    assert links["start_timer"]["url"] == f"/api/time/timer/start/{tree.project.id}"
    log(client, owner, tree.project.id)
    # ... on that module only: its deliverable is not the phase's.
    assert "add_time" not in _links(client, owner, tree.phase.id)
    assert client.get(f"/api/time/add/{tree.phase.id}", headers=owner).status_code == 403
    # An outsider does not see the module: 404 to add and to list.
    assert client.get(f"/api/time/add/{tree.project.id}", headers=outsider).status_code == 404
    assert client.post(f"/api/time/add/{tree.project.id}", data={"duration": "1"}, headers=outsider).status_code \
        == 404
    assert client.get(f"/api/time/list/{tree.project.id}", headers=outsider).status_code == 404
    # A portal admin logs time on the portal itself too; nobody on the platform root (a superuser sees it).
    assert "add_time" in _links(client, token_for(crew["admin"]), tree.portal.id)
    root_id = int(tree.portal.path.strip("/").split("/")[0])
    su = token_for(make_user(superuser=True))
    assert not {"add_time", "time"} & set(_links(client, su, root_id))
    assert client.get(f"/api/time/add/{root_id}", headers=su).status_code == 403


def test_nobody_logs_for_someone_else_but_a_portal_admin(client, tree, crew, token_for):
    maker, viewer, admin = crew["maker"], crew["viewer"], crew["admin"]
    hm, ha = token_for(maker), token_for(admin)
    assert "userId" not in {e["name"] for e in form_of(client, hm, f"/api/time/add/{tree.task.id}")["elements"]}
    r = log(client, hm, tree.task.id, 403, userId=str(viewer.id))
    assert r["error"] == "Only an admin of the portal may log time for someone else"
    log(client, hm, tree.task.id, userId=str(maker.id))  # one's own id is no one else's
    # A portal admin is offered the portal's people who see the module, and logs for them: in the feed.
    people = element(form_of(client, ha, f"/api/time/add/{tree.task.id}"), "userId")
    assert {o["label"] for o in people["options"]} >= {"Ada Admin", "Max Maker", "Vera Viewer"}
    assert "Olga Owner" in {o["label"] for o in people["options"]}  # a member of Project A, above the task
    assert "Olga Owner" not in {o["label"] for o in element(form_of(client, ha, f"/api/time/add/{tree.other.id}"),
                                                            "userId")["options"]}  # ... not of Project B
    assert "Sam Stranger" not in {o["label"] for o in people["options"]}
    item = log(client, ha, tree.task.id, userId=str(viewer.id), duration="2")["item"]
    assert item["user"]["id"] == viewer.id
    (entry,) = feed_entries()
    assert entry.created_by_id == admin.id and entry.operation == "add" and entry.module_id == tree.task.id
    assert entry.description == f"Logged 2.0 h for Vera Viewer on {DAY.isoformat()}"
    assert log(client, ha, tree.task.id, 422, userId=str(crew["outsider"].id))["errors"] == \
        {"userId": ["Please choose one of the options"]}


def test_the_organisation_from_the_membership_then_the_user(client, tree, crew, token_for, make_user):
    maker = crew["maker"]
    h = token_for(maker)
    _db.session.get(type(maker), maker.id).organisation = "Own Org"
    _db.session.commit()
    assert log(client, h, tree.task.id)["item"]["organisation"] == "Own Org"
    portal_membership = _db.session.scalar(sa.select(Membership).where(Membership.user_id == maker.id,
                                                                       Membership.module_id == tree.portal.id))
    portal_membership.organisation = "Portal Org"
    _db.session.add(Membership(module_id=tree.project.id, user_id=maker.id, allow_view=True,
                               organisation="Project Org"))
    _db.session.commit()
    item = log(client, h, tree.task.id)["item"]
    assert item["organisation"] == "Project Org"  # the nearest membership that names one
    assert log(client, h, tree.other.id)["item"]["organisation"] == "Portal Org"
    assert time_entries.organisation_of(make_user(), tree.task) == ""
    # Written when the entry is made: an edit of its day keeps it, whatever the memberships say now.
    portal_membership.organisation = "Renamed"
    _db.session.commit()
    r = submit(client, h, f"/api/time/edit/{item['id']}", {"day": "2026-03-09", "duration": "1"})
    assert r.status_code == 200 and r.get_json()["item"]["organisation"] == "Project Org"


# --- changes, locks, corrections ---------------------------------------------------------------------------------

def approve(user, portal, month):
    _db.session.add(Timesheet(user_id=user.id, portal_id=portal.id, month=month, state="APPROVED"))
    _db.session.commit()


def test_own_entries_change_until_the_month_is_approved(client, tree, crew, token_for):
    maker, h = crew["maker"], token_for(crew["maker"])
    item = log(client, h, tree.task.id, note="First")["item"]
    url = f"/api/time/edit/{item['id']}"
    form = form_of(client, h, url)
    assert {e["name"]: e["value"] for e in form["elements"] if e["name"] not in ("_token",)} == {
        "day": DAY.isoformat(), "duration": "1:30", "activityId": item["activity"]["id"], "note": "First",
        "_version": 1}
    r = submit(client, h, url, {"duration": "2:15", "note": "", "_version": "1"})
    assert r.status_code == 200, r.get_json()
    edited = r.get_json()["item"]
    assert (edited["minutes"], edited["note"], edited["version"], edited["day"]) == (135, "", 2, DAY.isoformat())
    assert submit(client, h, url, {"duration": "1", "_version": "1"}).status_code == 409  # stale
    # Someone else's entry: not theirs to change (the viewer and a member with create alike).
    for who in ("viewer", "owner"):
        other = token_for(crew[who])
        assert client.get(url, headers=other).status_code == 403
        assert client.delete(f"/api/time/delete/{item['id']}", headers=other).status_code == 403
    assert client.get(url, headers=token_for(crew["outsider"])).status_code == 404
    # The month approved: locked for everyone, admins too; adding to it or moving an entry into it is refused.
    approve(maker, tree.portal, DAY.replace(day=1))
    listed = client.get(f"/api/time/list/{tree.task.id}", headers=h).get_json()["list"]
    assert listed[0]["locked"] is True and listed[0]["links"] == {}
    for headers in (h, token_for(crew["admin"])):
        r = client.get(url, headers=headers)
        assert r.status_code == 423 and r.get_json()["error"] == "This month is approved: its time is locked"
        assert submit(client, headers, url, {"duration": "1"}, form_url=f"/api/time/add/{tree.task.id}") \
            .status_code == 423
        assert client.delete(f"/api/time/delete/{item['id']}", headers=headers).status_code == 423
    assert log(client, h, tree.task.id, 423, day="2026-03-31")["error"] == "This month is approved: its time is locked"
    april = log(client, h, tree.task.id, day="2026-04-01")["item"]
    assert submit(client, h, f"/api/time/edit/{april['id']}", {"day": "2026-03-30", "duration": "1"}).status_code \
        == 423
    # Another portal's month, and another person's, are not locked.
    assert log(client, token_for(crew["admin"]), tree.task.id)["item"]["locked"] is False
    assert time_entries.is_locked(maker.id, tree.portal.id, DAY) and not time_entries.is_locked(maker.id, 999, DAY)
    # One's own entry is deleted while its month is open.
    assert client.delete(f"/api/time/delete/{april['id']}", headers=h).status_code == 200
    assert _db.session.get(TimeEntry, april["id"]) is None
    assert feed_entries() == []


def test_an_admins_correction_is_in_the_feed(client, tree, crew, token_for):
    maker, admin = crew["maker"], crew["admin"]
    item = log(client, token_for(maker), tree.task.id)["item"]
    ha = token_for(admin)
    admin_view = client.get(f"/api/time/list/{tree.task.id}", headers=ha).get_json()["list"][0]
    assert set(admin_view["links"]) == {"edit", "delete"}
    viewer_view = client.get(f"/api/time/list/{tree.task.id}", headers=token_for(crew["viewer"])).get_json()["list"]
    assert viewer_view[0]["links"] == {}
    r = submit(client, ha, f"/api/time/edit/{item['id']}", {"duration": "2", "note": "Fixed"})
    assert r.status_code == 200 and r.get_json()["item"]["user"]["id"] == maker.id
    (entry,) = feed_entries()
    assert (entry.created_by_id, entry.operation, entry.module_id, entry.item_id) == (admin.id, "edit", tree.task.id,
                                                                                      item["id"])
    assert entry.description == f"Corrected the time of Max Maker on {DAY.isoformat()}"
    listed = client.get(f"/api/feed/list/{tree.task.id}", headers=ha).get_json()["list"]
    assert listed[0]["description"] == entry.description
    assert client.delete(f"/api/time/delete/{item['id']}", headers=ha).status_code == 200
    assert [e.operation for e in feed_entries()] == ["edit", "delete"]
    assert feed_entries()[-1].description == f"Deleted 2.0 h of Max Maker on {DAY.isoformat()}"


# --- the list --------------------------------------------------------------------------------------------------------

def _entries(tree, people, n, day=DAY):
    """n entries spread over the project's subtree and two people, one minute more each."""
    modules = [tree.project, tree.phase, tree.task, tree.subtask]
    acts = time_entries.activities(tree.portal.id)
    for i in range(n):
        m = modules[i % len(modules)]
        _db.session.add(TimeEntry(module_id=m.id, portal_id=tree.portal.id, user_id=people[i % 2].id,
                                  day=day + dt.timedelta(days=i), minutes=10 + i, activity_id=acts[i % 2].id,
                                  note=f"n{i}", organisation=""))
    _db.session.commit()


def test_the_list_filters_totals_and_pages(client, tree, crew, token_for):
    maker, admin = crew["maker"], crew["admin"]
    _entries(tree, [maker, admin], 10)
    _db.session.add(TimeEntry(module_id=tree.other.id, portal_id=tree.portal.id, user_id=maker.id, day=DAY,
                              minutes=500, note="", organisation=""))  # another project: not in the subtree
    _db.session.commit()
    h = token_for(crew["viewer"])
    url = f"/api/time/list/{tree.project.id}"
    body = client.get(url, headers=h).get_json()
    assert body["meta"] == {"page": 1, "perPage": 50, "total": 10}
    assert body["totalMinutes"] == sum(10 + i for i in range(10)) and body["totalHours"] == round(145 / 60, 2)
    days = [x["day"] for x in body["list"]]
    assert days == sorted(days, reverse=True)  # newest first
    assert {x["moduleId"] for x in body["list"]} == {tree.project.id, tree.phase.id, tree.task.id, tree.subtask.id}
    # Paged: the totals are of every page.
    body = client.get(url + "?perPage=3&page=2&sort=day", headers=h).get_json()
    assert body["meta"] == {"page": 2, "perPage": 3, "total": 10} and body["totalMinutes"] == 145
    assert [x["minutes"] for x in body["list"]] == [13, 14, 15]
    body = client.get(url + "?sort=-minutes&perPage=2", headers=h).get_json()
    assert [x["minutes"] for x in body["list"]] == [19, 18]
    names = [x["user"]["name"] for x in client.get(url + "?sort=user", headers=h).get_json()["list"]]
    assert names == sorted(names)
    assert client.get(url + "?sort=module", headers=h).status_code == 200
    # Filters: a person, an activity, a span of days; the subtree of a task.
    mine = client.get(url + f"?user={maker.id}", headers=h).get_json()
    assert mine["meta"]["total"] == 5 and {x["user"]["id"] for x in mine["list"]} == {maker.id}
    act = time_entries.activities(tree.portal.id)[1].id
    body = client.get(url + f"?activity={act}", headers=h).get_json()
    assert body["meta"]["total"] == 5 and {x["activity"]["id"] for x in body["list"]} == {act}
    span = f"?from={(DAY + dt.timedelta(days=2)).isoformat()}&to={(DAY + dt.timedelta(days=4)).isoformat()}"
    body = client.get(url + span, headers=h).get_json()
    assert body["meta"]["total"] == 3 and body["totalMinutes"] == 12 + 13 + 14
    assert client.get(f"/api/time/list/{tree.task.id}", headers=h).get_json()["meta"]["total"] == 4  # task, subtask
    # What the reader does not see: 404; what is no parameter: 400.
    stranger = crew["outsider"]
    assert client.get(url + f"?user={stranger.id}", headers=h).status_code == 404
    assert client.get(url + "?user=2000000000", headers=h).status_code == 404
    elsewhere = new_module(None, PORTAL, "Elsewhere")
    alien = TimeActivity(portal_id=elsewhere.id, name="Alien", idx=0)
    _db.session.add(alien)
    _db.session.commit()
    assert client.get(url + f"?activity={alien.id}", headers=h).status_code == 404
    assert client.get(url + f"?user={crew['owner'].id}", headers=h).status_code == 200  # a member of the portal
    for bad in ("?user=x", "?from=2026-13-01", "?sort=colour", "?format=pdf", "?perPage=0"):
        assert client.get(url + bad, headers=h).status_code == 400, bad
    assert client.get(f"/api/time/list/{tree.project.id}", headers=token_for(stranger)).status_code == 404
    assert client.get(f"/api/time/list/{tree.project.id}?user={maker.id}", headers=token_for(stranger)) \
        .status_code == 404


def test_the_list_costs_a_fixed_number_of_queries(client, tree, crew, token_for, count_queries):
    maker, admin = crew["maker"], crew["admin"]
    h = token_for(crew["viewer"])
    counts = {}
    for n, project in ((3, tree.project), (30, tree.other)):
        sub = new_module(project, "4rineu_phase", f"Phase of {n}")
        acts = time_entries.activities(tree.portal.id)
        for i in range(n):
            _db.session.add(TimeEntry(module_id=(sub if i % 2 else project).id, portal_id=tree.portal.id,
                                      user_id=(maker if i % 3 else admin).id, day=DAY + dt.timedelta(days=i),
                                      minutes=30, activity_id=acts[i % 3].id if i % 4 else None, note="",
                                      organisation="Org"))
        approve(maker, tree.portal, (DAY + dt.timedelta(days=n)).replace(day=1))
        _db.session.commit()
        url = f"/api/time/list/{project.id}?user={maker.id}&activity={acts[1].id}&from=2000-01-01"
        client.get(url, headers=h)
        with count_queries() as counter:
            r = client.get(url, headers=h)
        assert r.status_code == 200 and r.get_json()["list"]
        counts[n] = counter.count
    assert counts[3] == counts[30], counts
    print(f"\ntime/list: {counts[3]} queries for 3 entries, {counts[30]} for 30")


def test_the_list_as_a_file(client, tree, crew, token_for):
    effort = pytest.importorskip("api.services.effort")
    if not hasattr(effort, "entries_csv"):
        pytest.skip("services/effort.py has no entries_csv yet")
    _entries(tree, [crew["maker"], crew["admin"]], 4)
    h = token_for(crew["viewer"])
    r = client.get(f"/api/time/list/{tree.project.id}?format=csv", headers=h)
    assert r.status_code == 200 and r.mimetype == "text/csv"
    r = client.get(f"/api/time/list/{tree.project.id}?format=xlsx", headers=h)
    assert r.status_code == 200 and r.data[:2] == b"PK"


# --- settings and the user's links -------------------------------------------------------------------------------

def test_effort_settings(client, tree, crew, token_for):
    ha = token_for(crew["admin"])
    url = f"/api/time/settings/{tree.portal.id}"
    assert _links(client, ha, tree.portal.id)["effort_settings"]["url"] == url
    assert "effort_settings" not in _links(client, ha, tree.project.id)
    assert "effort_settings" not in _links(client, token_for(crew["maker"]), tree.portal.id)
    assert client.get(url, headers=token_for(crew["maker"])).status_code == 403
    assert client.get(f"/api/time/settings/{tree.project.id}", headers=ha).status_code == 403
    assert client.get(url, headers=token_for(crew["outsider"])).status_code == 404
    form = form_of(client, ha, url)
    assert form["method"] == "PUT"
    assert element(form, "activities")["value"] == "Research\nManagement\nDissemination\nTravel\nOther"
    assert element(form, "hoursPerPersonMonth")["value"] == 143.33 and element(form, "periods")["value"] == ""
    assert form["item"] == {"portalId": tree.portal.id, "activities": [], "hoursPerPersonMonth": 143.33,
                            "periods": [], "version": 0}
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(TimeActivity)) == 0  # shown, not made
    # An entry with Travel, which is then retired: it stays on the entry.
    item = log(client, token_for(crew["maker"]), tree.task.id, activityId=str(time_entries.activities(
        tree.portal.id)[3].id))["item"]
    assert item["activity"]["name"] == "Travel"

    def save(status=200, **data):
        body = {"activities": "Research\nManagement", "hoursPerPersonMonth": "150", "periods": "", **data}
        r = submit(client, ha, url, {**body, "_method": "PUT"})
        assert r.status_code == status, r.get_json()
        return r.get_json()

    saved = save(activities="Research\n\n Writing \nManagement", periods="M1-M18\nm19 - M36")["item"]
    assert [a["name"] for a in saved["activities"]] == ["Research", "Writing", "Management"]
    assert saved["hoursPerPersonMonth"] == 150.0 and saved["version"] == 1
    assert saved["periods"] == [{"name": "M1-M18", "from": 1, "to": 18}, {"name": "M19-M36", "from": 19, "to": 36}]
    assert time_entries.settings(tree.portal.id) == saved
    travel = _db.session.scalar(sa.select(TimeActivity).where(TimeActivity.name == "Travel"))
    assert travel.active is False
    assert client.get(f"/api/time/list/{tree.task.id}", headers=ha).get_json()["list"][0]["activity"]["name"] \
        == "Travel"
    assert "Travel" not in {o["label"] for o in element(form_of(client, ha, f"/api/time/add/{tree.task.id}"),
                                                        "activityId")["options"]}
    edit = form_of(client, ha, f"/api/time/edit/{item['id']}")
    assert "Travel" in {o["label"] for o in element(edit, "activityId")["options"]}  # kept on its entry
    # Listed again, it is back (the same row).
    again = save(activities="Travel\nResearch")["item"]
    assert again["activities"] == [{"id": travel.id, "name": "Travel"}, {"id": saved["activities"][0]["id"],
                                                                          "name": "Research"}]
    assert form_of(client, ha, url)["elements"][0]["value"] == "Travel\nResearch"
    # Each line's problem, by line.
    errors = save(422, activities="", periods="")["errors"]
    assert errors == {"activities": ["Name at least one activity"]}
    errors = save(422, activities="A\n" + "x" * 61 + "\na", periods="M1-M18\nM10-M20\nQ3\nM5-M2\nM40-M50")["errors"]
    assert errors["activities"] == ["Line 2: at most 60 characters", "Line 3: 'a' is listed twice"]
    assert errors["periods"] == ["Line 2: M10-M20 overlaps M1-M18", "Line 3: write a period as M1-M18",
                                 "Line 4: from M1 to M600, the first month not after the last"]
    assert save(422, activities="\n".join(f"A{i}" for i in range(31)))["errors"] == {
        "activities": ["At most 30 activities"]}
    for bad in ("0.5", "745", "lots"):
        assert save(422, hoursPerPersonMonth=bad)["errors"] == {"hoursPerPersonMonth": ["A number from 1 to 744"]}
    assert save(hoursPerPersonMonth="143.333")["item"]["hoursPerPersonMonth"] == 143.33
    assert [e.description for e in feed_entries("portal")][-1] == \
        "Changed the effort settings (activities, hours per person-month, periods)"
    # A stale form.
    assert save(409, _version="1")["error"]


def test_the_signed_in_user_is_linked_to_their_timer(client, crew, token_for):
    me = client.get("/api/profile/currentuser", headers=token_for(crew["viewer"])).get_json()["item"]
    assert me["links"]["timer"]["url"] == "/api/time/timer" and me["links"]["timer"]["operation"] == "GET"
    assert me["links"]["calendar_feeds"]["url"] == "/api/calendar-feed/list"
