"""My work (issue 44): the signed-in user's open tasks in every portal, grouped (overdue, this week, later, blocked),
each group capped with its total; rights decided now; their unread mentions; a fixed number of queries."""
from datetime import date, timedelta
from urllib.parse import quote

import pytest
from openapi_schema_validator import OAS30Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT4

from api.extensions import db as _db
from api.models import Deliverable, Membership, Module, Notification
from api.models.base import utcnow
from api.services import my_work

from .conftest import new_module

TODAY = date(2026, 3, 11)  # a Wednesday: the week ends on Sunday 15 March


@pytest.fixture(autouse=True)
def fixed_today(monkeypatch):
    monkeypatch.setattr(my_work, "today", lambda: TODAY)


@pytest.fixture
def me(make_user, grant, tree):
    user = make_user(name="Mia")
    grant(tree.portal, user, edit=True)
    return user


def task(parent, name, owner, status="IN_PROGRESS", deadline=None, type_="4rineu_task", commit=True, **dates):
    m = new_module(parent, type_, name, commit=False)
    _db.session.add(Deliverable(module_id=m.id, status=status, owner_id=owner.id if owner else None,
                                deadline=deadline, **dates))
    if commit:
        _db.session.commit()
    return m


def names(body, group):
    return [r["name"] for r in body["groups"][group]["list"]]


def get(client, headers, status=200):
    r = client.get("/api/my-work", headers=headers)
    assert r.status_code == status, r.get_json()
    return r.get_json()


def test_the_groups_their_order_and_what_is_left_out(client, tree, me, make_user, token_for):
    other = make_user(name="Otto")
    d = TODAY
    task(tree.phase, "Late A", me, deadline=d - timedelta(days=1))
    task(tree.phase, "Late B", me, deadline=d - timedelta(days=10), status="NOT_STARTED")
    task(tree.phase, "Today", me, deadline=d)
    task(tree.phase, "sunday", me, deadline=date(2026, 3, 15))
    task(tree.phase, "Also Sunday", me, deadline=date(2026, 3, 15))
    task(tree.phase, "Next Monday", me, deadline=date(2026, 3, 16))
    task(tree.phase, "Undated", me)
    task(tree.phase, "Stuck late", me, status="BLOCKED", deadline=d - timedelta(days=3))
    task(tree.phase, "Stuck later", me, status="BLOCKED", deadline=d + timedelta(days=30))
    task(tree.task, "A subtask", me, deadline=d + timedelta(days=1), type_="4rineu_subtask")
    task(tree.project, "A phase", me, deadline=d - timedelta(days=2), type_="4rineu_phase")
    task(tree.phase, "Done", me, status="COMPLETED", deadline=d)
    task(tree.phase, "Verified", me, status="VERIFIED_COMPLETE", deadline=d)
    task(tree.phase, "Otto's", other, deadline=d)
    task(tree.phase, "Nobody's", None, deadline=d)
    new_module(tree.phase, "4rineu_task", "No deliverable")
    body = get(client, token_for(me))
    assert (body["today"], body["weekEnds"]) == ("2026-03-11", "2026-03-15")
    assert list(body["groups"]) == ["overdue", "thisWeek", "later", "blocked"]
    assert names(body, "overdue") == ["Late B", "A phase", "Late A"]
    assert names(body, "thisWeek") == ["Today", "A subtask", "Also Sunday", "sunday"]
    assert names(body, "later") == ["Next Monday", "Undated"]
    assert names(body, "blocked") == ["Stuck late", "Stuck later"]
    assert {g: body["groups"][g]["total"] for g in my_work.GROUPS} == {"overdue": 3, "thisWeek": 4, "later": 2,
                                                                       "blocked": 2}
    row = body["groups"]["thisWeek"]["list"][0]
    assert (row["type"], row["typeLabel"], row["parentName"], row["projectId"], row["projectName"], row["entryId"],
            row["entryName"]) == ("4rineu_task", "Task", "Phase 0", tree.project.id, "Project A", tree.portal.id,
                                  "Portal")
    assert [a["name"] for a in row["ancestors"]] == ["Portal", "Project A", "Phase 0"]
    assert row["tab"] == "tasks"
    assert row["deliverable"]["status"]["name"] == "IN_PROGRESS" and row["deliverable"]["deadline"] == "2026-03-11"
    assert {"edit", "edit_deadline"} <= set(row["deliverable"]["links"])  # status and deadline from the row
    assert row["deliverable"]["links"]["edit"]["url"] == f"/api/deliverable/edit/{row['id']}/{row['deliverable']['id']}"
    assert row["checklist"]["links"]["toggle"]
    assert row["links"]["view"]["url"] == f"/api/module/view/{row['id']}"
    subtask = body["groups"]["thisWeek"]["list"][1]
    assert (subtask["typeLabel"], subtask["parentName"], subtask["tab"]) == ("Subtask", "Task 1", "subtasks")
    assert body["mentions"] == {"total": 0, "list": []}


def test_every_portal_and_only_while_the_user_may_view(client, tree, me, make_user, make_module, grant, token_for):
    elsewhere = make_module(name="Elsewhere")
    project = make_module(elsewhere, "4rineu_project", "Their project")
    hidden = make_module(project, "4rineu_phase", "Hidden phase")
    task(project, "Over there", me, deadline=TODAY, type_="4rineu_phase")
    task(hidden, "Deeper", me, deadline=TODAY)
    task(tree.phase, "Here", me, deadline=TODAY)
    h = token_for(me)
    assert names(get(client, h), "thisWeek") == ["Here"]  # no membership over there
    membership = grant(project, me)
    body = get(client, h)
    assert names(body, "thisWeek") == ["Deeper", "Here", "Over there"]
    over = next(r for r in body["groups"]["thisWeek"]["list"] if r["name"] == "Over there")
    assert (over["entryId"], over["entryName"], over["projectId"]) == (elsewhere.id, "Elsewhere", project.id)
    assert over["deliverable"]["links"] == {}  # a viewer there: no edit
    _db.session.delete(_db.session.get(Membership, membership.id))
    _db.session.commit()
    assert names(get(client, h), "thisWeek") == ["Here"]  # access lost: gone at once
    su = make_user(superuser=True)
    task(hidden, "The superuser's", su, deadline=TODAY)
    assert names(get(client, token_for(su)), "thisWeek") == ["The superuser's"]  # every portal, own tasks only


def bound_to(client, headers, portal):
    r = client.post("/api/account/tokens", json={"name": "CI", "days": 30, "access": "read", "portalId": portal.id},
                    headers=headers)
    assert r.status_code == 201, r.get_json()
    return {"Authorization": "Bearer " + r.get_json()["item"]["token"]}


@pytest.mark.parametrize("who", ["member", "superuser"])
def test_a_portal_bound_token_lists_that_portals_tasks_and_mentions(client, tree, me, make_user, make_module, grant,
                                                                    token_for, who):
    user = me if who == "member" else make_user(superuser=True)
    elsewhere = make_module(name="Elsewhere")
    grant(elsewhere, me)
    task(elsewhere, "Over there", user, deadline=TODAY, type_="4rineu_project")
    task(tree.phase, "Here", user, deadline=TODAY)
    mention(user, tree.task, "here", portal=tree.portal)
    mention(user, elsewhere, "there", portal=elsewhere)
    h = token_for(user)
    body = get(client, h)
    assert (names(body, "thisWeek"), body["mentions"]["total"]) == (["Here", "Over there"], 2)
    body = get(client, bound_to(client, h, tree.portal))
    assert (names(body, "thisWeek"), [n["text"] for n in body["mentions"]["list"]]) == (["Here"], ["here"])


def _bulk(parent, owner, deadlines, status="IN_PROGRESS"):
    """Tasks under `parent` owned by `owner`, one per deadline, in a few statements."""
    rows = [Module(parent_id=parent.id, name=f"Bulk {i:03d}", description="", type="4rineu_task",
                   platform=parent.platform, level=parent.level + 1, idx=i, path=parent.path)
            for i in range(len(deadlines))]
    _db.session.add_all(rows)
    _db.session.flush()
    for m, deadline in zip(rows, deadlines):
        m.path = f"{parent.path}{m.id}/"
        _db.session.add(Deliverable(module_id=m.id, status=status, owner_id=owner.id, deadline=deadline))
    _db.session.commit()
    return rows


def test_each_group_lists_its_first_ones_and_counts_them_all(client, tree, me, token_for, monkeypatch):
    monkeypatch.setattr(my_work, "CAP", 3)
    _bulk(tree.phase, me, [TODAY - timedelta(days=i) for i in range(1, 6)])
    _bulk(tree.phase, me, [None] * 2, status="BLOCKED")
    body = get(client, token_for(me))
    overdue = body["groups"]["overdue"]
    assert overdue["total"] == 5 and len(overdue["list"]) == 3
    assert [r["deliverable"]["deadline"] for r in overdue["list"]] == ["2026-03-06", "2026-03-07", "2026-03-08"]
    assert (body["groups"]["blocked"]["total"], len(body["groups"]["blocked"]["list"])) == (2, 2)
    assert body["groups"]["later"] == {"total": 0, "list": []}


@pytest.mark.parametrize("who", ["member", "superuser"])
def test_a_fixed_number_of_queries(client, tree, me, make_user, make_module, grant, token_for, count_queries, who):
    user = me if who == "member" else make_user(superuser=True)
    h = token_for(user)
    elsewhere = make_module(name="Elsewhere")
    grant(elsewhere, me)
    spread = [TODAY - timedelta(days=2), TODAY, TODAY + timedelta(days=9), None]
    counts = {}
    made = 0
    for n in (3, 30):
        for i in range(made, n):
            task(tree.phase if i % 2 else elsewhere, f"Task {i:02d}", user, deadline=spread[i % 4],
                 status="BLOCKED" if i % 5 == 4 else "IN_PROGRESS", commit=False)
        _db.session.commit()
        made = n
        _db.session.add(Notification(user_id=user.id, kind="mention", module_id=tree.task.id,
                                     portal_id=tree.portal.id, category="comment", text="mentioned you",
                                     created=utcnow()))
        _db.session.commit()
        get(client, h)  # warm
        with count_queries() as q:
            body = get(client, h)
        assert sum(g["total"] for g in body["groups"].values()) == n
        counts[n] = q.count
    assert counts[3] == counts[30], counts
    # the user and session, [memberships, their modules' paths,] the groups' ids, their rows, checklist fields and
    # values, the ancestors' names, the mentions
    assert counts[30] == (9 if who == "member" else 7), counts


def mention(user, module, text, minutes_ago=0, read=False, kind="mention", portal=None):
    n = Notification(user_id=user.id, kind=kind, module_id=module.id if module else None,
                     portal_id=portal.id if portal else None, category="comment", text=text,
                     created=utcnow() - timedelta(minutes=minutes_ago), read=utcnow() if read else None)
    _db.session.add(n)
    _db.session.commit()
    return n


def test_unread_mentions_newest_first_as_the_bell_shows_them(client, tree, me, make_user, make_module, token_for,
                                                             monkeypatch):
    other = make_user()
    hidden = make_module(name="Hidden portal")
    mention(me, tree.task, "mentioned you in 'Task 1': “first”", minutes_ago=30, portal=tree.portal)
    newest = mention(me, tree.phase, "mentioned you in 'Phase 0': “latest”", minutes_ago=1, portal=tree.portal)
    mention(me, hidden, "mentioned you in 'Hidden portal': “secret”", minutes_ago=10, portal=hidden)
    mention(me, tree.task, "old news", minutes_ago=60, read=True)
    mention(me, tree.task, "commented", kind="comment")
    mention(other, tree.task, "not mine")
    h = token_for(me)
    mentions = get(client, h)["mentions"]
    assert mentions["total"] == 3
    assert [n["text"] for n in mentions["list"]] == [
        "mentioned you in 'Phase 0': “latest”", "mentioned you in a module you no longer have access to",
        "mentioned you in 'Task 1': “first”"]
    first = mentions["list"][0]
    assert (first["id"], first["kind"], first["read"], first["module"]["id"]) == (newest.id, "mention", False,
                                                                                  tree.phase.id)
    assert mentions["list"][1]["module"] is None
    bell = client.get("/api/notification/list?unread=1&kind=mention", headers=h).get_json()["list"]
    assert [n["id"] for n in bell] == [n["id"] for n in mentions["list"]]  # presented as the bell presents them
    assert mentions["list"] == bell
    monkeypatch.setattr(my_work, "MENTIONS", 2)
    mentions = get(client, h)["mentions"]
    assert (mentions["total"], len(mentions["list"])) == (3, 2)
    client.post(f"/api/notification/read/{newest.id}", headers=h)
    assert get(client, h)["mentions"]["total"] == 2


def test_today_is_the_servers_date_unless_a_test_sets_it(client, me, token_for, monkeypatch):
    monkeypatch.undo()
    body = get(client, token_for(me))
    today = date.fromisoformat(body["today"])
    assert today in (date.today(), date.today() - timedelta(days=1))  # (midnight)
    ends = date.fromisoformat(body["weekEnds"])
    assert ends.weekday() == 6 and 0 <= (ends - today).days <= 6
    assert my_work.week_end(date(2026, 3, 15)) == date(2026, 3, 15)
    assert my_work.week_end(date(2026, 3, 16)) == date(2026, 3, 22)


def test_signed_out_is_refused(client):
    assert client.get("/api/my-work").status_code == 401


def test_the_answer_is_what_the_openapi_document_says(client, tree, me, token_for):
    task(tree.phase, "Today", me, deadline=TODAY)
    task(tree.phase, "Stuck", me, status="BLOCKED")
    mention(me, tree.task, "mentioned you", portal=tree.portal)
    body = get(client, token_for(me))
    assert validator(client, "/api/my-work").is_valid(body), list(validator(client, "/api/my-work").iter_errors(body))


def validator(client, path):
    """The response schema /api/openapi.json promises for GET `path` (as test_read_path.py reads it)."""
    spec = client.get("/api/openapi.json").get_json()
    pointer = "/".join(["", "paths", path.replace("~", "~0").replace("/", "~1"), "get", "responses", "200",
                        "content", "application~1json", "schema"])
    registry = Registry().with_resource("urn:spec", Resource.from_contents(spec, default_specification=DRAFT4))
    return OAS30Validator({"$ref": "urn:spec#" + quote(pointer)}, registry=registry)
