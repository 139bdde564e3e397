"""Issue 45: a project's effort plan (read, saved, imported from CSV) and its effort report (person-months per work
package and organisation for a period, against the plan; CSV and XLSX), and the time list's spreadsheets.

The fixture's known answers: hours per person-month 143.33, so one person-month is 8,599.8 minutes; the project runs
from 2024-01-01 to 2026-12-31 (M1-M36), the portal's periods are M1-M18 (2024-01-01 to 2025-06-30) and M19-M36
(2025-07-01 to 2026-12-31), each half of the project; 'today' is 2026-01-15 (M1-M18 is over, M19-M36 is not)."""
import csv
import io
from datetime import date
from types import SimpleNamespace

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import Deliverable, FeedEntry
from api.models.effort import EffortPlan, EffortSettings, TimeEntry
from api.services import effort

from .conftest import new_grant, new_module

PM = 8599.8  # minutes in a person-month at 143.33 hours


@pytest.fixture(autouse=True)
def _today(monkeypatch):
    monkeypatch.setattr(effort, "today", lambda: date(2026, 1, 15))


def entry(module, user, day, minutes, organisation, portal):
    _db.session.add(TimeEntry(module_id=module.id, portal_id=portal.id, user_id=user.id, day=date.fromisoformat(day),
                              minutes=minutes, organisation=organisation, note=""))


def plan_rows(*cells):
    for module, org, pm in cells:
        _db.session.add(EffortPlan(module_id=module.id, organisation=org, person_months=pm))


@pytest.fixture
def world(tree, make_user):
    """Project A's work packages WP1 (the tree's phase, with its task and subtask) and WP2; Alice of Org A, Carol
    of Org B, and Bob, who moved from Org A to Org B on 2025-07-01."""
    t = tree
    wp1, wp2 = t.phase, new_module(t.project, "4rineu_phase", "WP2", idx=1)
    alice, bob, carol = (make_user(name=n) for n in ("Alice", "Bob", "Carol"))
    _db.session.add(Deliverable(module_id=t.project.id, status="IN_PROGRESS", start_date=date(2024, 1, 1),
                                deadline=date(2026, 12, 31)))
    _db.session.add(EffortSettings(portal_id=t.portal.id, hours_per_pm=143.33, periods="M1-M18\nM19-M36"))
    plan_rows((wp1, "Org A", 4), (wp1, "Org B", 2), (wp2, "Org A", 1))
    p = t.portal
    # M1-M18
    entry(t.task, alice, "2024-01-01", 8600, "Org A", p)      # the first day of M1
    entry(t.subtask, alice, "2025-06-30", 4300, "Org A", p)   # the last day of M18 (a package's subtree counts)
    entry(wp1, bob, "2025-03-10", 4300, "Org A", p)           # Bob still of Org A
    entry(wp1, carol, "2024-06-03", 9000, "Org B", p)
    entry(wp2, carol, "2024-05-05", 240, "Org B", p)          # nothing planned for Org B on WP2
    # M19-M36
    entry(wp1, bob, "2025-07-01", 4300, "Org B", p)           # the first day of M19: Bob now of Org B
    entry(wp2, alice, "2025-08-01", 6000, "Org A", p)
    entry(t.project, alice, "2025-09-01", 120, "Org A", p)    # on the project itself
    # outside every period, and another project's
    entry(wp1, alice, "2023-12-31", 500, "Org A", p)
    entry(t.other, alice, "2024-02-01", 9999, "Org A", p)
    _db.session.commit()
    return SimpleNamespace(tree=t, project=t.project, wp1=wp1, wp2=wp2, alice=alice, bob=bob, carol=carol)


def get_report(client, h, w, query="", status=200):
    r = client.get(f"/api/time/report/{w.project.id}{query}", headers=h)
    assert r.status_code == status, r.get_json()
    return r.get_json()


def cells_of(body):
    return {(c["moduleId"], c["organisation"]): (c["plannedPm"], c["actualPm"], c["status"]) for c in body["cells"]}


def test_the_report_of_each_period_in_person_months(client, h, world):
    w = world
    body = get_report(client, h, w, "?period=M1-M18")
    assert body["period"] == {"name": "M1-M18", "from": "2024-01-01", "to": "2025-06-30", "ended": True}
    assert body["project"] == {"id": w.project.id, "name": "Project A", "start": "2024-01-01",
                               "deadline": "2026-12-31"}
    assert (body["hoursPerPersonMonth"], body["share"], body["by"]) == (143.33, 0.5, ["organisation", "module"])
    assert body["organisations"] == ["Org A", "Org B"]
    assert body["packages"] == [{"id": w.wp1.id, "name": "Phase 0"}, {"id": w.wp2.id, "name": "WP2"}]
    # planned: half the plan; actual: 17,200 min = 2.00 PM; 9,000 = 1.05; nothing; 240 = 0.03
    assert cells_of(body) == {(w.wp1.id, "Org A"): (2.0, 2.0, "ok"), (w.wp1.id, "Org B"): (1.0, 1.05, "over"),
                              (w.wp2.id, "Org A"): (0.5, 0.0, "under"), (w.wp2.id, "Org B"): (0.0, 0.03, "unplanned")}
    first = body["cells"][0]
    assert (first["minutes"], first["hours"], first["plannedTotalPm"]) == (17200, 286.67, 4.0)
    t = body["totals"]
    assert (t["plannedPm"], t["actualPm"], t["minutes"], t["status"]) == (3.5, 3.07, 26440, "under")
    assert {k: (v["plannedPm"], v["actualPm"], v["status"]) for k, v in t["byPackage"].items()} == {
        str(w.wp1.id): (3.0, 3.05, "over"), str(w.wp2.id): (0.5, 0.03, "under")}
    assert {k: (v["plannedPm"], v["actualPm"], v["status"]) for k, v in t["byOrganisation"].items()} == {
        "Org A": (2.5, 2.0, "under"), "Org B": (1.0, 1.07, "over")}
    assert "90%" in body["rule"]

    body = get_report(client, h, w, "?period=M19-M36")
    assert body["period"] == {"name": "M19-M36", "from": "2025-07-01", "to": "2026-12-31", "ended": False}
    # Bob's M19 day counts to Org B; the project's own time shows under the project's id, listed last.
    assert cells_of(body) == {(w.wp1.id, "Org A"): (2.0, 0.0, "ok"), (w.wp1.id, "Org B"): (1.0, 0.5, "ok"),
                              (w.wp2.id, "Org A"): (0.5, 0.7, "over"),
                              (w.project.id, "Org A"): (0.0, 0.01, "unplanned")}
    assert body["packages"][-1] == {"id": w.project.id, "name": "Project A"}

    body = get_report(client, h, w)  # all time: the whole plan, every entry of the project (the one before M1 too)
    assert (body["period"]["name"], body["period"]["from"], body["share"]) == ("all", None, 1.0)
    assert cells_of(body) == {(w.wp1.id, "Org A"): (4.0, 2.06, "ok"), (w.wp1.id, "Org B"): (2.0, 1.55, "ok"),
                              (w.wp2.id, "Org A"): (1.0, 0.7, "ok"), (w.wp2.id, "Org B"): (0.0, 0.03, "unplanned"),
                              (w.project.id, "Org A"): (0.0, 0.01, "unplanned")}
    assert body["totals"]["minutes"] == 17700 + 13300 + 240 + 6000 + 120

    body = get_report(client, h, w, "?from=2025-06-30&to=2025-07-01")  # the two boundary days
    assert body["period"] == {"name": "custom", "from": "2025-06-30", "to": "2025-07-01", "ended": True}
    assert {(c["moduleId"], c["organisation"]): c["minutes"] for c in body["cells"]} == {
        (w.wp1.id, "Org A"): 4300, (w.wp1.id, "Org B"): 4300, (w.wp2.id, "Org A"): 0}


def test_the_report_grouped_by_package_or_by_organisation(client, h, world):
    w = world
    body = get_report(client, h, w, "?period=M1-M18&by=module")
    assert body["by"] == ["module"]
    assert cells_of(body) == {(w.wp1.id, None): (3.0, 3.05, "over"), (w.wp2.id, None): (0.5, 0.03, "under")}
    body = get_report(client, h, w, "?period=M1-M18&by=organisation")
    assert cells_of(body) == {(None, "Org A"): (2.5, 2.0, "under"), (None, "Org B"): (1.0, 1.07, "over")}
    assert body["links"]["csv"]["url"] == f"/api/time/report/{w.project.id}?period=M1-M18&by=organisation&format=csv"


def test_what_the_report_refuses(client, h, world, tree, make_user, grant, token_for):
    w = world
    assert get_report(client, h, w, "?period=M2-M3", 400)["errors"]["period"] == ["One of all, M1-M18, M19-M36"]
    assert "by" in get_report(client, h, w, "?by=person", 400)["errors"]
    assert "format" in get_report(client, h, w, "?format=pdf", 400)["errors"]
    assert set(get_report(client, h, w, "?from=2025-01-01", 400)["errors"]) == {"to"}
    assert set(get_report(client, h, w, "?from=2025-02-01&to=2025-01-01", 400)["errors"]) == {"to"}
    assert set(get_report(client, h, w, "?from=2025-02-30&to=2025-03-01", 400)["errors"]) == {"from"}
    _db.session.execute(sa.update(Deliverable).where(Deliverable.module_id == w.project.id).values(start_date=None))
    _db.session.commit()
    body = get_report(client, h, w, "?period=M1-M18", 422)
    assert body["error"] == "Set the project's start date first" and "period" in body["errors"]
    assert get_report(client, h, w)["period"]["name"] == "all"  # all time needs no month
    viewer, stranger = make_user(name="Vera"), make_user(name="Sam")
    grant(tree.project, viewer)
    hv, hs = token_for(viewer), token_for(stranger)
    assert client.get(f"/api/time/report/{w.project.id}", headers=hv).status_code == 200
    assert client.get(f"/api/time/report/{w.project.id}", headers=hs).status_code == 404
    assert client.get(f"/api/time/report/{w.wp1.id}", headers=hv).status_code == 403  # not a project
    assert client.get(f"/api/time/plan/{w.project.id}", headers=hv).status_code == 403  # the plan is the editors'


def _bigger(w, portal):
    """Many more packages, organisations, people and entries."""
    people = [SimpleNamespace(id=w.alice.id), SimpleNamespace(id=w.bob.id), SimpleNamespace(id=w.carol.id)]
    for k in range(6):
        wp = new_module(w.project, "4rineu_phase", f"WP{k + 3}", idx=k + 2, commit=False)
        task = new_module(wp, "4rineu_task", f"Task of WP{k + 3}", commit=False)
        plan_rows((wp, f"Org {k}", 1.5), (wp, "Org A", 0.25))
        for d in range(1, 28):
            for n, person in enumerate(people):
                entry(task if d % 2 else wp, person, f"2025-{(d % 12) + 1:02d}-{d:02d}", 60 + d, f"Org {n + k}", portal)
    _db.session.commit()


def test_the_report_and_the_plan_cost_a_fixed_number_of_queries(client, h, world, count_queries):
    w = world

    def measure(url):
        client.get(url, headers=h)
        with count_queries() as q:
            r = client.get(url, headers=h)
        assert r.status_code == 200
        return q.count, r.get_json()

    urls = [f"/api/time/report/{w.project.id}?period=M1-M18", f"/api/time/report/{w.project.id}",
            f"/api/time/plan/{w.project.id}"]
    small = [measure(u) for u in urls]
    _bigger(w, w.tree.portal)
    large = [measure(u) for u in urls]
    assert [n for n, _ in small] == [n for n, _ in large]
    assert len(large[0][1]["cells"]) > 3 * len(small[0][1]["cells"])
    # the signed-in superuser (no memberships to read) and the project, then the report's six queries (the
    # settings' two, the project's dates, its packages, its plan, the entries) or the plan's five
    assert [n for n, _ in small] == [8, 8, 7]


def test_the_report_as_csv_and_xlsx_the_same_period_and_grouping_formula_safe(client, h, world):
    from openpyxl import load_workbook
    w = world
    w.wp2.name = "=HYPERLINK(\"http://x\")"
    _db.session.add(EffortPlan(module_id=w.wp2.id, organisation="+Evil", person_months=1))
    _db.session.commit()
    body = get_report(client, h, w, "?period=M1-M18&by=module,organisation")
    assert body["links"]["csv"]["url"] == f"/api/time/report/{w.project.id}?period=M1-M18&by=organisation,module" \
                                          "&format=csv"
    r = client.get(body["links"]["csv"]["url"], headers=h)
    assert r.status_code == 200 and r.mimetype == "text/csv"
    assert 'filename="effort-Project-A-M1-M18.csv"' in r.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(r.get_data(as_text=True))))
    assert rows[0] == ["Work package", "Organisation", "Planned person-months", "Actual person-months", "Hours",
                       "Status"]
    assert rows[1] == ["Phase 0", "Org A", "2.0", "2.0", "286.67", "On plan"]
    assert rows[3][:2] == ["'=HYPERLINK(\"http://x\")", "'+Evil"]  # (organisations sorted without case)
    assert rows[-1] == ["Total", "", "4.0", "3.07", "440.67", "Under"]
    assert len(rows) == 1 + 5 + 1

    r = client.get(body["links"]["xlsx"]["url"], headers=h)
    assert r.status_code == 200 and r.mimetype == effort.XLSX
    ws = load_workbook(io.BytesIO(r.data)).active
    values = [[c.value for c in row] for row in ws.iter_rows()]
    assert values[0][0] == "Project A" and values[1][:2] == ["Period", "M1-M18: 2024-01-01 – 2025-06-30"]
    header = values.index(["Work package", "Organisation", "Planned person-months", "Actual person-months", "Hours",
                           "Status"])
    assert values[header + 1] == ["Phase 0", "Org A", 2, 2, 286.67, "On plan"]
    assert values[header + 3][:2] == ["'=HYPERLINK(\"http://x\")", "'+Evil"]
    assert all(c.data_type != "f" for row in ws.iter_rows() for c in row)
    assert values[-1] == ["Total", None, 4, 3.07, 440.67, "Under"]

    r = client.get(f"/api/time/report/{w.project.id}?from=2025-06-30&to=2025-07-01&by=module&format=csv", headers=h)
    rows = list(csv.reader(io.StringIO(r.get_data(as_text=True))))
    assert rows[0][0] == "Work package" and "Organisation" not in rows[0]
    assert 'filename="effort-Project-A-2025-06-30-2025-07-01.csv"' in r.headers["Content-Disposition"]
    w.project.name = "Проект Ω"
    _db.session.commit()
    r = client.get(f"/api/time/report/{w.project.id}?format=xlsx", headers=h)
    assert r.status_code == 200
    assert r.headers["Content-Disposition"] == (
        "attachment; filename=\"effort-all.xlsx\"; "
        "filename*=UTF-8''effort-%D0%9F%D1%80%D0%BE%D0%B5%D0%BA%D1%82-%CE%A9-all.xlsx")


def plan_of(client, headers, project, status=200):
    r = client.get(f"/api/time/plan/{project.id}", headers=headers)
    assert r.status_code == status, r.get_json()
    return r.get_json()


def put_plan(client, headers, project, cells, status=200):
    r = client.put(f"/api/time/plan/{project.id}", headers=headers, json={"cells": cells})
    assert r.status_code == status, r.get_json()
    return r.get_json()


def test_the_plan_is_read_and_set_by_the_projects_editors(client, world, tree, make_user, grant, token_for):
    w = world
    editor = make_user(name="Eddie")
    m = new_grant(tree.project, editor, edit=True)
    m.organisation = "Org C"
    _db.session.commit()
    he = token_for(editor)
    body = plan_of(client, he, w.project)
    assert body["organisations"] == ["Org A", "Org B", "Org C"]
    assert body["packages"] == [{"id": w.wp1.id, "name": "Phase 0"}, {"id": w.wp2.id, "name": "WP2"}]
    assert body["cells"] == {str(w.wp1.id): {"Org A": 4.0, "Org B": 2.0}, str(w.wp2.id): {"Org A": 1.0}}
    assert body["totals"] == {"byPackage": {str(w.wp1.id): 6.0, str(w.wp2.id): 1.0},
                              "byOrganisation": {"Org A": 5.0, "Org B": 2.0}, "personMonths": 7.0}
    assert (body["links"]["save"]["url"], body["links"]["save"]["operation"]) == (f"/api/time/plan/{w.project.id}",
                                                                                  "PUT")
    assert body["links"]["import"]["url"] == f"/api/time/plan/import/{w.project.id}"

    feed_before = _db.session.scalar(sa.select(sa.func.count()).select_from(FeedEntry))
    body = put_plan(client, he, w.project, [
        {"moduleId": w.wp1.id, "organisation": " Org C ", "personMonths": 1.255},   # added (rounded)
        {"moduleId": w.wp1.id, "organisation": "Org B", "personMonths": 0},         # removed
        {"moduleId": w.wp2.id, "organisation": "Org A", "personMonths": None},      # removed
        {"moduleId": w.wp2.id, "organisation": "Org B", "personMonths": "2.5"}])    # added
    assert body["cells"] == {str(w.wp1.id): {"Org A": 4.0, "Org C": 1.26}, str(w.wp2.id): {"Org B": 2.5}}
    assert body["totals"]["personMonths"] == 7.76
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(FeedEntry)) == feed_before + 1

    errors = put_plan(client, he, w.project, [
        {"moduleId": w.wp1.id, "organisation": "Org A", "personMonths": 3},
        {"moduleId": w.wp1.id, "organisation": "Org D", "personMonths": 10000},        # too much
        {"moduleId": w.wp1.id, "organisation": "", "personMonths": 1},                 # no organisation
        {"moduleId": "x", "organisation": "Org A"}], 422)["errors"]
    assert errors == {"cells[1][personMonths]": ["A number from 0 to 9,999.99"],
                      "cells[2][organisation]": ["From 1 to 200 characters"],
                      "cells[3][moduleId]": ["Not a valid integer."]}
    errors = put_plan(client, he, w.project, [
        {"moduleId": w.wp1.id, "organisation": "Org A", "personMonths": 3},
        {"moduleId": tree.task.id, "organisation": "Org A", "personMonths": 1},        # not a work package
        {"moduleId": w.wp1.id, "organisation": "Org A ", "personMonths": 2},           # twice
        {"moduleId": w.wp1.id, "organisation": "  ", "personMonths": 1}], 422)["errors"]
    assert errors == {"cells[1][moduleId]": ["Not a work package of this project"],
                      "cells[2][organisation]": ["This cell is given twice"],
                      "cells[3][organisation]": ["Organisation is required"]}
    assert plan_of(client, he, w.project)["cells"][str(w.wp1.id)]["Org A"] == 4.0  # nothing saved
    assert client.put(f"/api/time/plan/{w.project.id}", headers=he, json={}).status_code == 422

    viewer = make_user(name="Vera")
    grant(tree.project, viewer)
    hv = token_for(viewer)
    assert client.put(f"/api/time/plan/{w.project.id}", headers=hv, json={"cells": []}).status_code == 403
    assert plan_of(client, he, w.wp1, 403)
    w.project.locked = True
    _db.session.commit()
    assert put_plan(client, he, w.project, [], 423)
    assert plan_of(client, he, w.project, 423)


def import_csv(client, headers, project, text, status=200, name="plan.csv"):
    data = text.encode("utf-8") if isinstance(text, str) else text
    r = client.post(f"/api/time/plan/import/{project.id}", headers=headers,
                    data={"file": (io.BytesIO(data), name)}, content_type="multipart/form-data")
    assert r.status_code == status, r.get_json()
    return r.get_json()


def test_a_plan_is_imported_from_csv_whole_or_not_at_all(client, h, world):
    w = world
    body = import_csv(client, h, w.project, "Work package,Organisation,Person-months\n"
                                            f"{w.wp2.id},Org B,3.5\nphase 0,Org A,0\n\nWP2,=Org E,1\n")
    assert body["imported"] == 3
    assert body["cells"] == {str(w.wp1.id): {"Org B": 2.0}, str(w.wp2.id): {"=Org E": 1.0, "Org A": 1.0,
                                                                             "Org B": 3.5}}
    # Excel's ';' and decimal commas, its byte order mark, its Western encoding
    body = import_csv(client, h, w.project, "person-months;organisation;work package\r\n2,5;Org Ä;WP2\r\n"
                      .encode("cp1252"))
    assert body["cells"][str(w.wp2.id)]["Org Ä"] == 2.5
    body = import_csv(client, h, w.project, "\ufeffwork package\torganisation\tperson-months\nWP2\tOrg Ö\t0.25\n")
    assert body["cells"][str(w.wp2.id)]["Org Ö"] == 0.25

    before = plan_of(client, h, w.project)["cells"]
    errors = import_csv(client, h, w.project, "work package,organisation,person-months\n"
                                              "WP2,Org A,7\nNope,Org A,1\nWP2,,1\nWP2,Org F,lots\nWP2,Org G,10000\n"
                                              "WP2,Org A,2\n", 422)["errors"]["file"]
    assert errors == ["Line 3: no work package 'Nope' in this project", "Line 4: the organisation is missing",
                      "Line 5: 'lots' is no number of person-months", "Line 6: person-months from 0 to 9,999.99",
                      "Line 7: the same work package and organisation as line 2"]
    assert plan_of(client, h, w.project)["cells"] == before  # nothing saved
    new_module(w.project, "4rineu_phase", "WP2", idx=5)
    errors = import_csv(client, h, w.project, "work package,organisation,person-months\nWP2,Org A,1\n", 422)
    assert errors["errors"]["file"] == ["Line 2: several work packages are named 'WP2': give its id"]
    assert import_csv(client, h, w.project, "a,b,c\n1,2,3\n", 422)["errors"]["file"][0].startswith("Line 1:")
    assert import_csv(client, h, w.project, "work package,organisation,person-months\n", 422)["errors"]["file"] == [
        "The file has no cells below its header"]
    big = "work package,organisation,person-months\n" + "WP1,Org A,1\n" * 100_000
    assert import_csv(client, h, w.project, big, 422)["errors"]["file"] == ["The file may be at most 1 MB"]
    r = client.post(f"/api/time/plan/import/{w.project.id}", headers=h, data={})
    assert r.status_code == 422 and "file" in r.get_json()["errors"]


def test_the_projects_links(client, h, world, tree, make_user, grant, token_for):
    w = world
    viewer, editor = make_user(name="Vera"), make_user(name="Eddie")
    grant(tree.project, viewer)
    grant(tree.project, editor, edit=True)

    def links(headers, m):
        return client.get(f"/api/module/view/{m.id}", headers=headers).get_json()["item"]["links"]

    seen = links(token_for(viewer), w.project)
    assert "effort_report" in seen and "effort_plan" not in seen
    mine = links(token_for(editor), w.project)
    assert mine["effort_plan"]["url"] == f"/api/time/plan/{w.project.id}"
    assert mine["effort_report"]["url"] == f"/api/time/report/{w.project.id}"
    assert not {"effort_plan", "effort_report"} & set(links(h, w.wp1)) and not {
        "effort_plan", "effort_report"} & set(links(h, tree.portal))


def test_the_time_lists_spreadsheets(app):
    from openpyxl import load_workbook
    rows = [{"id": 1, "day": "2026-03-02", "user": {"id": 1, "name": "Alice"}, "organisation": "Org A",
             "moduleName": "Task 1", "activity": {"id": 1, "name": "Research"}, "minutes": 90, "hours": 1.5,
             "note": "=cmd|' /C calc'!A0"},
            {"id": 2, "day": date(2026, 3, 3), "user": {"id": 2, "name": "@Bob"}, "organisation": "",
             "moduleName": "Task 2", "activity": None, "minutes": 30, "hours": 0.5, "note": "ok\x01"}]
    with app.test_request_context():
        text = effort.entries_csv(rows)
        book = effort.entries_xlsx(rows)
    out = list(csv.reader(io.StringIO(text)))
    assert out == [["Day", "Person", "Organisation", "Module", "Activity", "Hours", "Note"],
                   ["2026-03-02", "Alice", "Org A", "Task 1", "Research", "1.5", "'=cmd|' /C calc'!A0"],
                   ["2026-03-03", "'@Bob", "", "Task 2", "", "0.5", "ok\x01"]]
    ws = load_workbook(io.BytesIO(book)).active
    values = [[c.value for c in row] for row in ws.iter_rows()]
    assert values[1][0].date() == date(2026, 3, 2) and values[1][5] == 1.5
    assert values[1][6] == "'=cmd|' /C calc'!A0" and values[2][1] == "'@Bob" and values[2][6] == "ok"
