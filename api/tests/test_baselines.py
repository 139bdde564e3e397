"""Baselines (issue 42, point 5): a named snapshot of a subtree's dates, one row per dated module, read-only; the
slip table in working days, sorted and as CSV; rights (saved by editors, read by viewers, rows the reader cannot
see left out); deleted with its module."""
import csv
import io

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import Baseline, BaselineDate

from .conftest import new_module, submit
from .test_scheduling import plan


def save(client, h, m, name, status=200):
    r = submit(client, h, f"/api/baseline/add/{m.id}", {"name": name})
    assert r.status_code == status, r.get_json()
    return r.get_json()


def test_a_baseline_keeps_the_dates_it_was_saved_with(client, tree, h, count_queries):
    t1, t2 = tree.task, new_module(tree.phase, "4rineu_task", "Task 2", idx=1)
    new_module(tree.phase, "4rineu_task", "Undated", idx=2)
    plan(client, h, tree.phase, "2026-03-02", "2026-03-31")
    plan(client, h, t1, "2026-03-02", "2026-03-06")
    plan(client, h, t2, "2026-03-09", "2026-03-13")
    with count_queries() as q:
        item = save(client, h, tree.phase, "Grant agreement")["item"]
    assert (item["name"], item["modules"]) == ("Grant agreement", 3)
    assert set(item["links"]) == {"slips", "delete"}
    plan(client, h, t2, "2026-03-09", "2026-03-20")  # a week late: five working days
    plan(client, h, t1, "2026-03-02", "2026-03-05")  # a day early
    body = client.get(item["links"]["slips"]["url"], headers=h).get_json()
    assert [(r["name"], r["slip"]) for r in body["list"]] == [("Task 2", 5), ("Phase 0", 0), ("Task 1", -1)]
    t2row = body["list"][0]
    assert (t2row["baseline"], t2row["current"]) == ({"startDate": "2026-03-09", "deadline": "2026-03-13"},
                                                     {"startDate": "2026-03-09", "deadline": "2026-03-20"})
    by_name = client.get(item["links"]["slips"]["url"] + "?sort=name", headers=h).get_json()["list"]
    assert [r["name"] for r in by_name] == ["Phase 0", "Task 1", "Task 2"]
    assert client.get(item["links"]["slips"]["url"] + "?sort=nope", headers=h).status_code == 400
    listed = client.get(f"/api/baseline/list/{tree.phase.id}", headers=h).get_json()["list"]
    assert [(b["name"], b["modules"]) for b in listed] == [("Grant agreement", 3)]
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(BaselineDate)) == 3


def test_the_slip_table_as_csv_is_safe_for_spreadsheets(client, tree, h):
    evil = new_module(tree.phase, "4rineu_task", "=HYPERLINK(\"http://x\")", idx=3)
    plan(client, h, evil, "2026-03-02", "2026-03-06")
    item = save(client, h, tree.phase, "Amendment 1")["item"]
    r = client.get(item["links"]["slips"]["url"] + "?format=csv", headers=h)
    assert r.status_code == 200 and r.mimetype == "text/csv"
    assert 'filename="slips-Amendment-1.csv"' in r.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(r.get_data(as_text=True))))
    assert rows[0] == ["Module", "Baseline start", "Baseline deadline", "Start", "Deadline", "Working days late"]
    assert rows[1] == ["'=HYPERLINK(\"http://x\")", "2026-03-02", "2026-03-06", "2026-03-02", "2026-03-06", "0"]


def test_rights_and_what_a_reader_sees(client, tree, h, make_user, grant, token_for):
    plan(client, h, tree.task, "2026-03-02", "2026-03-06")
    plan(client, h, tree.other, "2026-03-02", "2026-04-30")
    item = save(client, h, tree.portal, "Portal plan")["item"]
    viewer = make_user(name="Vera")
    grant(tree.project, viewer)
    hv = token_for(viewer)
    assert client.get(f"/api/baseline/list/{tree.portal.id}", headers=hv).status_code == 404
    editor = make_user(name="Eddie")
    grant(tree.portal, editor)
    grant(tree.project, editor, edit=True)
    he = token_for(editor)
    rows = client.get(item["links"]["slips"]["url"], headers=he).get_json()["list"]
    assert {r["name"] for r in rows} == {"Task 1", "Project B"}
    assert submit(client, he, f"/api/baseline/add/{tree.project.id}", {"name": "Mine"}).status_code == 200
    assert client.get(f"/api/baseline/add/{tree.portal.id}", headers=he).status_code == 403
    assert client.delete(f"/api/baseline/delete/{tree.portal.id}/{item['id']}", headers=he).status_code == 403
    other = save(client, h, tree.other, "Elsewhere")["item"]
    assert client.get(f"/api/baseline/slips/{tree.project.id}/{other['id']}", headers=h).status_code == 404
    assert save(client, h, tree.project, "", status=422)["errors"]["name"]


def test_a_baseline_is_read_only_and_goes_with_its_module(client, tree, h):
    plan(client, h, tree.task, "2026-03-02", "2026-03-06")
    item = save(client, h, tree.phase, "Grant agreement")["item"]
    assert client.put(item["links"]["slips"]["url"], headers=h).status_code == 405
    assert client.delete(item["links"]["delete"]["url"], headers=h).status_code == 200
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(BaselineDate)) == 0
    item = save(client, h, tree.phase, "Again")["item"]
    d = client.get(f"/api/module/view/{tree.phase.id}", headers=h).get_json()["item"]
    assert {"baselines", "add_baseline"} <= set(d["links"])
    r = client.delete(f"/api/module/delete/{tree.phase.id}", headers=h)
    assert r.status_code == 200, r.get_json()
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(Baseline)) == 0
