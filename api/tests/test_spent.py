"""Issue 45: spent time rolls up the module tree. The module view carries `spent` {minutes, hours, plannedHours},
the rows of the tree and of the task lists `spentMinutes` (each row's whole subtree), and the task lists sort by
it, all read in the statements those pages already run."""
import datetime
from decimal import Decimal

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models.effort import EffortPlan, EffortSettings, TimeEntry
from api.services import spent

from .conftest import new_grant, new_module

DAY = datetime.date(2026, 3, 2)


@pytest.fixture
def su_headers(make_user, token_for):
    return token_for(make_user(name="Root", superuser=True))


def log(module, user, minutes, days=0):
    portal_id = int(module.path.strip("/").split("/")[1])
    _db.session.add(TimeEntry(module_id=module.id, portal_id=portal_id, user_id=user.id, minutes=minutes,
                              day=DAY + datetime.timedelta(days=days)))
    _db.session.commit()


@pytest.fixture
def logged(tree, make_user):
    """portal › project A › phase (a work package) › task › subtask, with time of two people at every level
    below the portal, a second task with none, and time on project B and in another portal that must not count."""
    alice, bob = make_user(name="Alice"), make_user(name="Bob")
    tree.task2 = new_module(tree.phase, "4rineu_task", "Task 2", idx=1)
    log(tree.project, alice, 30)
    log(tree.phase, bob, 45)
    log(tree.task, alice, 60)
    log(tree.task, bob, 15, days=1)
    log(tree.subtask, alice, 120)
    log(tree.subtask, alice, 5, days=3)
    log(tree.other, bob, 1000)
    elsewhere = new_module(None, "4rineu_portal", "Elsewhere")
    log(new_module(elsewhere, "4rineu_project", "Far"), alice, 777)
    tree.people = (alice, bob)
    # By hand: subtask 125, task 60 + 15 + 125 = 200, phase 45 + 200 = 245, project A 30 + 245 = 275,
    # portal 275 + 1000 = 1275 (the other portal's 777 is not below it).
    tree.expected = {tree.subtask.id: 125, tree.task.id: 200, tree.task2.id: 0, tree.phase.id: 245,
                     tree.project.id: 275, tree.other.id: 1000, tree.portal.id: 1275}
    return tree


def view(client, headers, module_id):
    r = client.get(f"/api/module/view/{module_id}", headers=headers)
    assert r.status_code == 200, r.get_json()
    return r.get_json()["item"]


def test_the_view_sums_the_module_s_whole_subtree(client, su_headers, logged):
    for mid, minutes in logged.expected.items():
        assert view(client, su_headers, mid)["spent"] == {"minutes": minutes, "hours": round(minutes / 60, 2),
                                                         "plannedHours": None}, mid
    assert view(client, su_headers, logged.project.id)["spent"]["hours"] == 4.58  # 275 minutes


def test_a_module_without_time_says_zero(client, su_headers, tree):
    assert view(client, su_headers, tree.task.id)["spent"] == {"minutes": 0, "hours": 0, "plannedHours": None}


def test_tree_rows_carry_their_subtree_s_minutes(client, su_headers, logged):
    r = client.get(f"/api/module/tree/{logged.portal.id}", headers=su_headers)
    rows = {row["id"]: row for row in r.get_json()["item"]["rows"]}
    assert {mid: rows[mid]["spentMinutes"] for mid in rows} == \
        {mid: m for mid, m in logged.expected.items() if mid != logged.portal.id}
    # Of one type only, the rows still count what is below them.
    r = client.get(f"/api/module/tree/{logged.project.id}?type=4rineu_task", headers=su_headers)
    rows = {row["id"]: row["spentMinutes"] for row in r.get_json()["item"]["rows"]}
    assert rows == {logged.phase.id: 245, logged.task.id: 200, logged.task2.id: 0}


def test_a_tree_cut_at_its_cap_still_counts_the_time_below_the_cut(client, su_headers, logged, monkeypatch):
    from api.services import modules
    monkeypatch.setattr(modules.load_tree, "__defaults__", (None, 2))  # project A and B: the rest is cut
    item = client.get(f"/api/module/tree/{logged.portal.id}", headers=su_headers).get_json()["item"]
    assert item["truncated"] is True
    assert {row["id"]: row["spentMinutes"] for row in item["rows"]} == {logged.project.id: 275, logged.other.id: 1000}


def test_a_member_s_tree_counts_what_they_see(client, token_for, logged, make_user):
    """Someone who sees the phase only: its rows sum their subtrees all the same."""
    vera = make_user(name="Vera")
    new_grant(logged.phase, vera)
    headers = token_for(vera)
    rows = client.get(f"/api/module/tree/{logged.phase.id}", headers=headers).get_json()["item"]["rows"]
    assert {row["id"]: row["spentMinutes"] for row in rows} == {logged.task.id: 200, logged.subtask.id: 125,
                                                                 logged.task2.id: 0}
    assert view(client, headers, logged.phase.id)["spent"]["minutes"] == 245


def tasks(client, headers, module_id, query="", type_="4rineu_task"):
    per_page = "" if "perPage" in query else "&perPage=50"
    r = client.get(f"/api/module/detailed-list-by-type/{type_}/{module_id}?x=1{per_page}{query}", headers=headers)
    assert r.status_code == 200, r.get_json()
    return r.get_json()["list"]


def test_task_rows_carry_their_subtree_s_minutes(client, su_headers, logged):
    rows = tasks(client, su_headers, logged.portal.id)
    assert {row["id"]: row["spentMinutes"] for row in rows} == {logged.task.id: 200, logged.task2.id: 0}
    rows = tasks(client, su_headers, logged.portal.id, type_="4rineu_subtask")
    assert [(row["id"], row["spentMinutes"]) for row in rows] == [(logged.subtask.id, 125)]


def test_task_lists_sort_by_spent_time(client, su_headers, tree, make_user, token_for):
    alice = make_user(name="Alice")
    made = {}
    for name, minutes in (("None", 0), ("Most", 300), ("Some", 20), ("Also none", 0), ("More", 90)):
        made[name] = new_module(tree.phase, "4rineu_task", name, idx=len(made) + 1)
        if minutes:
            log(made[name], alice, minutes // 2)  # half on the task, half on a subtask of it
            log(new_module(made[name], "4rineu_subtask", f"{name} sub"), alice, minutes - minutes // 2)
    log(tree.task, alice, 5)  # Task 1 of the tree: 5
    by_name = lambda rows: [(row["name"], row["spentMinutes"]) for row in rows]  # noqa: E731
    assert by_name(tasks(client, su_headers, tree.portal.id, "&sort=-spent")) == [
        ("Most", 300), ("More", 90), ("Some", 20), ("Task 1", 5), ("None", 0), ("Also none", 0)]
    assert by_name(tasks(client, su_headers, tree.portal.id, "&sort=spent")) == [
        ("None", 0), ("Also none", 0), ("Task 1", 5), ("Some", 20), ("More", 90), ("Most", 300)]
    # Paged and filtered as other keys are; as someone who sees one task only, that one.
    page = tasks(client, su_headers, tree.portal.id, "&sort=-spent&perPage=2&page=2")
    assert by_name(page) == [("Some", 20), ("Task 1", 5)]
    assert by_name(tasks(client, su_headers, tree.portal.id, "&sort=-spent&q=o")) == [
        ("Most", 300), ("More", 90), ("Some", 20), ("None", 0), ("Also none", 0)]
    vera = make_user(name="Vera")
    new_grant(made["More"], vera)
    assert by_name(tasks(client, token_for(vera), made["More"].id, "&sort=-spent", type_="4rineu_subtask")) == [
        ("More sub", 45)]
    r = client.get(f"/api/module/detailed-list-by-type/4rineu_task/{tree.portal.id}?sort=spentMinutes",
                   headers=su_headers)
    assert r.status_code == 400 and "spent" in r.get_json()["errors"]["sort"][0]


def test_planned_hours_come_from_the_plan_of_the_subtree(client, su_headers, logged):
    # No plan rows: null everywhere.
    assert view(client, su_headers, logged.project.id)["spent"]["plannedHours"] is None
    _db.session.add_all([EffortPlan(module_id=logged.phase.id, organisation="ACME", person_months=Decimal("2.50")),
                         EffortPlan(module_id=logged.phase.id, organisation="Uni", person_months=Decimal("1.00")),
                         EffortPlan(module_id=logged.other.id, organisation="ACME", person_months=Decimal("2"))])
    _db.session.commit()
    planned = lambda mid: view(client, su_headers, mid)["spent"]["plannedHours"]  # noqa: E731
    # The default 143.33 h a person-month: 3.5 × 143.33 = 501.655, 5.5 × 143.33 = 788.315.
    assert planned(logged.phase.id) == planned(logged.project.id) == 501.66
    assert planned(logged.portal.id) == 788.32
    assert planned(logged.other.id) == 286.66
    assert planned(logged.task.id) is None  # nothing planned below a work package
    # The portal's own hours per person-month.
    _db.session.add(EffortSettings(portal_id=logged.portal.id, hours_per_pm=Decimal("140")))
    _db.session.commit()
    assert planned(logged.project.id) == 490.0 and planned(logged.portal.id) == 770.0
    assert view(client, su_headers, logged.project.id)["spent"] == {"minutes": 275, "hours": 4.58,
                                                                    "plannedHours": 490.0}


def test_logging_time_or_planning_changes_the_view_s_entity_tag(client, su_headers, logged):
    """Time is logged without a feed entry: the tags of the view and the tree read the subtree's time and plan,
    so a cached page is not served again after a change (the list shows no time: its tag does not)."""
    alice = logged.people[0]

    def tags():
        return {kind: client.get(f"/api/module/{kind}/{logged.phase.id}", headers=su_headers).headers["ETag"]
                for kind in ("view", "tree", "list")}

    first = tags()
    assert client.get(f"/api/module/view/{logged.phase.id}",
                      headers={**su_headers, "If-None-Match": first["view"]}).status_code == 304
    log(logged.subtask, alice, 10)
    second = tags()
    assert second["view"] != first["view"] and second["tree"] != first["tree"] and second["list"] == first["list"]
    assert view(client, su_headers, logged.phase.id)["spent"]["minutes"] == 255
    entry = _db.session.scalar(sa.select(TimeEntry).where(TimeEntry.module_id == logged.subtask.id,
                                                          TimeEntry.minutes == 10))
    entry.minutes = 11
    _db.session.commit()
    third = tags()
    assert third["view"] != second["view"]
    _db.session.delete(entry)
    _db.session.commit()
    fourth = tags()
    assert fourth["view"] not in (second["view"], third["view"])
    _db.session.add(EffortPlan(module_id=logged.phase.id, organisation="ACME", person_months=Decimal("1")))
    _db.session.commit()
    assert tags()["view"] != fourth["view"]
    # Time elsewhere in the portal does not change the phase's page.
    fifth = tags()
    log(logged.other, alice, 10)
    assert tags()["view"] == fifth["view"]


def test_the_reads_cost_the_same_queries_with_time_and_a_plan(client, su_headers, tree, count_queries, make_user):
    alice = make_user(name="Alice")
    urls = [f"/api/module/view/{tree.project.id}", f"/api/module/tree/{tree.project.id}",
            f"/api/module/detailed-list-by-type/4rineu_task/{tree.portal.id}",
            f"/api/module/detailed-list-by-type/4rineu_task/{tree.portal.id}?sort=-spent"]

    def costs():
        out = []
        for url in urls:
            client.get(url, headers=su_headers)
            with count_queries() as q:
                assert client.get(url, headers=su_headers).status_code == 200
            out.append(q.count)
        return out

    before = costs()
    for i in range(5):
        task = new_module(tree.phase, "4rineu_task", f"T{i}", idx=i + 1)
        log(task, alice, 10 * (i + 1))
        log(new_module(task, "4rineu_subtask", f"S{i}"), alice, 7)
    _db.session.add(EffortPlan(module_id=tree.phase.id, organisation="ACME", person_months=Decimal("1")))
    _db.session.add(EffortSettings(portal_id=tree.portal.id, hours_per_pm=Decimal("150")))
    _db.session.commit()
    assert costs() == before
    # sort=spent costs what the default order costs
    assert before[2] == before[3]


@pytest.mark.parametrize("path, under", [("/1/5/", True), ("/1/5/7/", True), ("/1/5/7/99/", True),
                                         ("/1/50/", False), ("/1/50/5/", False), ("/1/4/", False),
                                         ("/1/6/", False), ("/1/", False), ("/2/5/", False)])
def test_a_subtree_is_a_range_of_paths(db, path, under):
    """The range a row's subtree is read as (its path up to the one with its last '/' made '0') holds exactly the
    paths that start with it, on either database."""
    stmt = sa.select(spent.in_subtree_of(sa.literal(path, sa.String), sa.literal("/1/5/", sa.String)))
    assert bool(_db.session.scalar(stmt)) is under


def test_presenting():
    assert spent.present(None, None, None) == {"minutes": 0, "hours": 0, "plannedHours": None}
    assert spent.present(90, Decimal("1.5"), None) == {"minutes": 90, "hours": 1.5, "plannedHours": 215.0}
    assert spent.present(1, Decimal("0"), Decimal("160")) == {"minutes": 1, "hours": 0.02, "plannedHours": 0.0}


def test_an_answer_built_without_the_view_s_tag_sums_the_time_itself(client, su_headers, logged):
    """module/view takes the minutes its entity tag has just read; another answer carrying the module (a lock's)
    reads them in its own statement: the same figures."""
    shown = view(client, su_headers, logged.project.id)["spent"]
    r = client.patch(f"/api/module/lock/{logged.project.id}", headers=su_headers)
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["item"]["spent"] == shown == {"minutes": 275, "hours": 4.58, "plannedHours": None}
    assert view(client, su_headers, logged.portal.id)["spent"]["minutes"] == 1275
    r = client.patch(f"/api/module/unlock/{logged.project.id}", headers=su_headers)
    assert r.get_json()["item"]["spent"]["minutes"] == 275
