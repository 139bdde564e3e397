"""The calendar's items (issue 44): modules whose deliverable has a start date, deadline or completion date in a
range; the user's own in every portal, or a module's subtree (`mine=1`: their own there); rights; the range's
rules (400 per field); the cap; a fixed number of queries."""
from datetime import date, timedelta

import pytest

from api.extensions import db as _db
from api.models import Deliverable, Membership
from api.services import calendar_items

from .conftest import new_module
from .test_my_work import validator

RANGE = "from=2026-03-01&to=2026-03-31"


@pytest.fixture
def me(make_user, grant, tree):
    user = make_user(name="Mia")
    grant(tree.portal, user, edit=True)
    return user


def dated(parent, name, owner, type_="4rineu_task", commit=True, status="IN_PROGRESS", **dates):
    m = new_module(parent, type_, name, commit=False)
    _db.session.add(Deliverable(module_id=m.id, status=status, owner_id=owner.id if owner else None, **dates))
    if commit:
        _db.session.commit()
    return m


def items(client, headers, query=RANGE, status=200):
    r = client.get(f"/api/calendar/items?{query}", headers=headers)
    assert r.status_code == status, r.get_json()
    return r.get_json()


def names(body):
    return [r["name"] for r in body["list"]]


@pytest.mark.parametrize("query,errors", [
    ("", {"from", "to"}),
    ("from=2026-03-01", {"to"}),
    ("to=2026-03-01", {"from"}),
    ("from=2026-3-1&to=2026-03-31", {"from"}),
    ("from=20260301&to=2026-03-31", {"from"}),
    ("from=2026-03-01&to=2026-02-28", {"to"}),
    ("from=2026-03-01&to=2026-05-02", {"to"}),  # 63 days
    ("from=2026-03-01&to=2026-03-31&mine=yes", {"mine"}),
    ("from=2026-03-01&to=2026-03-31&module=abc", {"module"}),
])
def test_the_range_is_required_ordered_and_at_most_62_days(client, me, token_for, query, errors):
    body = items(client, token_for(me), query, status=400)
    assert body["error"] and set(body["errors"]) == errors, body


def test_the_longest_range_and_a_single_day(client, tree, me, token_for):
    dated(tree.phase, "Last day", me, deadline=date(2026, 5, 1))
    h = token_for(me)
    body = items(client, h, "from=2026-03-01&to=2026-05-01")  # 62 days, both counted
    assert (body["from"], body["to"], names(body), body["truncated"]) == ("2026-03-01", "2026-05-01", ["Last day"],
                                                                          False)
    assert names(items(client, h, "from=2026-05-01&to=2026-05-01")) == ["Last day"]
    assert calendar_items.span_days(date(2026, 3, 1), date(2026, 5, 1)) == calendar_items.MAX_DAYS


def test_the_users_own_items_in_every_portal_by_their_earliest_date(client, tree, me, make_user, make_module,
                                                                    grant, token_for):
    other = make_user(name="Otto")
    elsewhere = make_module(name="Elsewhere")
    grant(elsewhere, me)
    dated(tree.phase, "Starts in range", me, start_date=date(2026, 3, 20), deadline=date(2026, 4, 30))
    dated(tree.phase, "Due in range", me, start_date=date(2026, 2, 1), deadline=date(2026, 3, 10))
    dated(tree.phase, "Completed in range", me, status="COMPLETED", start_date=date(2026, 1, 5),
          deadline=date(2026, 2, 1), completion_date=date(2026, 3, 2))
    dated(tree.project, "Gate", me, type_="4rineu_phase", start_date=date(2026, 3, 15), deadline=date(2026, 3, 15),
          milestone=True)
    dated(elsewhere, "Over there", me, type_="4rineu_project", deadline=date(2026, 3, 31))
    dated(tree.phase, "Spans it", me, start_date=date(2026, 2, 1), deadline=date(2026, 4, 30))  # no date in it
    dated(tree.phase, "Before", me, deadline=date(2026, 2, 28))
    dated(tree.phase, "After", me, start_date=date(2026, 4, 1))
    dated(tree.phase, "Otto's", other, deadline=date(2026, 3, 10))
    dated(tree.phase, "Undated", me)
    body = items(client, token_for(me))
    assert names(body) == ["Completed in range", "Due in range", "Gate", "Starts in range", "Over there"]
    gate = body["list"][2]
    assert gate["deliverable"]["milestone"] is True and gate["deliverable"]["deadline"] == "2026-03-15"
    assert (gate["typeLabel"], gate["parentName"], gate["projectId"], gate["entryId"], gate["entryName"]) == (
        "Phase", "Project A", tree.project.id, tree.portal.id, "Portal")
    assert {"edit", "edit_dates"} <= set(gate["deliverable"]["links"])
    assert body["list"][-1]["entryId"] == elsewhere.id
    assert validator(client, "/api/calendar/items").is_valid(body)


def test_a_modules_subtree_and_only_mine_there(client, tree, me, make_user, token_for):
    other = make_user(name="Otto")
    dated(tree.project, "Phase A", other, type_="4rineu_phase", deadline=date(2026, 3, 5))
    dated(tree.phase, "Mine", me, deadline=date(2026, 3, 6))
    dated(tree.task, "Otto's subtask", other, type_="4rineu_subtask", deadline=date(2026, 3, 7))
    dated(tree.other, "In project B", me, type_="4rineu_phase", deadline=date(2026, 3, 8))
    _db.session.add(Deliverable(module_id=tree.project.id, owner_id=me.id, deadline=date(2026, 3, 1)))
    _db.session.commit()
    h = token_for(me)
    body = items(client, h, f"{RANGE}&module={tree.project.id}")
    assert names(body) == ["Phase A", "Mine", "Otto's subtask"]  # the module itself left out
    assert names(items(client, h, f"{RANGE}&module={tree.project.id}&mine=1")) == ["Mine"]
    assert names(items(client, h, f"{RANGE}&module={tree.project.id}&mine=0")) == names(body)
    assert names(items(client, h)) == ["Project A", "Mine", "In project B"]


def test_rights(client, tree, me, make_user, make_module, grant, token_for):
    outsider, viewer = make_user(name="Out"), make_user(name="Vera")
    grant(tree.project, viewer)
    dated(tree.phase, "In A", viewer, deadline=date(2026, 3, 5))
    dated(tree.other, "In B", viewer, type_="4rineu_phase", deadline=date(2026, 3, 6))  # owned, but not visible
    hidden = make_module(name="Hidden")
    dated(hidden, "Hidden project", viewer, type_="4rineu_project", deadline=date(2026, 3, 7))
    assert items(client, token_for(outsider), f"{RANGE}&module={tree.project.id}", status=404)["error"]
    assert items(client, token_for(outsider))["list"] == []
    hv = token_for(viewer)
    assert items(client, hv, f"{RANGE}&module={tree.portal.id}", status=404)
    assert items(client, hv, f"{RANGE}&module=2147483647", status=404)
    assert names(items(client, hv)) == ["In A"]
    assert names(items(client, hv, f"{RANGE}&module={tree.project.id}")) == ["In A"]
    row = items(client, hv)["list"][0]
    assert row["deliverable"]["links"] == {} and set(row["links"]) == {"view"}  # a viewer: nothing to change
    membership = _db.session.scalar(_db.select(Membership).where(Membership.user_id == viewer.id))
    _db.session.delete(membership)
    _db.session.commit()
    assert items(client, hv)["list"] == []
    assert client.get(f"/api/calendar/items?{RANGE}").status_code == 401


def test_at_most_the_cap_and_truncated_beyond(client, tree, me, token_for, monkeypatch):
    monkeypatch.setattr(calendar_items, "CAP", 3)
    for i in range(5):
        dated(tree.phase, f"Item {i}", me, deadline=date(2026, 3, 10 - i), commit=False)
    _db.session.commit()
    body = items(client, token_for(me))
    assert (names(body), body["truncated"]) == (["Item 4", "Item 3", "Item 2"], True)
    monkeypatch.setattr(calendar_items, "CAP", 5)
    body = items(client, token_for(me))
    assert (len(body["list"]), body["truncated"]) == (5, False)


@pytest.mark.parametrize("who", ["member", "superuser"])
@pytest.mark.parametrize("scope", ["mine", "module"])
def test_a_fixed_number_of_queries(client, tree, me, make_user, make_module, grant, token_for, count_queries, who,
                                   scope):
    user = me if who == "member" else make_user(superuser=True)
    elsewhere = make_module(name="Elsewhere")
    grant(elsewhere, me)
    h = token_for(user)
    query = RANGE + (f"&module={tree.portal.id}" if scope == "module" else "")
    counts, made = {}, 0
    for n in (3, 30):
        for i in range(made, n):
            parent = tree.phase if i % 3 else (tree.task if scope == "module" else elsewhere)
            dated(parent, f"Item {i:02d}", user, type_="4rineu_subtask" if parent is tree.task else "4rineu_task",
                  deadline=date(2026, 3, 1) + timedelta(days=i % 28), commit=False)
        _db.session.commit()
        made = n
        items(client, h, query)  # warm
        with count_queries() as q:
            body = items(client, h, query)
        assert len(body["list"]) == n
        counts[n] = q.count
    assert counts[3] == counts[30], counts
    # the user and session, [the module,] [memberships, their modules' paths,] the ids, the rows, checklist fields
    # and values, the ancestors' names
    expected = {("member", "mine"): 8, ("member", "module"): 8, ("superuser", "mine"): 6,
                ("superuser", "module"): 7}
    assert counts[30] == expected[(who, scope)], counts
