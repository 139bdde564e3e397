"""Automatic scheduling (issue 42, point 2): working days and holidays, every relation kind and lag, automatic
successors moved keeping their duration, automatic parents spanning their children, manual successors flagged and
left, the preview equal to what the save then does, the feed and the event of a move, rights, and the portal's
planning settings."""
import random
from datetime import date, timedelta

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import Deliverable, FeedEntry, PortalPlanning
from api.models.events import Event
from api.services.scheduling import Calendar

from .conftest import new_module, submit

D = date.fromisoformat


@pytest.fixture
def tasks(tree):
    """Five tasks side by side in Phase 0 (the tree's task is the first)."""
    return [tree.task] + [new_module(tree.phase, "4rineu_task", f"Task {i}", idx=i) for i in range(2, 6)]


def plan(client, h, m, start=None, end=None, auto=False, milestone=False, status=200):
    """Set a module's dates (and scheduling) through its deliverable's form; the answer's `schedule`."""
    d = _db.session.scalar(sa.select(Deliverable).where(Deliverable.module_id == m.id))
    data = {"status": "NOT_STARTED", "startDate": start or "", "deadline": end or "",
            "autoScheduled": "1" if auto else "0", "milestone": "1" if milestone else "0"}
    if d is None:
        r = submit(client, h, f"/api/deliverable/add/{m.id}", data)
    else:
        _db.session.refresh(d)
        r = submit(client, h, f"/api/deliverable/edit/{m.id}/{d.id}", {**data, "_version": d.version}, method="PUT")
    assert r.status_code == status, r.get_json()
    return r.get_json().get("schedule")


def relate(client, h, a, b, kind="FS", lag=0):
    r = submit(client, h, f"/api/relation/add/{a.id}", {"other": b.id, "kind": kind, "lag": lag})
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def dates(m):
    d = _db.session.scalar(sa.select(Deliverable).where(Deliverable.module_id == m.id))
    if d is None:
        return None
    _db.session.refresh(d)
    return d.start_date.isoformat() if d.start_date else None, d.deadline.isoformat() if d.deadline else None


def test_the_calendar_counts_working_days_as_a_day_by_day_count_does():
    rng = random.Random(42)
    base = D("2026-01-01")
    for _ in range(30):
        off = [base + timedelta(days=rng.randint(-300, 300)) for _ in range(rng.randint(0, 30))]
        cal = Calendar(off)
        days = [base + timedelta(days=i) for i in range(-320, 320)]
        work = [d for d in days if d.weekday() < 5 and d not in set(off)]
        first = cal.index(work[0])
        for i, d in enumerate(work):
            assert (cal.index(d), cal.day(first + i)) == (first + i, d)
        for d in days[::11]:
            assert cal.index(d) == cal.index(next(w for w in work if w >= d))  # a day off counts as the next
    cal = Calendar([D("2026-12-25")])
    assert cal.span(D("2026-12-21"), D("2026-12-31")) == 8  # two weekend days and Christmas off
    assert not cal.working(D("2026-12-25")) and not cal.working(D("2026-12-26")) and cal.working(D("2026-12-24"))


def test_a_chain_of_automatic_successors_moves_keeping_durations(client, tasks, h):
    t1, t2, t3, *_ = tasks
    plan(client, h, t1, "2026-03-02", "2026-03-06")  # Mon-Fri
    plan(client, h, t2, "2026-03-09", "2026-03-13", auto=True)
    plan(client, h, t3, "2026-03-16", "2026-03-17", auto=True)
    relate(client, h, t1, t2)
    relate(client, h, t2, t3, lag=1)
    assert dates(t3) == ("2026-03-17", "2026-03-18")  # the relation itself moved it: one working day after t2 + 1

    events = _db.session.scalar(sa.select(sa.func.count()).select_from(Event))
    schedule = plan(client, h, t1, "2026-03-02", "2026-03-10")  # t1 now ends on a Tuesday
    assert dates(t2) == ("2026-03-11", "2026-03-17")  # Wednesday, five working days over the weekend
    assert dates(t3) == ("2026-03-19", "2026-03-20")
    assert [(m["name"], m["startDate"], m["before"]["startDate"]) for m in schedule["moved"]] == [
        ("Task 2", "2026-03-11", "2026-03-09"), ("Task 3", "2026-03-19", "2026-03-17")]
    assert schedule["flagged"] == []
    # One feed entry per moved module; one event for the deliverable's change and one for the whole move.
    entries = _db.session.scalars(sa.select(FeedEntry).where(FeedEntry.category == "schedule")
                                  .order_by(FeedEntry.id)).all()
    assert [e.module_id for e in entries][-2:] == [t2.id, t3.id]
    kinds = _db.session.scalars(sa.select(Event.category).order_by(Event.id).offset(events)).all()
    assert kinds == ["deliverable", "schedule"]
    feed = client.get(f"/api/feed/list/{t3.id}", headers=h).get_json()["list"]
    assert feed[0]["description"] == "Moved because 'Task 1' changed"
    assert feed[0]["changes"][0]["field"] == "startDate"

    # Earlier again: the successors follow back to the earliest date their relations allow.
    plan(client, h, t1, "2026-03-02", "2026-03-04")
    assert dates(t2) == ("2026-03-05", "2026-03-11") and dates(t3) == ("2026-03-13", "2026-03-16")


@pytest.mark.parametrize("kind,lag,expected", [
    ("FS", 0, ("2026-03-09", "2026-03-10")),   # after Friday's finish: Monday
    ("FS", -2, ("2026-03-05", "2026-03-06")),  # a lead of two working days
    ("SS", 1, ("2026-03-03", "2026-03-04")),   # a working day after t1 starts
    ("FF", 0, ("2026-03-05", "2026-03-06")),   # finishes with t1
    ("FF", 2, ("2026-03-09", "2026-03-10")),   # two working days after t1 finishes, over the weekend
    ("SF", 0, ("2026-02-26", "2026-02-27")),   # finishes the working day before t1 starts
])
def test_each_kind_and_lag(client, tasks, h, kind, lag, expected):
    t1, t2, *_ = tasks
    plan(client, h, t1, "2026-03-02", "2026-03-06")
    plan(client, h, t2, "2026-04-01", "2026-04-02", auto=True)
    relate(client, h, t1, t2, kind, lag)
    assert dates(t2) == expected


def test_holidays_are_not_working_days(client, tree, tasks, h):
    t1, t2, *_ = tasks
    r = submit(client, h, f"/api/planning/settings/{tree.portal.id}",
               {"holidays": "2026-12-24 Christmas Eve\n2026-12-25 Christmas\n2026-12-31 New Year's Eve",
                "projectMonths": "1"}, method="PUT")
    assert r.status_code == 200, r.get_json()
    assert [x["name"] for x in r.get_json()["holidays"]] == ["Christmas Eve", "Christmas", "New Year's Eve"]
    plan(client, h, t1, "2026-12-14", "2026-12-18")
    plan(client, h, t2, "2027-01-11", "2027-01-15", auto=True)  # five working days
    relate(client, h, t1, t2)
    assert dates(t2) == ("2026-12-21", "2026-12-29")  # Mon 21 .. Wed 23, Mon 28, Tue 29: five working days


def test_planning_settings_are_for_the_portal_admins_and_checked(client, tree, h, make_user, grant, token_for):
    url = f"/api/planning/settings/{tree.portal.id}"
    bad = submit(client, h, url, {"holidays": "2026-13-01 Nope\n25/12/2026 Christmas"}, method="PUT")
    assert bad.status_code == 422
    assert bad.get_json()["errors"]["holidays"] == ["Line 1: write a date as YYYY-MM-DD, then the holiday's name",
                                                    "Line 2: write a date as YYYY-MM-DD, then the holiday's name"]
    editor = make_user(name="Eddie")
    grant(tree.portal, editor, edit=True)
    assert client.get(url, headers=token_for(editor)).status_code == 403
    assert client.get(f"/api/planning/settings/{tree.project.id}", headers=h).status_code == 403  # a portal's only
    stranger = make_user(name="Sam")
    assert client.get(url, headers=token_for(stranger)).status_code == 404
    view = client.get(f"/api/module/view/{tree.portal.id}", headers=h).get_json()["item"]
    assert view["links"]["planning_settings"]["url"] == url


def test_board_limits_are_saved_shown_checked_and_carried_by_the_tree(client, tree, h, count_queries):
    """Issue 44: a work-in-progress limit per status, in the portal's planning settings: saved (only those set),
    shown in the form and the answer, checked (1 to 999, per field), and carried by module/tree's `planning` at no
    query more."""
    from .conftest import element, form_of
    url = f"/api/planning/settings/{tree.portal.id}"
    with count_queries() as before:
        client.get(f"/api/module/tree/{tree.project.id}", headers=h)
    r = submit(client, h, url, {"holidays": "", "limitInProgress": "5", "limitBlocked": " 2 ", "limitCompleted": ""},
               method="PUT")
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["boardLimits"] == {"IN_PROGRESS": 5, "BLOCKED": 2}
    row = _db.session.get(PortalPlanning, tree.portal.id)
    _db.session.refresh(row)
    assert row.board_limits == '{"IN_PROGRESS":5,"BLOCKED":2}'
    form = form_of(client, h, url)
    labels = {e["name"]: e["label"] for e in form["elements"]}
    assert labels["limitInProgress"] == "Board limit: In progress"
    assert {"limitNotStarted", "limitBlocked", "limitCompleted", "limitVerifiedComplete"} <= set(labels)
    feed = _db.session.scalars(sa.select(FeedEntry).where(FeedEntry.module_id == tree.portal.id)
                               .order_by(FeedEntry.id.desc())).first()
    assert "board limits" in feed.description
    with count_queries() as after:
        body = client.get(f"/api/module/tree/{tree.project.id}", headers=h).get_json()["item"]
    assert body["planning"]["boardLimits"] == {"IN_PROGRESS": 5, "BLOCKED": 2}
    assert after.count == before.count
    for bad in ("0", "1000", "2.5", "many", "-3"):
        r = submit(client, h, url, {"limitInProgress": bad, "limitNotStarted": "3"}, method="PUT")
        assert r.status_code == 422, (bad, r.get_json())
        assert r.get_json()["errors"] == {"limitInProgress": ["A whole number from 1 to 999, or empty"]}, bad
    assert _db.session.get(PortalPlanning, tree.portal.id).board_limits == '{"IN_PROGRESS":5,"BLOCKED":2}'
    # Emptied, the limits are gone (the form sends every field).
    r = submit(client, h, url, {"holidays": "", "limitInProgress": "", "limitNotStarted": "999"}, method="PUT")
    assert r.get_json()["boardLimits"] == {"NOT_STARTED": 999}
    body = client.get(f"/api/module/tree/{tree.task.id}", headers=h).get_json()["item"]
    assert body["planning"]["boardLimits"] == {"NOT_STARTED": 999}
    # What the column holds is read leniently.
    _db.session.execute(sa.update(PortalPlanning).values(board_limits='{"IN_PROGRESS": 0, "X": 3, "BLOCKED": "2"}'))
    _db.session.commit()
    assert client.get(f"/api/module/tree/{tree.task.id}", headers=h).get_json()["item"]["planning"][
        "boardLimits"] == {}


def test_the_settings_form_shows_the_board_limits(client, tree, h):
    """The form's values come from scheduling.form_values (planning.settings_form passes them to describe)."""
    from api.forms import describe
    from api.forms.planning import PlanningSettingsForm
    from api.services import scheduling
    submit(client, h, f"/api/planning/settings/{tree.portal.id}", {"limitBlocked": "4"}, method="PUT")
    s = scheduling.settings(tree.portal.id)
    values = scheduling.form_values(s)
    assert values == {"holidays": "", "projectMonths": False, "limitNotStarted": None, "limitInProgress": None,
                      "limitBlocked": 4, "limitCompleted": None, "limitVerifiedComplete": None}
    form = describe(PlanningSettingsForm, "/x", "PUT", values=values)
    assert {e["name"]: e["value"] for e in form["elements"]}["limitBlocked"] == 4


def test_an_automatic_parent_spans_its_children_and_moves_with_them(client, tree, tasks, h):
    t1, t2, *_ = tasks
    plan(client, h, tree.phase, "2026-01-01", "2026-01-02", auto=True)
    plan(client, h, t1, "2026-03-02", "2026-03-06")
    assert dates(tree.phase) == ("2026-03-02", "2026-03-06")
    plan(client, h, t2, "2026-03-09", "2026-03-10", auto=True)
    relate(client, h, t1, t2, "FS", 3)
    assert dates(t2) == ("2026-03-12", "2026-03-13")
    assert dates(tree.phase) == ("2026-03-02", "2026-03-13")
    schedule = plan(client, h, t1, "2026-02-23", "2026-02-27")
    assert {m["name"] for m in schedule["moved"]} == {"Task 2", "Phase 0"}
    assert dates(tree.phase) == ("2026-02-23", "2026-03-06")


def test_a_manual_successor_is_flagged_not_moved(client, tasks, h):
    t1, t2, *_ = tasks
    plan(client, h, t1, "2026-03-02", "2026-03-06")
    plan(client, h, t2, "2026-03-09", "2026-03-10")  # manual
    rel = relate(client, h, t1, t2)["item"]
    schedule = plan(client, h, t1, "2026-03-02", "2026-03-11")
    assert dates(t2) == ("2026-03-09", "2026-03-10")
    assert schedule["moved"] == []
    assert schedule["flagged"] == [{"relationId": rel["id"], "fromId": t1.id, "toId": t2.id, "name": "Task 2",
                                    "message": "'Task 2' starts before 'Task 1' allows"}]


def test_the_preview_answers_what_the_save_then_does_and_saves_nothing(client, tasks, h):
    t1, t2, t3, t4, _ = tasks
    plan(client, h, t1, "2026-03-02", "2026-03-06")
    plan(client, h, t2, "2026-03-09", "2026-03-13", auto=True)
    plan(client, h, t3, "2026-03-16", "2026-03-20", auto=True)
    plan(client, h, t4, "2026-03-16", "2026-03-16")
    relate(client, h, t1, t2)
    relate(client, h, t2, t3, "SS", 2)
    relate(client, h, t2, t4)
    before = [dates(t) for t in tasks]
    r = client.post(f"/api/relation/preview/{t1.id}", headers=h, json={"startDate": "2026-03-04",
                                                                          "deadline": "2026-03-12"})
    assert r.status_code == 200, r.get_json()
    preview = r.get_json()
    assert [dates(t) for t in tasks] == before
    saved = plan(client, h, t1, "2026-03-04", "2026-03-12")
    assert preview == saved
    assert [m["name"] for m in saved["moved"]] == ["Task 2", "Task 3"]
    assert [f["name"] for f in saved["flagged"]] == ["Task 4"]
    bad = client.post(f"/api/relation/preview/{t1.id}", headers=h, json={"startDate": "2026-03-12",
                                                                         "deadline": "2026-03-04"})
    assert bad.status_code == 422 and "deadline" in bad.get_json()["errors"]


def test_a_milestone_keeps_one_date_and_moves_as_one(client, tasks, h):
    t1, t2, *_ = tasks
    plan(client, h, t1, "2026-03-02", "2026-03-06")
    plan(client, h, t2, "2026-03-20", "2026-03-27", auto=True, milestone=True)
    assert dates(t2) == ("2026-03-20", "2026-03-20")
    relate(client, h, t1, t2)
    assert dates(t2) == ("2026-03-09", "2026-03-09")
    item = client.get(f"/api/deliverable/find/{t2.id}", headers=h).get_json()["item"]
    assert (item["milestone"], item["autoScheduled"]) == (True, True)


def test_what_moved_is_told_only_where_the_reader_may_see(client, tree, tasks, h, make_user, grant, token_for):
    """Task 1 in Project A moves Phase B of Project B; someone of Project B alone is told no names of A."""
    t1 = tasks[0]
    b1 = new_module(tree.other, "4rineu_phase", "Phase B")
    plan(client, h, t1, "2026-03-02", "2026-03-06")
    plan(client, h, b1, "2026-03-09", "2026-03-10", auto=True)
    relate(client, h, t1, b1)
    plan(client, h, t1, "2026-03-02", "2026-03-09")
    assert dates(b1) == ("2026-03-10", "2026-03-11")
    b_only = make_user(name="Bea")
    grant(tree.other, b_only)
    feed = client.get(f"/api/feed/list/{b1.id}", headers=token_for(b_only)).get_json()["list"]
    assert feed[0]["description"] == "Moved because a module it follows changed"
    a_editor = make_user(name="Al")
    grant(tree.project, a_editor, edit=True)
    schedule = plan(client, token_for(a_editor), t1, "2026-03-02", "2026-03-10")
    assert schedule["moved"] == []  # Phase B moved, but Al cannot see it
    assert dates(b1) == ("2026-03-11", "2026-03-12")
    hidden = client.post(f"/api/relation/preview/{b1.id}", headers=token_for(a_editor), json={"startDate": "2026-03-02"})
    assert hidden.status_code == 404


def test_two_writers_on_one_chain_are_served_one_after_the_other(client, tasks, h):
    """The second edit of one deliverable with the first's version is refused (409); a move after it starts from
    the first's dates (writes of a portal queue on its row)."""
    t1, t2, *_ = tasks
    plan(client, h, t1, "2026-03-02", "2026-03-06")
    plan(client, h, t2, "2026-03-09", "2026-03-13", auto=True)
    relate(client, h, t1, t2)
    d = _db.session.scalar(sa.select(Deliverable).where(Deliverable.module_id == t1.id))
    url = f"/api/deliverable/edit/{t1.id}/{d.id}"
    common = {"status": "NOT_STARTED", "startDate": "2026-03-02", "autoScheduled": "0", "milestone": "0",
              "_version": d.version}
    first = submit(client, h, url, {**common, "deadline": "2026-03-10"}, method="PUT")
    second = submit(client, h, url, {**common, "deadline": "2026-03-20"}, method="PUT")
    assert (first.status_code, second.status_code) == (200, 409)
    assert dates(t2) == ("2026-03-11", "2026-03-17")


def test_a_move_costs_a_fixed_number_of_queries_whatever_the_chain(client, tree, h, count_queries):
    def chain(n, parent):
        ms = [new_module(parent, "4rineu_task", f"C{i}", idx=i, commit=False) for i in range(n)]
        _db.session.flush()
        for i, m in enumerate(ms):
            _db.session.add(Deliverable(module_id=m.id, start_date=D("2026-03-02") + timedelta(days=7 * i),
                                        deadline=D("2026-03-03") + timedelta(days=7 * i), auto_scheduled=i > 0))
        from api.models import Relation
        for a, b in zip(ms, ms[1:]):
            _db.session.add(Relation(portal_id=tree.portal.id, from_id=a.id, to_id=b.id, low_id=min(a.id, b.id),
                                     high_id=max(a.id, b.id), kind="FS", lag=0))
        _db.session.commit()
        return ms

    def cost(ms):
        d = _db.session.scalar(sa.select(Deliverable).where(Deliverable.module_id == ms[0].id))
        with count_queries() as q:
            r = submit(client, h, f"/api/deliverable/edit/{ms[0].id}/{d.id}",
                       {"status": "NOT_STARTED", "startDate": "2026-03-02", "deadline": "2026-03-04",
                        "_version": d.version}, method="PUT")
        assert r.status_code == 200, r.get_json()
        assert len(r.get_json()["schedule"]["moved"]) == len(ms) - 1
        return q.count

    small = cost(chain(3, tree.phase))
    big = cost(chain(30, tree.other))
    assert small == big
    assert _db.session.get(PortalPlanning, tree.portal.id) is None


def test_the_critical_path_is_the_chain_that_decides_the_end(client, tree, tasks, h):
    """t1 → t2 → t3 end last; t4 (after t1) has four working days of float; t5 ends with the plan (critical
    alone). Floats in working days, the driving relations marked, a broken one flagged."""
    t1, t2, t3, t4, t5 = tasks
    plan(client, h, t1, "2026-03-02", "2026-03-06")
    plan(client, h, t2, "2026-03-09", "2026-03-13")
    plan(client, h, t3, "2026-03-16", "2026-03-20")
    plan(client, h, t4, "2026-03-09", "2026-03-10")
    plan(client, h, t5, "2026-03-18", "2026-03-20")
    a, b = relate(client, h, t1, t2)["item"], relate(client, h, t2, t3)["item"]
    c = relate(client, h, t1, t4)["item"]
    body = client.get(f"/api/module/tree/{tree.phase.id}", headers=h).get_json()["item"]
    rows = {r["id"]: r for r in body["rows"]}
    assert [(rows[t.id]["float"], rows[t.id]["critical"]) for t in tasks] == [
        (0, True), (0, True), (0, True), (8, False), (0, True)]
    rels = {r["id"]: (r["critical"], r["violated"]) for r in body["relations"]}
    assert rels == {a["id"]: (True, False), b["id"]: (True, False), c["id"]: (False, False)}
    plan(client, h, t2, "2026-03-04", "2026-03-13")  # manual t2 now starts before t1 ends
    body = client.get(f"/api/module/tree/{tree.phase.id}", headers=h).get_json()["item"]
    assert {r["id"]: r["violated"] for r in body["relations"]}[a["id"]] is True


@pytest.mark.parametrize("kind,lag,floats", [
    ("SS", 2, (3, 0)),  # t2 (Mon 9th) may start two working days after t1 starts: t1 may slip three
    ("FF", 0, (5, 0)),  # t1 must finish by t2's finish (Fri 13th): a week of float
    ("FF", 2, (3, 0)),
    ("SF", 0, (5, 0)),  # bounded by the plan's end only
])
def test_float_through_each_kind(client, tasks, h, kind, lag, floats):
    t1, t2, *_ = tasks
    plan(client, h, t1, "2026-03-02", "2026-03-06")
    plan(client, h, t2, "2026-03-09", "2026-03-13")
    relate(client, h, t1, t2, kind, lag)
    body = client.get(f"/api/module/tree/{t1.parent_id}", headers=h).get_json()["item"]
    rows = {r["id"]: r for r in body["rows"]}
    assert (rows[t1.id]["float"], rows[t2.id]["float"]) == floats


def test_the_tree_carries_the_calendar_and_the_project_start_for_project_months(client, tree, tasks, h):
    submit(client, h, f"/api/planning/settings/{tree.portal.id}",
           {"holidays": "2026-05-01 Labour Day", "projectMonths": "1"}, method="PUT")
    plan(client, h, tree.project, "2026-02-01", "2028-01-31")
    body = client.get(f"/api/module/tree/{tree.phase.id}", headers=h).get_json()["item"]
    assert body["planning"] == {"holidays": ["2026-05-01"], "projectMonths": True, "projectStart": "2026-02-01",
                                "boardLimits": {}}
    submit(client, h, f"/api/planning/settings/{tree.portal.id}", {"holidays": "", "projectMonths": "0",
                                                                    "_version": 1}, method="PUT")
    body = client.get(f"/api/module/tree/{tree.portal.id}", headers=h).get_json()["item"]
    assert body["planning"] == {"holidays": [], "projectMonths": False, "projectStart": None, "boardLimits": {}}


def test_a_copied_plan_keeps_its_relations_inside_it_and_its_scheduling(client, tree, tasks, h):
    """Cloning a phase (issue 42): the relations between its tasks come along between the copies; one to a task
    outside the phase stays with the original; automatic scheduling and milestones are kept."""
    from api.models import Module, Relation
    from .test_cloning import do_clone
    t1, t2, *_ = tasks
    outside = new_module(tree.other, "4rineu_phase", "Elsewhere")
    plan(client, h, t1, "2026-03-02", "2026-03-06")
    plan(client, h, t2, "2026-03-09", "2026-03-13", auto=True, milestone=True)
    plan(client, h, outside, "2026-03-16", "2026-03-17")
    relate(client, h, t1, t2, "SS", 2)
    relate(client, h, t2, outside)
    r = do_clone(client, h, tree.phase.id, name="Phase 0 again", parentId=tree.project.id)
    assert r.status_code == 200, r.get_json()
    copy = _db.session.scalar(sa.select(Module).where(Module.name == "Phase 0 again"))
    kids = {m.name: m.id for m in _db.session.scalars(sa.select(Module).where(Module.parent_id == copy.id))}
    rels = _db.session.execute(sa.select(Relation.from_id, Relation.to_id, Relation.kind, Relation.lag)
                               .where(Relation.from_id.in_(kids.values()) | Relation.to_id.in_(kids.values()))).all()
    assert rels == [(kids["Task 1"], kids["Task 2"], "SS", 2)]
    d = _db.session.scalar(sa.select(Deliverable).where(Deliverable.module_id == kids["Task 2"]))
    assert (d.auto_scheduled, d.milestone) == (True, True)
