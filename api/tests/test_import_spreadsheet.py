"""Issue 46, point 3: a work plan from CSV or XLSX as an import plan: the columns' mapping guessed from the headers,
the hierarchy from WBS codes or a parent column, predecessors as relations, custom-field columns, and every bad row
reported by its number (header = row 1) with no plan at all, so nothing can be written."""
import io
from datetime import date, datetime

import pytest
from openpyxl import Workbook
from werkzeug.datastructures import FileStorage

from api.extensions import db as _db
from api.models import CustomField, PicklistOption
from api.services.imports import plan as ir
from api.services.imports import spreadsheet as ss
from api.services.platforms import PORTAL

from .conftest import new_module, root

HEAD = ["WBS", "Task", "Type", "Owner", "Start", "Finish", "Status", "Predecessors", "Milestone"]
MAPPING = {"WBS": "wbs", "Task": "name", "Type": "type", "Owner": "owner", "Start": "start", "Finish": "deadline",
           "Status": "status", "Predecessors": "predecessors", "Milestone": "milestone"}


def field(portal, attribute, label, type_, options=(), multiple=False):
    f = CustomField(module_id=portal.id, attribute=attribute, label=label, type=type_, multiple=multiple, idx=1)
    _db.session.add(f)
    _db.session.flush()
    _db.session.add_all([PicklistOption(field_id=f.id, value=o.lower().replace(" ", "_"), label=o, idx=i)
                         for i, o in enumerate(options)])
    return f


@pytest.fixture
def portal(db):
    p = new_module(root(), PORTAL, "Portal")
    field(p, "partner", "Partner", "PICKLIST", ("EURAC", "TU Delft"))
    field(p, "sites", "Sites", "PICKLIST", ("Bolzano", "Delft", "Lyon"), multiple=True)
    field(p, "budget", "Budget", "NUMERIC")
    field(p, "review", "Review date", "DATE")
    field(p, "note", "Note", "TEXT")
    field(p, "dated", "Dated", "DATED_NUMERIC")
    _db.session.commit()
    return p


def work_plan():
    """500 rows: 10 projects '1'..'10', each with 7 phases 'i.j' (each after the one before, start to start, a day
    earlier), each with 6 tasks 'i.j.k' (each 2 working days after the one before finishes; the last a milestone)."""
    rows = []
    for i in range(1, 11):
        rows.append([str(i), f"WP {i}", "Project", "", "", "", "", "", ""])
        for j in range(1, 8):
            rows.append([f"{i}.{j}", f"Phase {i}.{j}", "", "", "", "", "", f"{i}.{j - 1}SS-1d" if j > 1 else "", ""])
            for k in range(1, 7):
                rows.append([f"{i}.{j}.{k}", f"Task {i}.{j}.{k}", "task", f"Owner{k}@Example.org", "2025-03-01",
                             "01/04/2025", "In progress", f"{i}.{j}.{k - 1}FS+2" if k > 1 else "",
                             "x" if k == 6 else ""])
    return rows


def csv_bytes(rows, head=HEAD, sep=",", bom=False, encoding="utf-8"):
    def line(cells):
        return sep.join('"' + str(c).replace('"', '""') + '"' if sep in str(c) or '"' in str(c) else str(c)
                        for c in cells)
    text = "\r\n".join(line(r) for r in [head] + rows) + "\r\n"
    return (b"\xef\xbb\xbf" if bom else b"") + text.encode(encoding)


def xlsx_bytes(rows, head=HEAD):
    wb = Workbook()
    ws = wb.active
    ws.append(head)
    for r in rows:
        ws.append(r)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def upload(data, name="plan.csv"):
    return FileStorage(stream=io.BytesIO(data), filename=name)


def by_key(plan):
    return {m["key"]: m for m in plan["modules"]}


# --- the preview ----------------------------------------------------------------------------------------------------

def test_columns_guess_the_mapping_by_header_and_synonyms(portal):
    head = ["No.", "Summary", "Begin", "Due", "Assignee", "Depends on", "Partner", "Start date", "review", "Colour",
            "", "Dated"]
    answer = ss.columns(portal, upload(csv_bytes([["1", "A", "", "", "", "", "", "", "", "", "", ""]], head=head)))
    assert answer["headers"] == head[:10] + ["Column K", "Dated"]
    assert answer["mapping"] == {
        "No.": "wbs", "Summary": "name", "Begin": "start", "Due": "deadline", "Assignee": "owner",
        "Depends on": "predecessors", "Partner": "field:partner",
        "Start date": None,  # 'Begin' took the start already
        "review": "field:review", "Colour": None, "Column K": None,
        "Dated": None}  # a dated number is not importable
    values = [t["value"] for t in answer["targets"]]
    assert values[:11] == [v for v, _label in ss.TARGETS]
    assert values[11:] == ["field:checklist_status",  # every portal's tick box ('Completed')
                           "field:partner", "field:sites", "field:budget", "field:review", "field:note"]
    assert {"value": "wbs", "label": "WBS code"} in answer["targets"]
    assert answer["rows"] == 1


def test_columns_guess_more_synonyms():
    mapping = ss.guess(["Title", "Outline number", "End", "E-mail", "Responsible", "Predecessors", "Notes",
                        "Milestone", "State", "Parent"], {})
    assert mapping == {"Title": "name", "Outline number": "wbs", "End": "deadline", "E-mail": "owner",
                       "Responsible": None, "Predecessors": "predecessors", "Notes": "description",
                       "Milestone": "milestone", "State": "status", "Parent": "parent"}


# --- a valid plan ---------------------------------------------------------------------------------------------------

def test_a_valid_500_row_plan(portal):
    data = csv_bytes(work_plan())
    assert ss.columns(portal, upload(data))["mapping"] == MAPPING
    plan, errors = ss.read(portal, data, "plan.csv", MAPPING)
    assert errors == []
    assert plan["source"] == "spreadsheet"
    assert len(plan["modules"]) == 500
    mods = by_key(plan)
    position = {m["key"]: i for i, m in enumerate(plan["modules"])}
    assert all(m["parent"] is None or position[m["parent"]] < position[m["key"]] for m in plan["modules"])
    assert [m["key"] for m in plan["modules"][:3]] == ["row:1", "row:1.1", "row:1.1.1"]
    assert plan["modules"][-1]["key"] == "row:10.7.6"  # 10 after 9 (WBS order, not text order)

    top, phase, task = mods["row:1"], mods["row:1.1"], mods["row:1.1.6"]
    assert (top["parent"], top["kind"], top["type"], top["deliverable"]) == (None, "container", "4rineu_project", None)
    assert (phase["parent"], phase["kind"], phase["type"]) == ("row:1", "container", None)
    assert (task["parent"], task["kind"], task["type"], task["name"]) == ("row:1.1", "item", "4rineu_task",
                                                                         "Task 1.1.6")
    assert task["deliverable"] == {"status": "IN_PROGRESS", "owner": "e:owner6@example.org",
                                   "startDate": "2025-03-01", "deadline": "2025-04-01", "completionDate": None,
                                   "milestone": True}
    assert mods["row:1.1.5"]["deliverable"]["milestone"] is False
    assert plan["people"]["e:owner1@example.org"] == {"email": "owner1@example.org", "name": "owner1@example.org",
                                                      "login": None}
    assert len(plan["people"]) == 6

    assert len(plan["relations"]) == 10 * (6 + 7 * 5)
    assert {"from": "row:3.2.1", "to": "row:3.2.2", "kind": "FS", "lag": 2} in plan["relations"]
    assert {"from": "row:3.1", "to": "row:3.2", "kind": "SS", "lag": -1} in plan["relations"]
    assert plan["fields"] == []


def test_the_same_plan_with_a_parent_name_column(portal):
    """Parents by name, the rows in any order (children before their parents): parents still come first."""
    rows = []
    for wbs, name, type_, owner, start, finish, status, _pred, ms in work_plan():
        parent = "" if "." not in wbs else ("WP " if wbs.count(".") == 1 else "Phase ") + wbs.rsplit(".", 1)[0]
        rows.append([name, parent, type_, owner, start, finish, status, ms])
    rows.reverse()
    head = ["Name", "Parent", "Type", "Owner", "Start", "Deadline", "Status", "Milestone"]
    mapping = ss.columns(portal, upload(csv_bytes(rows, head=head)))["mapping"]
    assert mapping["Parent"] == "parent"
    plan, errors = ss.read(portal, csv_bytes(rows, head=head), "plan.csv", mapping)
    assert errors == []
    assert len(plan["modules"]) == 500
    position = {m["key"]: i for i, m in enumerate(plan["modules"])}
    assert all(m["parent"] is None or position[m["parent"]] < position[m["key"]] for m in plan["modules"])
    names = {m["key"]: m["name"] for m in plan["modules"]}
    task = next(m for m in plan["modules"] if m["name"] == "Task 4.5.3")
    assert names[task["parent"]] == "Phase 4.5"
    assert names[by_key(plan)[task["parent"]]["parent"]] == "WP 4"
    assert task["key"] == f"row:{2 + rows.index(next(r for r in rows if r[0] == 'Task 4.5.3'))}"  # by row number
    assert sum(m["kind"] == "container" for m in plan["modules"]) == 80
    assert plan["relations"] == []


def test_parent_column_with_codes_and_names_and_its_errors(portal):
    head = ["ID", "Name", "Parent", "Predecessors"]
    rows = [["1", "Survey", "", ""], ["2", "Field work", "1", ""], ["3", "Report", "Survey", "2FF+1"],
            ["4", "Twin", "", ""], ["5", "Twin", "", ""], ["6", "Child of twin", "Twin", ""],
            ["7", "Nobody's", "Ghost", ""], ["8", "Self", "8", ""], ["9", "Loop A", "Loop B", ""],
            ["10", "Loop B", "Loop A", ""]]
    mapping = {"ID": "wbs", "Name": "name", "Parent": "parent", "Predecessors": "predecessors"}
    plan, errors = ss.read(portal, csv_bytes(rows[:3], head=head), "p.csv", mapping)
    assert [(m["key"], m["parent"]) for m in plan["modules"]] == [("row:1", None), ("row:2", "row:1"),
                                                                  ("row:3", "row:1")]
    assert plan["relations"] == [{"from": "row:2", "to": "row:3", "kind": "FF", "lag": 1}]
    plan, errors = ss.read(portal, csv_bytes(rows, head=head), "p.csv", mapping)
    assert plan is None
    assert [(e["row"], e["column"]) for e in errors] == [(7, "Parent"), (8, "Parent"), (9, "Parent"),
                                                         (10, "Parent"), (11, "Parent")]
    assert "give the parent's WBS code" in errors[0]["message"]
    assert errors[1]["message"] == "No row is named 'Ghost'"
    assert errors[2]["message"] == "A row cannot be its own parent"
    assert errors[3]["message"] == "This row's parents go round in a loop"


# --- bad rows -------------------------------------------------------------------------------------------------------

def test_a_bad_row_317_of_500_gives_no_plan_and_names_row_317(portal):
    rows = work_plan()
    rows[315][5] = "31/02/2025"  # the 316th data row: row 317 of the sheet (the header is row 1)
    for data, name in ((csv_bytes(rows), "plan.csv"), (xlsx_bytes(rows), "plan.xlsx")):
        plan, errors = ss.read(portal, data, name, MAPPING)
        assert plan is None
        assert errors == [{"row": 317, "column": "Finish",
                           "message": "'31/02/2025' is no date: YYYY-MM-DD or DD/MM/YYYY (day first)"}]


def test_every_bad_row_is_reported_in_row_order(portal):
    rows = work_plan()[:60]
    rows[3][1] = ""                       # row 5: no name
    rows[8][3] = "not an address"         # row 10
    rows[18][6] = "Half done"             # row 20
    rows[28][4], rows[28][5] = "2025-05-02", "2025-05-01"  # row 30: the deadline before the start
    rows[38][2] = "Epic"                  # row 40
    rows[40][8] = "maybe"                 # row 42
    rows[45][1] = "x" * 201               # row 47
    rows[48][4] = "2025-13-01"            # row 50
    rows[50][0] = "1..9"                  # row 52
    plan, errors = ss.read(portal, csv_bytes(rows), "plan.csv", MAPPING)
    assert plan is None
    got = [(e["row"], e["column"]) for e in errors]
    assert got[:9] == [(5, "Task"), (10, "Owner"), (20, "Status"), (30, "Finish"), (40, "Type"), (42, "Milestone"),
                       (47, "Task"), (50, "Start"), (52, "WBS")]
    messages = [e["message"] for e in errors]
    assert messages[:9] == [
        "The name is missing", "'not an address' is no e-mail address",
        "One of Not started, In progress, Blocked, Completed, Verified complete",
        "The deadline cannot be before the start date", "One of Project, Phase, Task, Subtask", "Yes or no",
        "At most 200 characters", "'2025-13-01' is no date: YYYY-MM-DD or DD/MM/YYYY (day first)",
        "'1..9' is no WBS code: numbers separated by points, as 2.3.1"]


def test_predecessors_unknown_self_twice_and_in_a_loop(portal):
    head = ["WBS", "Name", "Predecessors"]
    rows = [["1", "A", ""], ["2", "B", "99FS"], ["3", "C", "3"], ["4", "D", "1; 1SS"], ["5", "E", "1 FS + 400d"],
            ["6", "F", "1XX"], ["7", "G", "8"], ["8", "H", "9"], ["9", "I", "7"], ["10", "J", "9, 2"],
            ["11", "K", "1FS-4000"]]
    plan, errors = ss.read(portal, csv_bytes(rows, head=head), "p.csv", None or ss.guess(head, {}))
    assert plan is None
    assert [(e["row"], e["message"]) for e in errors] == [
        (3, "No row has WBS code 99"), (4, "A row cannot be its own predecessor"),
        (5, "1 and this row are related twice"),
        (7, "'1XX' is no predecessor: a WBS code, then FS, SS, FF or SF, then a lag, as 2.1FS+3"),
        (8, "These predecessors go round in a loop"), (9, "These predecessors go round in a loop"),
        (10, "These predecessors go round in a loop"),
        (12, "A whole number of working days from -3650 to 3650")]
    assert {e["column"] for e in errors} == {"Predecessors"}
    rows = [["1", "A", ""], ["2", "B", "1FS+400d"], ["3", "C", "1 ss, 02FF-3 days"]]
    plan, errors = ss.read(portal, csv_bytes(rows, head=head), "p.csv", ss.guess(head, {}))
    assert plan["relations"] == [{"from": "row:1", "to": "row:2", "kind": "FS", "lag": 400},
                                 {"from": "row:1", "to": "row:3", "kind": "SS", "lag": 0},
                                 {"from": "row:2", "to": "row:3", "kind": "FF", "lag": -3}]


def test_duplicate_and_orphan_wbs_codes(portal):
    head = ["WBS", "Name"]
    rows = [["1", "A"], ["1.1", "B"], ["1.1", "C"], ["2.4", "D"], ["", "E"], ["01.2", "F"]]
    plan, errors = ss.read(portal, csv_bytes(rows, head=head), "p.csv", {"WBS": "wbs", "Name": "name"})
    assert plan is None
    assert errors == [{"row": 4, "column": "WBS", "message": "WBS code 1.1 is also row 3's"},
                      {"row": 5, "column": "WBS", "message": "No row has WBS code 2, the parent of 2.4"},
                      {"row": 6, "column": "WBS", "message": "The WBS code is missing"}]


def test_without_wbs_or_parent_every_row_is_at_the_top(portal):
    plan, errors = ss.read(portal, csv_bytes([["A", "Text"], ["B", ""]], head=["Name", "Description"]), "p.csv",
                           {"Name": "name", "Description": "description"})
    assert [(m["key"], m["parent"], m["kind"], m["description"], m["deliverable"]) for m in plan["modules"]] == [
        ("row:2", None, "item", "Text", None), ("row:3", None, "item", "", None)]


def test_a_mapping_that_cannot_be_used(portal):
    data = csv_bytes([["1", "A"]], head=["WBS", "Name"])
    for mapping, message in (
            ({"WBS": "wbs"}, "Choose the column that holds the names"),
            ({"Name": "name", "Other": "wbs"}, "The file has no column 'Other'"),
            ({"Name": "name", "WBS": "colour"}, "'colour' is nothing a column can be imported to"),
            ({"Name": "name", "WBS": "field:dated"}, "'field:dated' is nothing a column can be imported to"),
            ({"Name": "name", "WBS": "name"}, "Two columns are mapped to 'Name'"),
            ({"Name": "name", "WBS": "predecessors"},
             "Predecessors are given by WBS codes: choose the column that holds them too")):
        with pytest.raises(ir.Invalid) as e:
            ss.read(portal, data, "p.csv", mapping)
        assert str(e.value) == message


# --- limits ---------------------------------------------------------------------------------------------------------

def test_limits(portal):
    rows = [[str(i), f"Row {i}"] for i in range(1, 10_002)]
    with pytest.raises(ir.Invalid, match="at most 10,000 rows"):
        ss.read(portal, csv_bytes(rows, head=["WBS", "Name"]), "p.csv", {"WBS": "wbs", "Name": "name"})
    assert ss.columns(portal, upload(csv_bytes(rows[:10_000] + [["", ""]] * 5, head=["WBS", "Name"])))["rows"] \
        == 10_000  # blank rows do not count
    big = csv_bytes([["1", "x" * 1000]] * 2100, head=["WBS", "Name"])
    with pytest.raises(ir.Invalid, match="at most 2 MB"):
        ss.columns(portal, upload(big))
    with pytest.raises(ir.Invalid, match="at most 10 MB"):
        ss.read(portal, b"PK\x03\x04" + bytes(10 * 1024 * 1024), "p.xlsx", {"Name": "name"})
    with pytest.raises(ir.Invalid, match="not a readable XLSX"):
        ss.read(portal, b"PK\x03\x04 not really", "p.xlsx", {"Name": "name"})
    with pytest.raises(ir.Invalid, match="Old Excel files"):
        ss.read(portal, b"\xd0\xcf\x11\xe0", "p.xls", {"Name": "name"})
    with pytest.raises(ir.Invalid, match="Row 1 must name the columns"):
        ss.columns(portal, upload(b"\r\nName\r\nA\r\n"))
    with pytest.raises(ir.Invalid, match="The file is empty"):
        ss.columns(portal, upload(b""))


def test_an_xlsx_that_unpacks_too_big(portal, monkeypatch):
    monkeypatch.setattr(ss, "MAX_XLSX_UNPACKED", 1000)
    with pytest.raises(ir.Invalid, match="unpacks to more than"):
        ss.columns(portal, upload(xlsx_bytes([["1", "A"]]), "p.xlsx"))


# --- encodings and cells --------------------------------------------------------------------------------------------

def test_csv_with_semicolons_bom_and_formulas_as_text(portal):
    head = ["Nr", "Titel;", "Beschreibung"]
    rows = [["1", "Café", "=HYPERLINK(\"http://evil\")"], ["1.1", "'=1+1", "'@me"], ["1.2", "Tab\there", "-3"]]
    data = csv_bytes(rows, head=head, sep=";", bom=True)
    answer = ss.columns(portal, upload(data))
    assert answer["headers"] == ["Nr", "Titel;", "Beschreibung"]
    mapping = {"Nr": "wbs", "Titel;": "name", "Beschreibung": "description"}
    plan, errors = ss.read(portal, data, "p.csv", mapping)
    assert errors == []
    assert [(m["name"], m["description"]) for m in plan["modules"]] == [
        ("Café", '=HYPERLINK("http://evil")'), ("=1+1", "@me"), ("Tab\there", "-3")]  # a tab is kept
    plan, errors = ss.read(portal, csv_bytes(rows[:1], head=head, sep="\t", encoding="cp1252"), "p.csv", mapping)
    assert plan["modules"][0]["name"] == "Café"


def test_xlsx_dates_numbers_and_formulas(portal):
    head = ["WBS", "Name", "Start", "Deadline", "Milestone", "Budget", "Description"]
    rows = [[1, "A", datetime(2025, 3, 1), date(2025, 3, 31), True, 12.5, "=1+1"],
            [1.1, "B", "2025-04-01", "30.04.2025", 0, 3, None],
            [2, 42, "01/05/2025", datetime(2025, 5, 31, 17, 0), "no", "2,5", "plain"]]
    data = xlsx_bytes(rows, head=head)
    assert ss.columns(portal, upload(data, "plan.xlsx"))["mapping"]["Budget"] == "field:budget"
    plan, errors = ss.read(portal, data, "plan.xlsx", ss.guess(head, ss._fields(portal)))
    assert errors == []
    mods = by_key(plan)
    assert [(m["key"], m["parent"], m["name"]) for m in plan["modules"]] == [
        ("row:1", None, "A"), ("row:1.1", "row:1", "B"), ("row:2", None, "42")]
    dl = [(m["deliverable"]["startDate"], m["deliverable"]["deadline"], m["deliverable"]["milestone"])
          for m in plan["modules"]]
    assert dl == [("2025-03-01", "2025-03-31", True), ("2025-04-01", "2025-04-30", False),
                  ("2025-05-01", "2025-05-31", False)]
    assert mods["row:1"]["description"] == ""  # a formula is never taken: its value only, none here
    assert [m["values"] for m in plan["modules"]] == [{"field:budget": 12.5}, {"field:budget": 3.0},
                                                      {"field:budget": 2.5}]
    assert plan["fields"] == [{"key": "field:budget", "label": "Budget", "type": "NUMERIC", "multiple": False,
                               "existing": ss._fields(portal)["field:budget"].id}]



def test_xlsx_rows_are_numbered_as_the_sheet_shows_them(portal):
    wb = Workbook()
    ws = wb.active
    ws.append(["WBS", "Name", "Deadline"])
    ws["A3"], ws["B3"] = "1", "A"          # row 2 left empty
    ws["A6"], ws["B6"], ws["C6"] = "1.1", "B", "yesterday"
    buf = io.BytesIO()
    wb.save(buf)
    plan, errors = ss.read(portal, buf.getvalue(), "p.xlsx", {"WBS": "wbs", "Name": "name", "Deadline": "deadline"})
    assert errors == [{"row": 6, "column": "Deadline",
                       "message": "'yesterday' is no date: YYYY-MM-DD or DD/MM/YYYY (day first)"}]


def test_custom_field_columns_by_type(portal):
    head = ["Name", "Partner", "Sites", "Budget", "Review date", "Note"]
    fields = ss._fields(portal)
    rows = [["A", "eurac", "Delft; lyon", "1 000,5", "2025-06-30", "Some text"],
            ["B", "", "", "", "", ""]]
    data = csv_bytes(rows, head=head)
    mapping = ss.guess(head, fields)
    assert mapping == {"Name": "name", "Partner": "field:partner", "Sites": "field:sites", "Budget": "field:budget",
                       "Review date": "field:review", "Note": "field:note"}
    plan, errors = ss.read(portal, data, "p.csv", mapping)
    assert errors == []
    assert plan["modules"][0]["values"] == {"field:partner": "EURAC", "field:sites": ["Delft", "Lyon"],
                                            "field:budget": 1000.5, "field:review": "2025-06-30",
                                            "field:note": "Some text"}
    assert plan["modules"][1]["values"] == {}
    assert plan["fields"] == [
        {"key": "field:partner", "label": "Partner", "type": "PICKLIST", "multiple": False,
         "options": ["EURAC", "TU Delft"], "existing": fields["field:partner"].id},
        {"key": "field:sites", "label": "Sites", "type": "PICKLIST", "multiple": True,
         "options": ["Bolzano", "Delft", "Lyon"], "existing": fields["field:sites"].id},
        {"key": "field:budget", "label": "Budget", "type": "NUMERIC", "multiple": False,
         "existing": fields["field:budget"].id},
        {"key": "field:review", "label": "Review date", "type": "DATE", "multiple": False,
         "existing": fields["field:review"].id},
        {"key": "field:note", "label": "Note", "type": "TEXT", "multiple": False,
         "existing": fields["field:note"].id}]

    bad = [["C", "MIT", "Delft, Paris", "a lot", "30/02/2025", "y" * 5001]]
    plan, errors = ss.read(portal, csv_bytes(bad, head=head), "p.csv", mapping)
    assert plan is None
    assert errors == [{"row": 2, "column": "Partner", "message": "One of EURAC, TU Delft"},
                      {"row": 2, "column": "Sites", "message": "One of Bolzano, Delft, Lyon"},
                      {"row": 2, "column": "Budget", "message": "'a lot' is no number"},
                      {"row": 2, "column": "Review date",
                       "message": "'30/02/2025' is no date: YYYY-MM-DD or DD/MM/YYYY (day first)"},
                      {"row": 2, "column": "Note", "message": "At most 5,000 characters"}]


def test_types_and_statuses_by_code_or_label(portal):
    head = ["WBS", "Name", "Type", "Status"]
    rows = [["1", "P", "PROJECT", "not started"], ["1.1", "Ph", "phase", "BLOCKED"], ["1.1.1", "T", "Task", ""],
            ["1.1.1.1", "S", "subtask", "Verified complete"]]
    plan, errors = ss.read(portal, csv_bytes(rows, head=head), "p.csv", ss.guess(head, {}))
    assert errors == []
    assert [(m["type"], (m["deliverable"] or {}).get("status")) for m in plan["modules"]] == [
        ("4rineu_project", "NOT_STARTED"), ("4rineu_phase", "BLOCKED"), ("4rineu_task", None),
        ("4rineu_subtask", "VERIFIED_COMPLETE")]


def test_too_many_errors_are_cut(portal, monkeypatch):
    monkeypatch.setattr(ss, "MAX_ERRORS", 3)
    rows = [[str(i), ""] for i in range(1, 8)]
    plan, errors = ss.read(portal, csv_bytes(rows, head=["WBS", "Name"]), "p.csv", {"WBS": "wbs", "Name": "name"})
    assert [e["row"] for e in errors] == [2, 3, 4, None]
    assert errors[-1]["message"] == "… and 4 more"
