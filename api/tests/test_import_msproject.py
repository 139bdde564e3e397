"""MS Project XML import (issue 46, point 4): an MSPDI file as MS Project and ProjectLibre write it becomes the
import plan (outline, dates, milestones, links with type and lag, owners by e-mail, Baseline 0); hostile or foreign
files are refused before anything is expanded; an export read back gives the project it came from."""
from datetime import date
from xml.etree import ElementTree as ET

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import Baseline, Deliverable
from api.services import mspdi
from api.services.imports import msproject, writer
from api.services.imports.plan import Invalid

from .conftest import new_module, submit
from .test_scheduling import plan as schedule, relate

NS = {"p": mspdi.NS}
HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Project xmlns="http://schemas.microsoft.com/project">'


def task(uid, name, number, start=None, finish=None, summary=0, extra=""):
    level = 0 if number == "0" else number.count(".") + 1
    dates = f"<Start>{start}</Start><Finish>{finish}</Finish>" if start else ""
    return (f"<Task><UID>{uid}</UID><ID>{uid}</ID><Name>{name}</Name><Type>1</Type><IsNull>0</IsNull>"
            f"<OutlineNumber>{number}</OutlineNumber><OutlineLevel>{level}</OutlineLevel>{dates}"
            f"<Summary>{summary}</Summary>{extra}</Task>")


def link(uid, type_, lag=0, fmt=7):
    return (f"<PredecessorLink><PredecessorUID>{uid}</PredecessorUID><Type>{type_}</Type><CrossProject>0"
            f"</CrossProject><LinkLag>{lag}</LinkLag><LagFormat>{fmt}</LagFormat></PredecessorLink>")


def baseline(number, start, finish):
    return f"<Baseline><Number>{number}</Number><Start>{start}</Start><Finish>{finish}</Finish></Baseline>"


def resource(uid, name, email=None, type_=1):
    mail = f"<EmailAddress>{email}</EmailAddress>" if email else ""
    return f"<Resource><UID>{uid}</UID><ID>{uid}</ID><Name>{name}</Name><Type>{type_}</Type>{mail}</Resource>"


def assignment(uid, task_uid, resource_uid, units=1):
    return (f"<Assignment><UID>{uid}</UID><TaskUID>{task_uid}</TaskUID><ResourceUID>{resource_uid}</ResourceUID>"
            f"<Units>{units}</Units></Assignment>")


SAMPLE = HEAD + (
    "<SaveVersion>14</SaveVersion><Name>Retrofit.xml</Name><MinutesPerDay>480</MinutesPerDay>"
    "<Calendars><Calendar><UID>1</UID><Name>Standard</Name><IsBaseCalendar>1</IsBaseCalendar><Exceptions>"
    "<Exception><TimePeriod><FromDate>2026-03-19T00:00:00</FromDate><ToDate>2026-03-19T23:59:00</ToDate>"
    "</TimePeriod><Name>Saint Joseph</Name></Exception></Exceptions></Calendar></Calendars><Tasks>"
    + task(0, "Retrofit", "0", "2026-03-02T08:00:00", "2026-03-13T17:00:00", 1)
    + task(1, "WP1 Survey", "1", "2026-03-02T08:00:00", "2026-03-13T17:00:00", 1,
           baseline(0, "2026-03-02T08:00:00", "2026-03-12T17:00:00"))
    + task(2, "Site visits", "1.1", "2026-03-02T08:00:00", "2026-03-06T17:00:00", 0,
           "<PercentComplete>100</PercentComplete><ActualFinish>2026-03-05T17:00:00</ActualFinish>"
           "<Notes>Three buildings, &amp; the school.</Notes>"
           + baseline(0, "2026-03-02T08:00:00", "2026-03-05T17:00:00") + baseline(1, "2026-02-02T08:00:00",
                                                                                 "2026-02-05T17:00:00"))
    + task(3, "Audit", "1.2", "2026-03-09T08:00:00", "2026-03-13T17:00:00", 1,
           "<PercentComplete>40</PercentComplete>" + link(2, 1, 9600))
    + task(4, "Thermography", "1.2.1", "2026-03-09T08:00:00", "2026-03-11T17:00:00", 0, link(2, 3))
    + task(5, "Blower door", "1.2.2", "2026-03-11T08:00:00", "2026-03-13T00:00:00", 0, link(4, 0, -4800))
    + task(6, "Survey done", "2", "2026-03-13T17:00:00", "2026-03-13T17:00:00", 0,
           "<Milestone>1</Milestone>" + link(1, 1) + link(99, 1))
    + "<Task><UID>7</UID><ID>7</ID><IsNull>1</IsNull></Task>"
    + "</Tasks><Resources><Resource><UID>0</UID><ID>0</ID><Type>1</Type><IsNull>0</IsNull></Resource>"
    + resource(1, "Maria Keller", "maria@example.org") + resource(2, "Jan de Vries", "Jan@Example.org")
    + resource(3, "Concrete", type_=0)
    + "</Resources><Assignments>"
    + assignment(1, 2, 1) + assignment(2, 4, 2, 0) + assignment(3, 4, 1) + assignment(4, 5, 2)
    + assignment(5, 6, -65535) + assignment(6, 5, 3)
    + "</Assignments></Project>")


def deliverable(start, end, status="NOT_STARTED", owner=None, done=None, milestone=False):
    return {"status": status, "owner": owner, "startDate": start, "deadline": end, "completionDate": done,
            "milestone": milestone}


def module(uid, parent, name, kind, d, description=""):
    return {"key": f"task:{uid}", "parent": parent and f"task:{parent}", "name": name, "description": description,
            "kind": kind, "type": None, "deliverable": d, "values": {}, "members": [], "created": None,
            "author": None}


def test_an_ms_project_file_becomes_a_plan():
    p = msproject.read(SAMPLE.encode())
    assert p["source"] == "mspdi"
    assert p["modules"] == [
        module(1, None, "WP1 Survey", "container", deliverable("2026-03-02", "2026-03-13")),
        module(2, 1, "Site visits", "item",
               deliverable("2026-03-02", "2026-03-06", "COMPLETED", "r:1", "2026-03-05"),
               "Three buildings, & the school."),
        module(3, 1, "Audit", "container", deliverable("2026-03-09", "2026-03-13", "IN_PROGRESS")),
        module(4, 3, "Thermography", "item", deliverable("2026-03-09", "2026-03-11", owner="r:1")),
        # Finishing at midnight: the last working day is the day before.
        module(5, 3, "Blower door", "item", deliverable("2026-03-11", "2026-03-12", owner="r:2")),
        module(6, None, "Survey done", "item", deliverable("2026-03-13", "2026-03-13", milestone=True)),
    ]
    assert p["relations"] == [{"from": "task:2", "to": "task:3", "kind": "FS", "lag": 2},
                              {"from": "task:2", "to": "task:4", "kind": "SS", "lag": 0},
                              {"from": "task:4", "to": "task:5", "kind": "FF", "lag": -1},
                              {"from": "task:1", "to": "task:6", "kind": "FS", "lag": 0}]
    assert p["people"] == {"r:1": {"email": "maria@example.org", "name": "Maria Keller", "login": None},
                           "r:2": {"email": "jan@example.org", "name": "Jan de Vries", "login": None}}
    assert p["baselines"] == [{"name": "Baseline 0", "dates": {"task:1": ["2026-03-02", "2026-03-12"],
                                                               "task:2": ["2026-03-02", "2026-03-05"]}}]
    assert p["skipped"] == [
        {"what": "Task 7", "reason": "it is an empty row"},
        {"what": "Link from task 99 to 'Survey done'", "reason": "its predecessor is not imported"},
        {"what": "Assignment to 'Blower door'", "reason": "'Concrete' is a material or cost resource"},
        {"what": "Assignment of 'Jan de Vries' to 'Thermography'", "reason": "a deliverable has one owner: "
                                                                            "'Maria Keller'"},
        {"what": "Baselines 1", "reason": "only Baseline 0 is imported"},
        {"what": "Calendar exceptions",
         "reason": "holidays are not imported: set them in the portal's planning settings"}]
    for key in ("fields", "articles", "comments", "files", "time"):
        assert p[key] == []


def test_the_outline_number_stands_in_for_a_missing_level_and_lags_follow_the_files_day():
    tasks = "".join(f"<Task><UID>{u}</UID><Name>T{u}</Name><OutlineNumber>{n}</OutlineNumber>{x}</Task>"
                    for u, n, x in ((1, "1", ""), (2, "1.1", ""), (3, "1.1.1", link(2, 1, 4200)),
                                    (4, "2", link(3, 3, 14400, 8) + link(1, 1, 500, 19))))
    p = msproject.read((HEAD + "<MinutesPerDay>420</MinutesPerDay><Tasks>" + tasks + "</Tasks></Project>").encode())
    assert [(m["key"], m["parent"], m["deliverable"]) for m in p["modules"]] == [
        ("task:1", None, None), ("task:2", "task:1", None), ("task:3", "task:2", None), ("task:4", None, None)]
    # 420 minutes a day: 4200 tenths = one day; elapsed days count 24 hours; a percentage lag is dropped.
    assert [r["lag"] for r in p["relations"]] == [1, 1, 0]
    assert p["skipped"] == [{"what": "Link from task 1 to 'T4'",
                             "reason": "its lag is a percentage; it was imported without lag"}]


@pytest.mark.parametrize("data, message", [
    (b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>'
     b'<Project xmlns="http://schemas.microsoft.com/project"><Name>&lol2;</Name></Project>', "DOCTYPE"),
    (b'<?xml version="1.0"?><!DOCTYPE p SYSTEM "file:///etc/passwd"><p/>', "DOCTYPE"),
    (b"PK\x03\x04\x14\x00\x06\x00", "not well-formed XML"),
    (b"<Project><Tasks>", "not well-formed XML"),
    (b"", "not well-formed XML"),
    (b'<Project xmlns="http://schemas.microsoft.com/developer/msbuild/2003"/>', "not MS Project XML"),
    (b"<Project><Tasks/></Project>", "not MS Project XML"),
    (HEAD.encode() + b" " * msproject.MAX_BYTES + b"</Project>", "larger than 20 MB"),
    ((HEAD + "<Tasks>" + "<Task><UID>1</UID></Task>" * (msproject.MAX_TASKS + 2) + "</Tasks></Project>").encode(),
     "more than 20000 tasks"),
])
def test_hostile_and_foreign_files_are_refused(data, message):
    with pytest.raises(Invalid, match=message):
        msproject.read(data)


# --- round trip: the exporter's XML read back ------------------------------------------------------------------

def owned(m, user):
    d = _db.session.scalar(sa.select(Deliverable).where(Deliverable.module_id == m.id))
    d.owner_id = user.id
    _db.session.commit()


def planned_project(client, h, tree, make_user):
    """Project A: Phase 0 > Task 1 > Subtask 1, Phase 0 > Design, Report (a milestone); FS+2 and SS-1 links;
    owners; a baseline."""
    design = new_module(tree.phase, "4rineu_task", "Design & <build>", idx=1)
    report = new_module(tree.phase, "4rineu_task", "Report", idx=2)
    schedule(client, h, tree.phase, "2026-03-02", "2026-03-31")
    schedule(client, h, tree.task, "2026-03-02", "2026-03-06")
    schedule(client, h, tree.subtask, "2026-03-03", "2026-03-04")
    schedule(client, h, design, "2026-03-09", "2026-03-16", auto=True)
    schedule(client, h, report, "2026-03-20", "2026-03-20", milestone=True)
    relate(client, h, tree.task, design, "FS", 2)
    relate(client, h, design, report, "SS", -1)
    maria, jan = make_user(name="Maria Keller", email="maria@example.org"), make_user(name="Jan", email="jan@x.org")
    for m, who in ((tree.task, maria), (design, jan), (report, maria)):
        owned(m, who)
    b = submit(client, h, f"/api/baseline/add/{tree.project.id}", {"name": "Grant"}).get_json()["item"]
    return design, report, b


def export(client, h, module_id, baseline_id=None):
    r = client.get(f"/api/planning/mspdi/{module_id}" + (f"?baseline={baseline_id}" if baseline_id else ""),
                   headers=h)
    assert r.status_code == 200, r.get_data(as_text=True)[:300]
    return r.get_data()


def dates_of(m):
    d = _db.session.scalar(sa.select(Deliverable).where(Deliverable.module_id == m.id))
    _db.session.refresh(d)
    return [d.start_date.isoformat(), d.deadline.isoformat()]


def test_an_export_reads_back_as_the_project_it_came_from(client, tree, h, make_user):
    design, report, b = planned_project(client, h, tree, make_user)
    p = msproject.read(export(client, h, tree.project.id, b["id"]))
    by_name = {m["name"]: m for m in p["modules"]}
    assert list(by_name) == ["Phase 0", "Task 1", "Subtask 1", "Design & <build>", "Report"]
    key = {name: m["key"] for name, m in by_name.items()}
    assert [(m["name"], m["parent"], m["kind"]) for m in p["modules"]] == [
        ("Phase 0", None, "container"), ("Task 1", key["Phase 0"], "container"),
        ("Subtask 1", key["Task 1"], "item"), ("Design & <build>", key["Phase 0"], "item"),
        ("Report", key["Phase 0"], "item")]
    modules = {"Phase 0": tree.phase, "Task 1": tree.task, "Subtask 1": tree.subtask,
               "Design & <build>": design, "Report": report}
    for name, m in modules.items():
        d = by_name[name]["deliverable"]
        assert [d["startDate"], d["deadline"]] == dates_of(m), name
        assert d["milestone"] == (name == "Report")
    owners = {name: p["people"][m["deliverable"]["owner"]]["email"] for name, m in by_name.items()
              if m["deliverable"]["owner"]}
    assert owners == {"Task 1": "maria@example.org", "Design & <build>": "jan@x.org", "Report": "maria@example.org"}
    assert sorted(p["people"]) == ["r:1", "r:2"]
    assert p["relations"] == [
        {"from": key["Task 1"], "to": key["Design & <build>"], "kind": "FS", "lag": 2},
        {"from": key["Design & <build>"], "to": key["Report"], "kind": "SS", "lag": -1}]
    assert p["baselines"] == [{"name": "Baseline 0", "dates": {key[n]: dates_of(m) for n, m in modules.items()}}]
    assert p["skipped"] == []
    # Read twice, the same plan (nothing depends on the reading).
    assert msproject.read(export(client, h, tree.project.id, b["id"])) == p


def test_a_done_deliverable_reads_back_completed(client, tree, h):
    schedule(client, h, tree.task, "2026-03-02", "2026-03-06")
    d = _db.session.scalar(sa.select(Deliverable).where(Deliverable.module_id == tree.task.id))
    d.status, d.completion_date = "COMPLETED", date(2026, 3, 5)
    _db.session.commit()
    p = msproject.read(export(client, h, tree.phase.id))
    assert [(m["name"], m["deliverable"] and m["deliverable"]["status"]) for m in p["modules"]] == [
        ("Task 1", "COMPLETED"), ("Subtask 1", None)]
    assert p["modules"][0]["deliverable"]["completionDate"] == "2026-03-05"  # its actual finish


@pytest.mark.parametrize("status, read_as", [("IN_PROGRESS", "IN_PROGRESS"), ("BLOCKED", "IN_PROGRESS"),
                                             ("NOT_STARTED", "NOT_STARTED")])
def test_work_begun_reads_back_in_progress(client, tree, h, status, read_as):
    schedule(client, h, tree.task, "2026-03-02", "2026-03-06")
    _db.session.scalar(sa.select(Deliverable).where(Deliverable.module_id == tree.task.id)).status = status
    _db.session.commit()
    p = msproject.read(export(client, h, tree.phase.id))
    assert p["modules"][0]["deliverable"]["status"] == read_as


# --- round trip through the writer: export, import into another portal, export again ---------------------------

def tasks_of(data):
    """The tasks of an export but its project summary, by name: what MS Project shows of each, links by name."""
    root = ET.fromstring(data)
    tasks = root.findall("p:Tasks/p:Task", NS)[1:]
    name = {t.find("p:UID", NS).text: t.find("p:Name", NS).text for t in tasks}
    texts = lambda el, tags: tuple(el.findtext(f"p:{tag}", None, NS) for tag in tags)  # noqa: E731
    owner = {a.findtext("p:TaskUID", None, NS): a.findtext("p:ResourceUID", None, NS)
             for a in root.findall("p:Assignments/p:Assignment", NS)}
    email = {r.findtext("p:UID", None, NS): texts(r, ("Name", "EmailAddress"))
             for r in root.findall("p:Resources/p:Resource", NS)}
    return {name[t.findtext("p:UID", None, NS)]: {
        "task": texts(t, ("OutlineNumber", "OutlineLevel", "Start", "Finish", "Duration", "Milestone", "Summary",
                          "PercentComplete")),
        "links": [(name[k.findtext("p:PredecessorUID", None, NS)],) + texts(k, ("Type", "LinkLag", "LagFormat"))
                  for k in t.findall("p:PredecessorLink", NS)],
        "baseline": [texts(b, ("Number", "Start", "Finish", "Duration")) for b in t.findall("p:Baseline", NS)],
        "owner": email.get(owner.get(t.findtext("p:UID", None, NS)))} for t in tasks}


def test_export_import_export_gives_the_same_tasks(client, tree, h, su, make_user):
    design, report, b = planned_project(client, h, tree, make_user)
    first = export(client, h, tree.project.id, b["id"])
    other = new_module(name="Portal 2")
    report_ = writer.write(su, other, msproject.read(first), source="mspdi")
    assert report_["created"]["modules"] == 5 and report_["created"]["relations"] == 2
    assert report_["created"]["people"] == 0  # both owners found by e-mail
    imported = _db.session.scalar(sa.select(Baseline).where(Baseline.name == "Baseline 0"))
    second = mspdi.export(su, other, imported).encode()
    before, after = tasks_of(first), tasks_of(second)
    assert list(after) == ["Phase 0", "Task 1", "Subtask 1", "Design & <build>", "Report"]
    assert after == before
    assert after["Design & <build>"]["links"] == [("Task 1", "1", "9600", "7")]
    assert after["Report"]["owner"] == ("Maria Keller", "maria@example.org")
