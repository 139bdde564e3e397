"""MS Project XML (issue 42, point 8): well-formed MSPDI with what MS Project needs (tasks with UID, ID, name,
outline number and level, start, finish, duration; predecessor links with type and lag in tenths of minutes;
milestones; summary tasks; the calendar with the holidays; Baseline 0), only the reader's rows."""
from xml.etree import ElementTree as ET

import pytest

from api.extensions import db
from api.models import Deliverable

from .conftest import new_module, submit
from .test_scheduling import plan, relate

NS = {"p": "http://schemas.microsoft.com/project"}


def xml(client, h, url):
    r = client.get(url, headers=h)
    assert r.status_code == 200, r.get_data(as_text=True)[:300]
    assert r.mimetype == "application/xml"
    return ET.fromstring(r.get_data())


def test_a_subtree_as_ms_project_xml(client, tree, h):
    t2 = new_module(tree.phase, "4rineu_task", "Design & <build>", idx=1)
    m = new_module(tree.phase, "4rineu_task", "Report", idx=2)
    submit(client, h, f"/api/planning/settings/{tree.portal.id}", {"holidays": "2026-03-13 Founders' Day"},
           method="PUT")
    plan(client, h, tree.task, "2026-03-02", "2026-03-06")
    plan(client, h, t2, "2026-03-09", "2026-03-16", auto=True)
    plan(client, h, m, "2026-03-20", "2026-03-20", milestone=True)
    relate(client, h, tree.task, t2, "FS", 2)
    relate(client, h, t2, m, "SS", -1)
    b = submit(client, h, f"/api/baseline/add/{tree.project.id}", {"name": "Grant"}).get_json()["item"]
    root = xml(client, h, f"/api/planning/mspdi/{tree.project.id}?baseline={b['id']}")
    assert root.find("p:Name", NS).text == "Project A"
    tasks = {t.find("p:Name", NS).text: t for t in root.findall("p:Tasks/p:Task", NS)}
    assert list(tasks) == ["Project A", "Phase 0", "Task 1", "Subtask 1", "Design & <build>", "Report"]
    get = lambda name, tag: tasks[name].find(f"p:{tag}", NS).text  # noqa: E731
    assert [get(n, "OutlineNumber") for n in list(tasks)[1:]] == ["1", "1.1", "1.1.1", "1.2", "1.3"]
    assert [get(n, "OutlineLevel") for n in list(tasks)[1:]] == ["1", "2", "3", "2", "2"]
    assert (get("Phase 0", "Summary"), get("Task 1", "Summary"), get("Report", "Summary")) == ("1", "1", "0")
    design = tasks["Design & <build>"]
    # Moved by the relation: two working days after Task 1, keeping its five working days (13 March is off).
    assert (get("Design & <build>", "Start"), get("Design & <build>", "Finish")) == ("2026-03-11T08:00:00",
                                                                                       "2026-03-18T17:00:00")
    assert get("Design & <build>", "Duration") == "PT40H0M0S" and get("Design & <build>", "Manual") == "0"
    link = design.find("p:PredecessorLink", NS)
    assert (link.find("p:PredecessorUID", NS).text, link.find("p:Type", NS).text,
            link.find("p:LinkLag", NS).text) == (get("Task 1", "UID"), "1", "9600")
    assert tasks["Report"].find("p:PredecessorLink/p:Type", NS).text == "3"
    assert (get("Report", "Milestone"), get("Report", "Duration")) == ("1", "PT0H0M0S")
    assert design.find("p:Baseline/p:Start", NS).text == "2026-03-11T08:00:00"  # as saved, after the move
    exception = root.find("p:Calendars/p:Calendar/p:Exceptions/p:Exception", NS)
    assert exception.find("p:Name", NS).text == "Founders' Day"
    assert exception.find("p:TimePeriod/p:FromDate", NS).text == "2026-03-13T00:00:00"


def test_only_what_the_reader_sees(client, tree, h, make_user, grant, token_for):
    plan(client, h, tree.task, "2026-03-02", "2026-03-06")
    reader = make_user(name="Rita")
    grant(tree.phase, reader)
    hr = token_for(reader)
    assert client.get(f"/api/planning/mspdi/{tree.project.id}", headers=hr).status_code == 404
    root = xml(client, hr, f"/api/planning/mspdi/{tree.phase.id}")
    assert [t.find("p:Name", NS).text for t in root.findall("p:Tasks/p:Task", NS)] == ["Phase 0", "Task 1",
                                                                                       "Subtask 1"]
    assert client.get(f"/api/planning/mspdi/{tree.phase.id}?baseline=x", headers=hr).status_code == 400
    assert client.get(f"/api/planning/mspdi/{tree.phase.id}?baseline=999", headers=hr).status_code == 404


def test_owners_as_resources_assigned_to_their_tasks(client, tree, h, make_user):
    """Issue 46: a work resource per owner (name and e-mail, by which the import finds people), each owned task
    assigned to its owner; after the tasks, as MSPDI orders them."""
    report = new_module(tree.phase, "4rineu_task", "Report", idx=1)
    for m in (tree.phase, tree.task, tree.subtask, report):
        plan(client, h, m, "2026-03-02", "2026-03-06")
    maria, jan = make_user(name="Maria <Keller>", email="maria@example.org"), make_user(name="Jan", email="j@x.org")
    for m, who in ((tree.task, jan), (tree.subtask, maria), (report, jan)):
        db.session.scalar(db.select(Deliverable).where(Deliverable.module_id == m.id)).owner_id = who.id
    db.session.commit()
    root = xml(client, h, f"/api/planning/mspdi/{tree.project.id}")
    assert [e.tag.split("}")[1] for e in root][-3:] == ["Tasks", "Resources", "Assignments"]
    resources = [{c.tag.split("}")[1]: c.text for c in r} for r in root.findall("p:Resources/p:Resource", NS)]
    assert resources == [{"UID": "1", "ID": "1", "Name": "Jan", "Type": "1", "EmailAddress": "j@x.org"},
                         {"UID": "2", "ID": "2", "Name": "Maria <Keller>", "Type": "1",
                          "EmailAddress": "maria@example.org"}]
    uid = {t.find("p:Name", NS).text: t.find("p:UID", NS).text for t in root.findall("p:Tasks/p:Task", NS)}
    assert [(a.find("p:TaskUID", NS).text, a.find("p:ResourceUID", NS).text, a.find("p:Units", NS).text)
            for a in root.findall("p:Assignments/p:Assignment", NS)] == [
        (uid["Task 1"], "1", "1"), (uid["Subtask 1"], "2", "1"), (uid["Report"], "1", "1")]


def test_no_owners_no_resources(client, tree, h):
    plan(client, h, tree.task, "2026-03-02", "2026-03-06")
    root = xml(client, h, f"/api/planning/mspdi/{tree.project.id}")
    assert root.find("p:Resources", NS) is None and root.find("p:Assignments", NS) is None
