"""Reading a module, a list or a subtree costs a fixed number of queries, whatever its size."""
import datetime
from types import SimpleNamespace

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import CustomField, CustomValue, Deliverable, Membership, Module, User
from api.models.effort import EffortPlan, TimeEntry

from .conftest import claim_shared_data, login_headers, new_grant, new_module, new_user, root

pytestmark = pytest.mark.shared_data

LIMIT = 15
MEASURED = {}


def _children(parent, type_, n, user, check):
    """n children of `parent` in bulk, every other one with a deliverable, a checklist value and a member, every
    fourth with i + 1 minutes of time logged (issue 45)."""
    rows = [Module(parent_id=parent.id, name=f"{type_} {i}", description="", type=type_, platform=parent.platform,
                   level=parent.level + 1, idx=i, path=parent.path) for i in range(n)]
    _db.session.add_all(rows)
    _db.session.flush()
    for i, m in enumerate(rows):
        m.path = f"{parent.path}{m.id}/"
        if i % 2 == 0:
            _db.session.add(Deliverable(module_id=m.id, status="IN_PROGRESS", owner_id=user.id))
            _db.session.add(CustomValue(field_id=check.id, module_id=m.id, stringval="completed",
                                        option_id=check.options[1].id))
        if i % 3 == 0:
            _db.session.add(Membership(module_id=m.id, user_id=user.id, allow_view=True, allow_edit=True))
        if i % 4 == 0:
            _db.session.add(TimeEntry(module_id=m.id, portal_id=int(parent.path.split("/")[2]), user_id=user.id,
                                      minutes=i + 1, day=datetime.date(2026, 1, 5)))
    _db.session.commit()
    return rows


@pytest.fixture(scope="module")
def world(app, request):
    claim_shared_data(request)
    su = new_user(superuser=True)
    member = new_user()
    portal = new_module(root(), "4rineu_portal", "Counting portal")
    new_grant(portal, member)
    check = _db.session.scalar(sa.select(CustomField).where(CustomField.module_id == portal.id))
    out = SimpleNamespace(su=SimpleNamespace(id=su.id, email=su.email),
                          member=SimpleNamespace(id=member.id, email=member.email), projects={}, phases={})
    for n in (5, 500):
        project = new_module(portal, "4rineu_project", f"Project {n}")
        _children(project, "4rineu_task", n, _db.session.get(User, member.id), check)
        phase = new_module(project, "4rineu_phase", f"Phase {n}", idx=n + 1)
        _children(phase, "4rineu_task", 3, _db.session.get(User, member.id), check)
        _db.session.add(EffortPlan(module_id=phase.id, organisation="ACME", person_months=1))
        _db.session.commit()
        out.projects[n] = project.id
    return out


URLS = {
    "module/view": "/api/module/view/{id}",
    "module/list": "/api/module/list/{id}",
    "detailed-list-by-type": "/api/module/detailed-list-by-type/4rineu_task/{id}?perPage=500",
}


def _measure(client, count_queries, headers, url):
    client.get(url, headers=headers)  # warm: nothing cached that would hide a per-row query
    with count_queries() as counter:
        r = client.get(url, headers=headers)
    assert r.status_code == 200
    return counter.count, r.get_json()


@pytest.mark.parametrize("who", ["su", "member"])
@pytest.mark.parametrize("endpoint", list(URLS))
def test_fixed_query_count(client, count_queries, world, endpoint, who):
    headers = login_headers(client, getattr(world, who))
    counts = {}
    for n in (5, 500):
        count, body = _measure(client, count_queries, headers, URLS[endpoint].format(id=world.projects[n]))
        counts[n] = count
        rows = body["item"]["children"] if "item" in body else body["list"]
        # The lists really are of the size measured (tasks: n direct + 3 in the phase, 500 a page at most).
        expected = {"module/view": n + 1, "module/list": n + 1, "detailed-list-by-type": n + 3}[endpoint]
        assert len(rows) == (min(expected, 500) if "meta" in body else expected)
        if "meta" in body:
            assert body["meta"]["total"] == expected
        # Per-row data is there (deliverables, links, checklist state), so nothing was skipped.
        assert sum(1 for x in rows if x["deliverable"]) >= n // 2
        assert all(x["links"].get("view") for x in rows)
        if endpoint == "detailed-list-by-type":
            assert sum(1 for x in rows if x["completed"]) >= min(n, 500) // 2
    MEASURED[(endpoint, who)] = counts
    print(f"\n{endpoint} as {who}: {counts[5]} queries for 5 children, {counts[500]} for 500")
    assert counts[5] == counts[500], counts
    assert counts[500] <= LIMIT, counts


def _logged(n):
    """The minutes the world logs below project n: i + 1 on every fourth of its n tasks and of its phase's 3."""
    return sum(i + 1 for i in range(0, n, 4)) + 1


@pytest.mark.parametrize("who", ["su", "member"])
def test_spent_time_costs_no_query_more(client, count_queries, world, who):
    """Issue 45: the view's `spent`, the tree's and the task list's `spentMinutes` and the task list sorted by spent
    time are read in the statements those reads run anyway: the same count for 5 or 500 children, and sorting by
    spent time costs what the default order costs."""
    headers = login_headers(client, getattr(world, who))
    counts = {}
    for n in (5, 500):
        project = world.projects[n]
        count, body = _measure(client, count_queries, headers, URLS["module/view"].format(id=project))
        counts[("view", n)] = count
        assert body["item"]["spent"]["minutes"] == _logged(n) and body["item"]["spent"]["plannedHours"] == 143.33
        assert sum(c["childCount"] for c in body["item"]["children"]) == 3
        count, body = _measure(client, count_queries, headers, f"/api/module/tree/{project}")
        counts[("tree", n)] = count
        assert sum(r["spentMinutes"] for r in body["item"]["rows"] if r["depth"] == 0) == _logged(n)
        for sort in ("", "&sort=-spent"):
            count, body = _measure(client, count_queries, headers, URLS["detailed-list-by-type"].format(id=project)
                                   + sort)
            counts[("tasks" + sort, n)] = count
            # (a page holds 500 of the 503 tasks: by spent time, the ones left out logged none)
            assert sum(r["spentMinutes"] for r in body["list"]) == _logged(n) or (n == 500 and not sort)
        spent_order = [r["spentMinutes"] for r in body["list"]]
        assert spent_order == sorted(spent_order, reverse=True) and spent_order[0] == (n - 1) // 4 * 4 + 1
    print(f"\nas {who}: {counts}")
    for what in ("view", "tree", "tasks", "tasks&sort=-spent"):
        assert counts[(what, 5)] == counts[(what, 500)] <= LIMIT, counts
    assert counts[("tasks&sort=-spent", 500)] == counts[("tasks", 500)], counts
    if (("module/view", who)) in MEASURED:  # the view costs what it cost before it carried `spent`
        assert counts[("view", 500)] == MEASURED[("module/view", who)][500]


def test_member_rows_carry_their_own_rights(client, world):
    """The fold of memberships down the tree is per row: rows with an edit membership offer edit."""
    headers = login_headers(client, world.member)
    rows = client.get(f"/api/module/list/{world.projects[5]}", headers=headers).get_json()["list"]
    editable = [r["name"] for r in rows if "edit" in r["links"]]
    assert editable == ["4rineu_task 0", "4rineu_task 3"]


@pytest.mark.parametrize("endpoint", list(URLS))
def test_row_deliverables_carry_their_id_and_the_gantt_links(client, world, endpoint):
    """A row's deliverable carries its id and the date edits the Gantt follows, decided per row (no query: the
    counts above hold with them); someone who may not edit the row gets no link."""
    url = URLS[endpoint].format(id=world.projects[5])
    as_su = client.get(url, headers=login_headers(client, world.su)).get_json()
    rows = as_su["item"]["children"] if "item" in as_su else as_su["list"]
    with_d = [x for x in rows if x["deliverable"]]
    assert with_d
    for x in with_d:
        d = x["deliverable"]
        assert isinstance(d["id"], int) and "version" not in d
        assert set(d["links"]) == {"edit", "edit_start_date", "edit_deadline", "edit_dates", "preview_move"}
        assert d["links"]["edit_deadline"]["url"] == f"/api/deliverable/edit-deadline/{x['id']}/{d['id']}"
        assert d["links"]["edit_start_date"]["operation"] == "POST"
    as_member = client.get(url, headers=login_headers(client, world.member)).get_json()
    rows = as_member["item"]["children"] if "item" in as_member else as_member["list"]
    editable = sorted(x["name"] for x in rows if x["deliverable"] and x["deliverable"]["links"])
    # Deliverables on tasks 0, 2, 4, an edit membership on 0 and 3 (the task list adds the phase's 3 tasks).
    assert editable == ["4rineu_task 0"] * (2 if endpoint == "detailed-list-by-type" else 1)
    assert all(x["deliverable"]["id"] for x in rows if x["deliverable"])


@pytest.mark.parametrize("endpoint", list(URLS))
def test_a_subtree_prefix_is_written_into_the_statement(client, count_queries, world, endpoint):
    """`path LIKE '/1/5/%'` with the prefix in the SQL text: bound as a parameter, PostgreSQL's generic plan of
    the prepared statement (from a connection's sixth run) could not use the path index and scanned the table."""
    headers = login_headers(client, world.member)
    with count_queries() as counter:
        assert client.get(URLS[endpoint].format(id=world.projects[5]), headers=headers).status_code == 200
    likes = [s for s in counter.statements if "path LIKE" in s]
    project = _db.session.get(Module, world.projects[5])
    if endpoint != "module/list":  # the list reads children by parent, no subtree
        assert any(f"path LIKE '{project.path}%" in s for s in likes), likes
    assert not [s for s in likes if "path LIKE ?" in s or "path LIKE %(" in s], likes


def test_the_notification_list_costs_a_fixed_number_of_queries(client, count_queries, tree, make_user, make_module):
    """The list presents each notification with the reader's rights of now (a module they no longer see shows
    neither its name nor the text) and, with a portal-bound token, only that portal's: no query a row. The token's
    user, the memberships (once), the page, its total, the unread count."""
    from api.models import Notification
    reader, actor = make_user(name="Reader"), make_user(name="Actor")
    new_grant(tree.portal, reader)
    gone = make_module(name="Left portal")
    lost = make_module(gone, "4rineu_project", "Lost project")

    def notify(n):
        for i in range(n):
            module = (tree.task, lost, tree.project)[i % 3]
            grouped = i % 4 < 2  # half stand for several changes: what they say is in their row, no query
            _db.session.add(Notification(user_id=reader.id, kind="comment", actor_id=actor.id, module_id=module.id,
                                         portal_id=gone.id if module is lost else tree.portal.id,
                                         category="comment", text=f"commented on '{module.name}': secret {i}",
                                         changes=i + 2 if grouped else 1,
                                         actors=f"{actor.id},{reader.id}" if grouped else None))
        _db.session.commit()

    session = login_headers(client, reader)
    r = client.post("/api/account/tokens", headers=session,
                    json={"name": "bound", "days": 30, "portalId": tree.portal.id})
    bound = {"Authorization": "Bearer " + r.get_json()["item"]["token"]}
    counts = {}
    for n in (3, 30):
        notify(n if n == 3 else n - 3)
        for who, headers in (("session", session), ("bound", bound)):
            count, body = _measure(client, count_queries, headers, "/api/notification/list?perPage=50")
            counts[(who, n)] = count
            hidden = [x for x in body["list"] if x["module"] is None]
            assert body["meta"]["total"] == (n if who == "session" else n - n // 3)
            assert len(hidden) == (n // 3 if who == "session" else 0)
            assert all("secret" not in x["text"] and "no longer have access" in x["text"] for x in hidden)
            assert {x["count"] > 1 for x in body["list"]} == {True, False}
    print(f"\nnotification/list: {counts}")
    assert counts[("session", 3)] == counts[("session", 30)] == 5, counts
    assert counts[("bound", 3)] == counts[("bound", 30)] == 5, counts
