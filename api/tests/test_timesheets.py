"""Timesheets (issue 45): a person's week in a portal (rows of modules × days in a fixed number of queries), its
cells saved one at a time (created, changed, deleted; several entries a 409; the 24-hour day; the lock of an
approved month), months submitted, approved and returned (nobody decides their own), the approvers' list and the
month as a PDF."""
import datetime as dt
import re
import zlib

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import FeedEntry, Membership, TimeActivity, TimeEntry, Timesheet
from api.services import time_entries, timesheets

from .conftest import new_module

WEEK = "2026-W44"  # Monday 26 October to Sunday 1 November 2026: two months
MON = dt.date(2026, 10, 26)


def day(n):
    return (MON + dt.timedelta(days=n)).isoformat()


def log(person, module, when, minutes, portal):
    """An entry written directly (the entry form is worker A's, tested there)."""
    e = TimeEntry(module_id=module.id, portal_id=portal.id, user_id=person.id, day=dt.date.fromisoformat(when),
                  minutes=minutes, organisation="")
    _db.session.add(e)
    _db.session.commit()
    return e


@pytest.fixture
def team(tree, make_user, grant, token_for):
    """Wanda and Carl log time on the project (create), Vic only views it, Ada is the portal's admin, Sue its
    supervisor, Sam a stranger."""
    wanda, carl, vic, ada, sue, sam = (make_user(name=n) for n in ("Wanda Worker", "Carl", "Vic", "Ada", "Sue",
                                                                   "Sam"))
    grant(tree.project, wanda, create=True)
    grant(tree.other, wanda, create=True)
    grant(tree.project, carl, create=True)
    grant(tree.project, vic)
    grant(tree.portal, ada, admin=True)
    m = grant(tree.portal, sue)
    m.supervisor = True
    _db.session.commit()
    people = dict(wanda=wanda, carl=carl, vic=vic, ada=ada, sue=sue, sam=sam)
    return type("Team", (), {**people, "h": {k: token_for(u) for k, u in people.items()}})


def week_of(client, h, portal, person=None, week=WEEK, status=200):
    url = f"/api/time/week/{portal.id}?week={week}" + (f"&user={person.id}" if person else "")
    r = client.get(url, headers=h)
    assert r.status_code == status, r.get_json()
    return r.get_json()


def cell(client, h, portal, module, when, minutes, person=None, status=200):
    body = {"moduleId": module.id, "day": when, "minutes": minutes}
    if person is not None:
        body["user"] = person.id
    r = client.post(f"/api/time/cell/{portal.id}", json=body, headers=h)
    assert r.status_code == status, r.get_json()
    return r.get_json()


def submit(client, h, portal, month, person=None, status=200):
    body = {"month": month, **({"user": person.id} if person else {})}
    r = client.post(f"/api/time/month/{portal.id}", json=body, headers=h)
    assert r.status_code == status, r.get_json()
    return r.get_json()


def decide(client, h, sheet_id, how, comment=None, status=200):
    r = client.post(f"/api/time/month/{how}/{sheet_id}", json={} if comment is None else {"comment": comment},
                    headers=h)
    assert r.status_code == status, r.get_json()
    return r.get_json()


# --- the week --------------------------------------------------------------------------------------------------

def test_the_week_has_a_row_per_module_and_a_cell_per_day(client, tree, team):
    w, p = team.wanda, tree.portal
    log(w, tree.task, day(0), 90, p)
    log(w, tree.task, day(0), 30, p)           # two entries make one cell
    log(w, tree.task, day(6), 60, p)           # Sunday 1 November
    log(w, tree.other, day(2), 240, p)
    log(w, tree.subtask, day(-20), 45, p)      # three weeks before: the row is there, empty
    log(w, tree.phase, day(-40), 45, p)        # six weeks before: no row
    log(team.carl, tree.task, day(0), 120, p)  # someone else's
    body = week_of(client, team.h["wanda"], p)
    assert (body["user"], body["portalId"], body["week"]) == ({"id": w.id, "name": "Wanda Worker"}, p.id, WEEK)
    assert body["days"] == [day(i) for i in range(7)]
    assert [r["module"]["trail"] for r in body["rows"]] == [
        "Project A › Phase 0 › Task 1", "Project A › Phase 0 › Task 1 › Subtask 1", "Project B"]
    task, subtask, other = body["rows"]
    assert task["module"] == {"id": tree.task.id, "name": "Task 1", "trail": "Project A › Phase 0 › Task 1"}
    assert task["cells"][day(0)] == {"minutes": 120, "entries": 2, "locked": False}
    assert task["cells"][day(1)] == {"minutes": 0, "entries": 0, "locked": False}
    assert (task["totalMinutes"], task["totalHours"], task["editable"]) == (180, 3.0, True)
    assert subtask["totalMinutes"] == 0 and set(subtask["cells"]) == set(body["days"])
    assert other["cells"][day(2)]["minutes"] == 240
    assert body["dayTotals"] == {day(0): 120, day(1): 0, day(2): 240, day(3): 0, day(4): 0, day(5): 0, day(6): 60}
    assert (body["totalMinutes"], body["totalHours"]) == (420, 7.0)
    assert [(m["month"], m["state"]) for m in body["months"]] == [("2026-10", None), ("2026-11", None)]
    assert body["links"]["cell"]["url"] == f"/api/time/cell/{p.id}" and body["links"]["cell"]["method"] == "POST"
    assert body["months"][0]["links"]["submit"]["url"] == f"/api/time/month/{p.id}"


def test_the_week_costs_the_same_queries_for_3_rows_as_for_30(client, tree, team, count_queries):
    w, p = team.wanda, tree.portal
    tasks = [new_module(tree.phase, "4rineu_task", f"Task {i:02d}", idx=i, commit=False) for i in range(30)]
    _db.session.commit()
    for t in tasks[:3]:
        log(w, t, day(1), 30, p)
    mine, hers = f"/api/time/week/{p.id}?week={WEEK}", f"/api/time/week/{p.id}?week={WEEK}&user={w.id}"
    with count_queries() as few:
        assert len(client.get(mine, headers=team.h["wanda"]).get_json()["rows"]) == 3
    for i, t in enumerate(tasks[3:]):
        log(w, t, day(i % 7), 15, p)
    with count_queries() as many:
        assert len(client.get(mine, headers=team.h["wanda"]).get_json()["rows"]) == 30
    # sign-in, the portal, the memberships, where they lie (a member below the portal), the entries, the modules,
    # their ancestors' names, the sheets
    assert few.count == many.count == 8, "\n\n".join(many.statements)
    # Someone else's week, read by the portal's supervisor: the supervisor's flag and the person, two more.
    with count_queries() as other:
        assert len(client.get(hers, headers=team.h["sue"]).get_json()["rows"]) == 30
    assert other.count == 9, "\n\n".join(other.statements)


def test_who_reads_whose_week(client, tree, team):
    p = tree.portal
    log(team.wanda, tree.task, day(0), 60, p)
    for reader in ("ada", "sue"):  # the portal's admin and supervisor
        body = week_of(client, team.h[reader], p, team.wanda)
        assert body["user"]["name"] == "Wanda Worker" and body["totalMinutes"] == 60
    assert "cell" in week_of(client, team.h["ada"], p, team.wanda)["links"]  # an admin may correct it
    sue_reads = week_of(client, team.h["sue"], p, team.wanda)
    assert "cell" not in sue_reads["links"] and not sue_reads["rows"][0]["editable"]
    week_of(client, team.h["carl"], p, team.wanda, status=404)   # a colleague
    week_of(client, team.h["vic"], p)                             # one's own, empty
    week_of(client, team.h["sam"], p, status=404)                 # a stranger to the portal
    week_of(client, team.h["sam"], p, team.wanda, status=404)
    week_of(client, team.h["ada"], p, team.sam, status=404)       # not a person of the portal
    week_of(client, team.h["wanda"], tree.project, status=404)    # no portal
    r = client.get(f"/api/time/week/{p.id}?week=2026-W60", headers=team.h["wanda"])
    assert r.status_code == 400 and "week" in r.get_json()["errors"]
    assert week_of(client, team.h["wanda"], p, week="")["week"] == timesheets.week_name(
        time_entries.today() - dt.timedelta(days=time_entries.today().weekday()))
    assert client.get(f"/api/time/week/{p.id}").status_code == 401


# --- cells -------------------------------------------------------------------------------------------------------

def test_a_cell_is_created_changed_and_deleted(client, tree, team):
    w, p, h = team.wanda, tree.portal, team.h["wanda"]
    log(w, tree.other, day(1), 60, p)
    body = cell(client, h, p, tree.task, day(1), 90)
    assert body == {"cell": {"minutes": 90, "entries": 1, "locked": False}, "dayTotal": 150, "rowTotal": 90}
    e = _db.session.scalars(sa.select(TimeEntry).where(TimeEntry.module_id == tree.task.id)).one()
    first = _db.session.scalars(sa.select(TimeActivity).where(TimeActivity.portal_id == p.id)
                                .order_by(TimeActivity.idx)).first()
    assert (e.user_id, e.portal_id, e.minutes, e.activity_id, e.day) == (w.id, p.id, 90, first.id,
                                                                         MON + dt.timedelta(1))
    assert cell(client, h, p, tree.task, day(2), 30)["rowTotal"] == 120
    body = cell(client, h, p, tree.task, day(1), 45)
    assert body == {"cell": {"minutes": 45, "entries": 1, "locked": False}, "dayTotal": 105, "rowTotal": 75}
    _db.session.refresh(e)
    assert (e.minutes, e.version) == (45, 2)
    eid = e.id
    body = cell(client, h, p, tree.task, day(1), 0)
    assert body == {"cell": {"minutes": 0, "entries": 0, "locked": False}, "dayTotal": 60, "rowTotal": 30}
    assert _db.session.get(TimeEntry, eid) is None
    assert cell(client, h, p, tree.task, day(3), 0)["cell"]["entries"] == 0  # nothing there: nothing to do
    # One's own time leaves the feed alone (personal records).
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(FeedEntry)) == 0


def test_several_entries_the_24_hour_day_and_bad_cells(client, tree, team):
    w, p, h = team.wanda, tree.portal, team.h["wanda"]
    log(w, tree.task, day(0), 60, p)
    log(w, tree.task, day(0), 30, p)
    r = client.post(f"/api/time/cell/{p.id}", json={"moduleId": tree.task.id, "day": day(0), "minutes": 120},
                    headers=h)
    assert r.status_code == 409 and r.get_json()["error"] == "Several entries on this day: edit them in the list"
    other_portal = new_module(name="Elsewhere")
    elsewhere = new_module(other_portal, "4rineu_project", "Far")
    _db.session.add(Membership(module_id=elsewhere.id, user_id=w.id, allow_view=True, allow_create=True))
    log(w, elsewhere, day(1), 20 * 60, other_portal)   # 20 h in another portal count for the day too
    assert cell(client, h, p, tree.task, day(1), 4 * 60)["dayTotal"] == 240
    errors = cell(client, h, p, tree.other, day(1), 1, status=422)["errors"]
    assert list(errors) == ["minutes"]
    cell(client, h, p, tree.task, day(1), 3 * 60)        # less on the same cell: fine
    for bad in ({"moduleId": tree.task.id, "day": "26.10.2026", "minutes": 60},
                {"moduleId": tree.task.id, "day": day(0), "minutes": 1441},
                {"moduleId": tree.task.id, "day": day(0), "minutes": 1.5},
                {"moduleId": tree.task.id, "day": "1999-12-31", "minutes": 60},
                {"day": day(0), "minutes": 60}):
        r = client.post(f"/api/time/cell/{p.id}", json=bad, headers=h)
        assert r.status_code == 422, (bad, r.get_json())
    cell(client, h, p, elsewhere, day(2), 60, status=404)  # a module of another portal


def test_who_sets_whose_cells(client, tree, team):
    p = tree.portal
    cell(client, team.h["vic"], p, tree.task, day(0), 60, status=403)      # views only
    cell(client, team.h["sam"], p, tree.task, day(0), 60, status=404)      # a stranger
    cell(client, team.h["carl"], p, tree.task, day(0), 60, team.wanda, status=403)
    cell(client, team.h["sue"], p, tree.task, day(0), 60, team.wanda, status=403)  # supervisors read, not write
    cell(client, team.h["ada"], p, tree.task, day(0), 60, team.sam, status=422)    # not a person of the module
    body = cell(client, team.h["ada"], p, tree.task, day(0), 60, team.wanda)
    assert body["cell"]["minutes"] == 60
    cell(client, team.h["ada"], p, tree.task, day(0), 30, team.wanda)
    cell(client, team.h["ada"], p, tree.task, day(0), 0, team.wanda)
    feed = _db.session.scalars(sa.select(FeedEntry).order_by(FeedEntry.id)).all()
    assert [(f.operation, f.module_id) for f in feed] == [("add", tree.task.id), ("edit", tree.task.id),
                                                           ("delete", tree.task.id)]
    assert "Wanda Worker" in feed[1].description
    # A cell of the deliverable's owner who may not create there.
    from api.models import Deliverable
    _db.session.add(Deliverable(module_id=tree.task.id, status="IN_PROGRESS", owner_id=team.vic.id))
    _db.session.commit()
    cell(client, team.h["vic"], p, tree.task, day(0), 60)


# --- months --------------------------------------------------------------------------------------------------

def test_a_month_submitted_approved_locks_and_returned_opens(client, tree, team):
    w, p, h = team.wanda, tree.portal, team.h["wanda"]
    log(w, tree.task, "2026-10-05", 120, p)
    log(w, tree.task, "2026-10-30", 60, p)
    log(w, tree.task, "2026-11-02", 30, p)  # November: not in October's total
    item = submit(client, h, p, "2026-10")["item"]
    assert (item["user"], item["month"], item["state"], item["totalMinutes"], item["decidedBy"]) == (
        {"id": w.id, "name": "Wanda Worker"}, "2026-10", "SUBMITTED", 180, None)
    assert set(item["links"]) == {"pdf"}  # nobody decides their own
    cell(client, h, p, tree.task, "2026-10-06", 30)  # submitted is not locked yet
    decide(client, h, item["id"], "approve", status=403)
    decide(client, team.h["carl"], item["id"], "approve", status=404)
    approved = decide(client, team.h["sue"], item["id"], "approve")["item"]
    assert (approved["state"], approved["decidedBy"]["name"], approved["totalMinutes"]) == ("APPROVED", "Sue", 210)
    assert time_entries.is_locked(w.id, p.id, dt.date(2026, 10, 12))
    r = client.post(f"/api/time/cell/{p.id}", json={"moduleId": tree.task.id, "day": "2026-10-07", "minutes": 30},
                    headers=h)
    assert r.status_code == 423 and r.get_json()["error"] == "This month is approved: its time is locked"
    cell(client, team.h["ada"], p, tree.task, "2026-10-07", 30, w, status=423)  # for an admin too
    body = week_of(client, h, p)
    assert body["months"][0]["state"] == "APPROVED" and "submit" not in body["months"][0]["links"]
    assert body["rows"][0]["cells"][day(4)]["locked"] and not body["rows"][0]["cells"][day(6)]["locked"]
    cell(client, h, p, tree.task, "2026-11-03", 30)  # November is open
    submit(client, h, p, "2026-10", status=409)
    decide(client, team.h["ada"], item["id"], "approve", status=409)
    errors = decide(client, team.h["ada"], item["id"], "return", status=422)["errors"]
    assert list(errors) == ["comment"]
    long = decide(client, team.h["ada"], item["id"], "return", comment="x" * 2001, status=422)
    assert list(long["errors"]) == ["comment"]
    returned = decide(client, team.h["ada"], item["id"], "return", comment="Friday is missing")["item"]
    assert (returned["state"], returned["comment"], returned["decidedBy"]["name"]) == (
        "RETURNED", "Friday is missing", "Ada")
    assert not time_entries.is_locked(w.id, p.id, dt.date(2026, 10, 12))
    cell(client, h, p, tree.task, "2026-10-09", 60)
    decide(client, team.h["ada"], item["id"], "approve", status=409)  # returned: submitted again first
    again = submit(client, h, p, "2026-10")["item"]
    assert (again["id"], again["state"], again["decidedBy"]) == (item["id"], "SUBMITTED", None)
    assert again["comment"] == "Friday is missing"  # kept until decided again
    # Written to the portal's feed: submitted, approved, returned, submitted.
    ops = _db.session.scalars(sa.select(FeedEntry.operation).where(FeedEntry.module_id == p.id,
                                                                   FeedEntry.category == "timesheet")
                              .order_by(FeedEntry.id)).all()
    assert ops == ["submit", "approve", "return", "submit"]


def test_submitting_rules(client, tree, team):
    p = tree.portal
    submit(client, team.h["wanda"], p, "2026-13", status=422)
    submit(client, team.h["wanda"], p, "26-10", status=422)
    future = time_entries.today().replace(day=1) + dt.timedelta(days=40)
    submit(client, team.h["wanda"], p, timesheets.month_key(future), status=422)
    submit(client, team.h["sam"], p, "2026-10", status=404)
    submit(client, team.h["carl"], p, "2026-10", team.wanda, status=403)
    submit(client, team.h["sue"], p, "2026-10", team.wanda, status=403)
    item = submit(client, team.h["ada"], p, "2026-10", team.wanda)["item"]  # an admin, for a member
    assert item["user"]["id"] == team.wanda.id and "approve" in item["links"]
    submit(client, team.h["ada"], p, "2026-10", team.sam, status=422)
    # The admin's own month: submitted, decided by the supervisor, not by the admin.
    own = submit(client, team.h["ada"], p, "2026-10")["item"]
    assert set(own["links"]) == {"pdf"}
    decide(client, team.h["ada"], own["id"], "approve", status=403)
    decide(client, team.h["ada"], own["id"], "return", comment="no", status=403)
    decide(client, team.h["sue"], own["id"], "approve")


def test_the_months_list(client, tree, team, count_queries):
    p = tree.portal
    log(team.wanda, tree.task, "2026-09-03", 120, p)
    log(team.carl, tree.task, "2026-09-04", 30, p)
    log(team.carl, tree.task, "2026-10-04", 45, p)
    sheets = {(who, month): submit(client, team.h[who], p, month)["item"]["id"]
              for who in ("wanda", "carl", "sue") for month in ("2026-09", "2026-10")}
    decide(client, team.h["ada"], sheets[("carl", "2026-09")], "approve")
    url = f"/api/time/months/{p.id}"
    with count_queries() as q:
        everyone = client.get(url, headers=team.h["ada"]).get_json()["list"]
    assert [(s["user"]["name"], s["month"]) for s in everyone] == [
        ("Carl", "2026-10"), ("Sue", "2026-10"), ("Wanda Worker", "2026-10"),
        ("Carl", "2026-09"), ("Sue", "2026-09"), ("Wanda Worker", "2026-09")]
    by_key = {(s["user"]["name"], s["month"]): s for s in everyone}
    assert by_key[("Wanda Worker", "2026-09")]["totalMinutes"] == 120
    assert by_key[("Carl", "2026-09")]["totalMinutes"] == 30 and by_key[("Carl", "2026-10")]["totalMinutes"] == 45
    assert set(by_key[("Carl", "2026-09")]["links"]) == {"return", "pdf"}  # approved: returned to reopen it
    assert set(by_key[("Wanda Worker", "2026-10")]["links"]) == {"approve", "return", "pdf"}
    link = by_key[("Wanda Worker", "2026-10")]["links"]["approve"]
    assert (link["url"], link["operation"]) == (f"/api/time/month/approve/{sheets[('wanda', '2026-10')]}", "POST")
    submitted = client.get(url + "?state=SUBMITTED", headers=team.h["ada"]).get_json()["list"]
    assert len(submitted) == 5 and {s["state"] for s in submitted} == {"SUBMITTED"}
    assert len(client.get(url + "?month=2026-09&user=" + str(team.carl.id), headers=team.h["ada"])
               .get_json()["list"]) == 1
    # The supervisor decides everyone's but their own.
    sue = {(s["user"]["name"], s["month"]): s for s in client.get(url, headers=team.h["sue"]).get_json()["list"]}
    assert len(sue) == 6 and set(sue[("Sue", "2026-10")]["links"]) == {"pdf"}
    assert "approve" in sue[("Carl", "2026-10")]["links"]
    # A member sees their own only.
    own = client.get(url, headers=team.h["wanda"]).get_json()["list"]
    assert [(s["month"], set(s["links"])) for s in own] == [("2026-10", {"pdf"}), ("2026-09", {"pdf"})]
    assert client.get(url, headers=team.h["sam"]).status_code == 404
    assert client.get(url + "?state=NOPE", headers=team.h["ada"]).status_code == 400
    assert client.get(url + "?month=2026-9", headers=team.h["ada"]).status_code == 400
    # A fixed number of queries, whatever the rows.
    for month in ("2026-07", "2026-08"):
        for who in ("wanda", "carl", "sue", "vic"):
            submit(client, team.h[who], p, month)
    with count_queries() as more:
        assert len(client.get(url, headers=team.h["ada"]).get_json()["list"]) == 14
    # sign-in, the portal, the memberships, the sheets with their people, the months' totals
    assert q.count == more.count == 5, "\n\n".join(more.statements)


def test_the_portal_offers_its_timesheets(client, tree, team):
    link = client.get(f"/api/module/view/{tree.portal.id}", headers=team.h["ada"]).get_json()["item"]["links"]
    assert link["timesheets"]["url"] == f"/api/time/months/{tree.portal.id}"
    project = client.get(f"/api/module/view/{tree.project.id}", headers=team.h["ada"]).get_json()["item"]["links"]
    assert "timesheets" not in project


# --- the PDF -----------------------------------------------------------------------------------------------------

def _objects(data):
    return {int(n): body for n, body in re.findall(rb"(\d+) 0 obj\s(.*?)endobj", data, re.S)}


def _stream(body):
    raw = re.search(rb"stream\r?\n(.*?)\r?\nendstream", body, re.S).group(1)
    return zlib.decompress(raw) if b"/FlateDecode" in body else raw


def _literal(raw):
    """A PDF string literal's bytes, its escapes undone."""
    out, i = bytearray(), 0
    simple = {ord("n"): 10, ord("r"): 13, ord("t"): 9, ord("b"): 8, ord("f"): 12}
    while i < len(raw):
        c = raw[i]
        if c == 0x5C and i + 1 < len(raw):
            n = raw[i + 1]
            if 0x30 <= n <= 0x37:
                digits = re.match(rb"[0-7]{1,3}", raw[i + 1:i + 4]).group(0)
                out.append(int(digits, 8))
                i += 1 + len(digits)
                continue
            out.append(simple.get(n, n))
            i += 2
            continue
        out.append(c)
        i += 1
    return bytes(out)


def pdf_text(data):
    """The text a PDF shows (fpdf2's output: core fonts in Latin-1, embedded ones through their ToUnicode maps)."""
    objs = _objects(data)
    fonts = {}
    for body in objs.values():
        for name, ref in re.findall(rb"/(F\d+) (\d+) 0 R", body):
            m = re.search(rb"/ToUnicode (\d+) 0 R", objs[int(ref)])
            if m:
                pairs = re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", _stream(objs[int(m.group(1))]))
                fonts[name] = {int(a, 16): bytes.fromhex(b.decode()).decode("utf-16-be") for a, b in pairs}
            else:
                fonts[name] = None
    out = []
    for body in objs.values():
        if b"stream" not in body or b"/Length" not in body:
            continue
        content = _stream(body)
        if b" Tf" not in content:
            continue
        font = None
        for m in re.finditer(rb"/(F\d+) [\d.]+ Tf|\(((?:\\.|[^\\)])*)\) Tj", content, re.S):
            if m.group(1):
                font = fonts.get(m.group(1))
                continue
            raw = _literal(m.group(2))
            if font is None:
                out.append(raw.decode("latin-1"))
            else:
                out.append("".join(font.get(int.from_bytes(raw[k:k + 2], "big"), "?")
                                   for k in range(0, len(raw), 2)))
    return "\n".join(out)


def _month_for_pdf(client, tree, team):
    w, p = team.wanda, tree.portal
    w.name = "Zoë Müller-Worker"
    _db.session.commit()
    log(w, tree.task, "2026-10-05", 450, p)
    log(w, tree.other, "2026-10-06", 90, p)
    log(w, tree.other, "2026-10-06", 15, p)
    item = submit(client, team.h["wanda"], p, "2026-10")["item"]
    decide(client, team.h["sue"], item["id"], "approve", comment="Fine")
    return item


def test_the_month_as_a_pdf(client, tree, team, count_queries):
    item = _month_for_pdf(client, tree, team)
    url = item["links"]["pdf"]["url"]
    with count_queries() as q:
        r = client.get(url, headers=team.h["wanda"])
    assert r.status_code == 200 and r.mimetype == "application/pdf"
    assert r.data.startswith(b"%PDF")
    assert r.headers["Content-Disposition"] == 'attachment; filename="timesheet-Zoe-Muller-Worker-2026-10.pdf"'
    text = pdf_text(r.data)
    assert "Zoë Müller-Worker" in text and "Portal" in text and "2026-10" in text
    assert "9.25 h" in text  # the month's total: 7.5 + 1.75 hours
    assert "7.5" in text and "1.75" in text and "Approved" in text and "Sue" in text and "Fine" in text
    # Seen by its person and the deciders only.
    assert client.get(item["links"]["pdf"]["url"], headers=team.h["ada"]).status_code == 200
    assert client.get(item["links"]["pdf"]["url"], headers=team.h["carl"]).status_code == 404
    assert client.get("/api/time/month/pdf/2000000000", headers=team.h["ada"]).status_code == 404
    # A fixed number of queries, whatever the rows.
    more = [new_module(tree.phase, "4rineu_task", f"More {i}", idx=i + 5) for i in range(12)]
    w = _db.session.get(type(team.wanda), team.wanda.id)
    sheet = _db.session.get(Timesheet, item["id"])
    sheet.state = "SUBMITTED"
    _db.session.commit()
    for i, m in enumerate(more):
        log(w, m, f"2026-10-{i + 10:02d}", 30, tree.portal)
    with count_queries() as q2:
        assert client.get(url, headers=team.h["wanda"]).status_code == 200
    # sign-in, the sheet, its portal, the memberships, the decider, the entries, the modules, their ancestors'
    # names, the organisation (the person is the reader)
    assert q.count == q2.count == 9, "\n\n".join(q2.statements)


def test_the_pdf_without_a_unicode_font(client, tree, team, monkeypatch):
    monkeypatch.setattr(timesheets, "FONT_DIRS", ())
    item = _month_for_pdf(client, tree, team)
    r = client.get(item["links"]["pdf"]["url"], headers=team.h["ada"])
    assert r.status_code == 200 and r.data.startswith(b"%PDF")
    text = pdf_text(r.data)
    assert "Zoë Müller-Worker" in text and "9.25 h" in text
    assert "Project A > Phase 0 > Task 1" in text  # the trail's sign is no Latin-1
