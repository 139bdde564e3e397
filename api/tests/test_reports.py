"""Reports: the dashboard of metric panels, its layout, and the data of an attribute over a subtree."""
import json

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import CustomField, CustomValue, FeedEntry, Metric, Module, PicklistOption, Report, User

from .conftest import claim_shared_data, element, form_of, login_headers, new_grant, new_module, new_user, root, submit


def _field(module, attribute, label, type_, symbol=None, prefix=False, target=None, options=()):
    f = CustomField(module_id=module.id, attribute=attribute, label=label, type=type_, symbol=symbol,
                    prefix_symbol=prefix, target_type=target)
    _db.session.add(f)
    _db.session.flush()
    for i, (v, lbl) in enumerate(options):
        _db.session.add(PicklistOption(field_id=f.id, value=v, label=lbl, idx=i))
    _db.session.commit()
    return f


def _value(field, module, user, **kw):
    if "option" in kw:
        want = kw.pop("option")
        opt = next(o for o in field.options if o.value == want)
        kw.update(option_id=opt.id, stringval=opt.value)
    _db.session.add(CustomValue(field_id=field.id, module_id=module.id, user_id=user.id, **kw))
    _db.session.commit()


@pytest.fixture
def data(tree, people):
    """Budget on both projects (and a stray one outside the portal), energy class, a text and a date field."""
    editor = people[0]
    budget = _field(tree.portal, "budget", "Budget", "NUMERIC", symbol="€", prefix=True, target="4rineu_project")
    energy = _field(tree.portal, "energy_class", "Energy class", "PICKLIST", target="4rineu_project",
                    options=[("A", "Class A"), ("B", "Class B"), ("C", "Class C")])
    note = _field(tree.portal, "note", "Note", "TEXT")
    day = _field(tree.portal, "visit", "Visit", "DATE")
    area = _field(tree.project, "area", "Area", "NUMERIC", symbol="m²")  # defined inside the subtree
    _value(budget, tree.project, editor, numval=1000)
    _value(budget, tree.other, editor, numval=2500.5)
    _value(energy, tree.project, editor, option="B")
    _value(energy, tree.other, editor, option="B")
    _value(energy, tree.task, editor, option="A")
    _value(note, tree.task, editor, stringval="ok")
    _value(note, tree.subtask, editor, stringval="ok")
    _value(note, tree.phase, editor, stringval="late")
    _value(area, tree.phase, editor, numval=120)
    import datetime as dt
    _value(day, tree.task, editor, dateval=dt.date(2026, 3, 1))
    _value(day, tree.subtask, editor, dateval=dt.date(2026, 1, 15))
    outside = new_module(root(), "4rineu_portal", "Elsewhere")
    _value(budget, outside, editor, numval=99999)  # not in the subtree: never counted
    return budget, energy


def show(client, h, module_id, attribute):
    return client.get(f"/api/report/show/{module_id}/attribute/{attribute}", headers=h)


def test_list_makes_the_report_once_with_attributes_and_links(client, tree, people, data, token_for, db):
    editor, viewer, deleter, stranger = people
    r = client.get(f"/api/report/list/{tree.portal.id}", headers=token_for(viewer))
    assert r.status_code == 200, r.get_json()
    item = r.get_json()["item"]
    assert item["layout"] == "[]" and item["metrics"] == [] and item["links"].keys() == {"view"}
    attrs = {a["attribute"]: a for a in item["attributes"]}
    assert {"budget", "energy_class", "note", "visit", "area", "checklist_status"} <= set(attrs)
    assert attrs["budget"]["label"] == "Budget" and attrs["budget"]["type"] == "NUMERIC"
    again = client.get(f"/api/report/list/{tree.portal.id}", headers=token_for(editor)).get_json()["item"]
    assert again["id"] == item["id"] and db.session.query(Report).count() == 1
    assert set(again["links"]) == {"view", "add_metric", "save_layout"}
    assert client.get(f"/api/report/list/{tree.portal.id}", headers=token_for(stranger)).status_code == 404
    # a project's report offers the fields of its ancestors and its own subtree
    proj = client.get(f"/api/report/list/{tree.project.id}", headers=token_for(viewer)).get_json()["item"]
    assert {"budget", "area"} <= {a["attribute"] for a in proj["attributes"]}


def test_numeric_aggregation_over_the_subtree(client, tree, people, data, token_for):
    h = token_for(people[1])
    item = show(client, h, tree.portal.id, "budget").get_json()["item"]
    assert item["type"] == "NUMERIC"
    assert sorted(v["numval"] for v in item["values"]) == [1000, 2500.5]
    v = next(v for v in item["values"] if v["module_id"] == tree.project.id)
    assert v["module_name"] == "Project A" and v["entity_type"] == "4rineu_project" and v["entity_name"] == "Project"
    assert v["value_formatted"] == "€1,000" and v["user_id"] == people[0].id and v["dateval"] is None
    assert set(v) >= {"module_id", "module_name", "entity_name", "stringval", "numval", "entity_type", "id",
                      "user_id", "value_formatted", "dateval"}
    agg = item["aggregatedValues"]
    assert agg["sum_value"] == 3500.5 and agg["min_value"] == 1000 and agg["max_value"] == 2500.5
    assert agg["avg_value"] == 1750.25 and agg["count"] == 2
    assert agg["sum_value_formatted"] == "€3,500.50" and agg["min_value_formatted"] == "€1,000"
    assert agg["avg_value_formatted"] == "€1,750.25" and agg["max_value_formatted"] == "€2,500.50"
    grouped = {g["module_id"]: g for g in item["groupedValues"]}
    assert grouped[tree.other.id]["freq"] == 1 and grouped[tree.other.id]["total"] == 2500.5
    # one project's subtree only
    one = show(client, h, tree.project.id, "budget").get_json()["item"]["aggregatedValues"]
    assert one["sum_value"] == 1000 and one["count"] == 1
    # a suffix symbol
    area = show(client, h, tree.portal.id, "area").get_json()["item"]
    assert area["values"][0]["value_formatted"] == "120 m²"


def test_picklist_text_and_date_grouping(client, tree, people, data, token_for):
    h = token_for(people[1])
    item = show(client, h, tree.portal.id, "energy_class").get_json()["item"]
    assert item["type"] == "PICKLIST"
    assert [(g["label"], g["freq"], g["total"]) for g in item["groupedValues"]] == [("Class A", 1, 3),
                                                                                    ("Class B", 2, 3)]
    assert {v["option_label"] for v in item["values"]} == {"Class A", "Class B"}
    # each option keeps its place among all three, so a chart colours it the same whatever else is there
    assert [(g["rank"], g["ranks"]) for g in item["groupedValues"]] == [(0, 3), (1, 3)]
    assert item["aggregatedValues"]["sum_value_formatted"] is None
    text = show(client, h, tree.portal.id, "note").get_json()["item"]
    assert [(g["module_name"], g["freq"], g["total"]) for g in text["groupedValues"]] == [("ok", 2, 3), ("late", 1, 3)]
    dates = show(client, h, tree.portal.id, "visit").get_json()["item"]
    assert dates["aggregatedValues"]["min_value_formatted"] == "2026-01-15"
    assert dates["aggregatedValues"]["max_value_formatted"] == "2026-03-01"
    # below the portal: the task's subtree holds one energy value
    sub = show(client, h, tree.task.id, "energy_class").get_json()["item"]
    assert [(g["label"], g["freq"]) for g in sub["groupedValues"]] == [("Class A", 1)]
    assert show(client, h, tree.portal.id, "nothing").status_code == 404
    assert show(client, token_for(people[3]), tree.portal.id, "budget").status_code == 404


def _add_metric(client, h, module_id, **data):
    body = {"title": "Budget", "attribute": "budget", "panelType": "avg", "bgColor": "green"}
    body.update(data)
    return submit(client, h, f"/api/report/metric/add/{module_id}", body)


def test_metric_add_form_edit_and_delete(client, tree, people, data, token_for, db):
    editor, viewer, deleter, stranger = people
    he = token_for(editor)
    form = form_of(client, he, f"/api/report/metric/add/{tree.portal.id}")
    names = [e["name"] for e in form["elements"]]
    assert names == ["title", "description", "attribute", "panelType", "bgColor", "layout", "_token"]
    assert element(form, "layout")["type"] == "hidden"
    assert {o["value"] for o in element(form, "attribute")["options"]} >= {"budget", "energy_class"}
    assert [o["value"] for o in element(form, "panelType")["options"]] == [
        "default", "min", "max", "avg", "tot", "bar", "table", "all", "datatable"]
    assert [o["value"] for o in element(form, "bgColor")["options"]] == ["default", "red", "green", "blue", "pink",
                                                                        "yellow"]
    assert not element(form, "panelType")["required"] and not element(form, "bgColor")["required"]
    r = _add_metric(client, he, tree.portal.id)
    assert r.status_code == 200, r.get_json()
    m = r.get_json()["item"]
    assert json.loads(m["layout"]) == {"panelType": "avg", "bgColor": "green"}
    assert set(m["links"]) == {"edit"}  # the editor may not delete
    item = client.get(f"/api/report/list/{tree.portal.id}", headers=he).get_json()["item"]
    assert [x["id"] for x in item["metrics"]] == [m["id"]]
    assert json.loads(item["layout"]) == [{"i": str(m["id"]), "x": 0, "y": 0, "w": 3, "h": 4}]
    # a second panel goes next to the first
    m2 = _add_metric(client, he, tree.portal.id, title="Energy", attribute="energy_class", panelType="",
                     bgColor="", layout='{"panelType": "bar"}').get_json()["item"]
    assert json.loads(m2["layout"]) == {"panelType": "bar", "bgColor": "default"}
    layout = json.loads(client.get(f"/api/report/list/{tree.portal.id}", headers=he).get_json()["item"]["layout"])
    assert layout[1] == {"i": str(m2["id"]), "x": 3, "y": 0, "w": 3, "h": 4}
    # edit: the form carries the current values; title, description and layout change
    url = m["links"]["edit"]["url"]
    form = form_of(client, he, url)
    assert element(form, "title")["value"] == "Budget" and element(form, "panelType")["value"] == "avg"
    assert json.loads(element(form, "layout")["value"]) == {"panelType": "avg", "bgColor": "green"}
    r = submit(client, he, url, {"_method": "PUT", "title": "Budget (max)", "description": "Largest",
                                 "layout": json.dumps({"panelType": "max", "bgColor": "red"})})
    assert r.status_code == 200, r.get_json()
    got = r.get_json()["item"]
    assert got["title"] == "Budget (max)" and got["description"] == "Largest" and got["attribute"] == "budget"
    assert json.loads(got["layout"]) == {"panelType": "max", "bgColor": "red"}
    # the selects win over the layout
    r = submit(client, he, url, {"title": "Budget", "panelType": "pie"}, form_url=url)
    assert r.status_code == 422 and "panelType" in r.get_json()["errors"]
    r = submit(client, he, url, {"title": "Budget", "panelType": "tot", "attribute": "energy_class"})
    assert json.loads(r.get_json()["item"]["layout"])["panelType"] == "tot"
    assert r.get_json()["item"]["attribute"] == "energy_class"
    # delete: not for the editor or viewer; yes for the deleter, and it leaves the layout
    assert client.delete(f"/api/report/metric/delete/{tree.portal.id}/{m['id']}", headers=he).status_code == 403
    assert client.delete(f"/api/report/metric/delete/{tree.portal.id}/{m['id']}",
                         headers=token_for(viewer)).status_code == 403
    assert client.delete(f"/api/report/metric/delete/{tree.portal.id}/{m['id']}",
                         headers=token_for(stranger)).status_code == 404
    hd = token_for(deleter)
    listed = client.get(f"/api/report/list/{tree.portal.id}", headers=hd).get_json()["item"]["metrics"]
    assert set(listed[0]["links"]) == {"edit", "delete"}
    r = client.delete(listed[0]["links"]["delete"]["url"], headers=hd)
    assert r.status_code == 200
    assert client.delete(listed[0]["links"]["delete"]["url"], headers=hd).status_code == 404
    left = client.get(f"/api/report/list/{tree.portal.id}", headers=hd).get_json()["item"]
    assert [x["id"] for x in left["metrics"]] == [m2["id"]] and [x["i"] for x in json.loads(left["layout"])] == [
        str(m2["id"])]
    ops = [(e.operation, e.category) for e in db.session.query(FeedEntry).order_by(FeedEntry.id)]
    assert ops == [("add", "metric"), ("add", "metric"), ("edit", "metric"), ("edit", "metric"),
                   ("delete", "metric")]
    # a metric of another module is not found through this one
    assert client.get(f"/api/report/metric/edit/{tree.project.id}/{m2['id']}", headers=he).status_code == 404


def test_metric_form_errors_per_field(client, tree, people, data, token_for, db):
    he = token_for(people[0])
    url = f"/api/report/metric/add/{tree.portal.id}"
    r = submit(client, he, url, {"title": "", "attribute": "nope", "bgColor": "purple", "layout": "{not json"})
    assert r.status_code == 422
    errors = r.get_json()["errors"]
    assert errors["title"] == ["Title is required"]
    assert errors["attribute"] == ["Please choose one of the options"]
    assert "bgColor" in errors and errors["layout"] == ["The layout must be valid JSON"]
    r = submit(client, he, url, {"title": "x" * 201, "attribute": "budget", "layout": '{"panelType": "pie"}'})
    assert set(r.get_json()["errors"]) == {"title", "layout"}
    r = submit(client, he, url, {"title": "t", "attribute": "budget", "layout": json.dumps({"a": "x" * 3000})})
    assert "too large" in r.get_json()["errors"]["layout"][0]
    r = submit(client, he, url, {"title": "t", "attribute": "budget", "layout": "[1, 2]"})
    assert r.get_json()["errors"]["layout"] == ["The layout must be a JSON object"]
    r = client.post(url, headers=he, data={"title": "t", "attribute": "budget"})
    assert r.status_code == 422 and "_token" in r.get_json()["errors"]
    assert db.session.query(Metric).count() == 0


def test_save_layout(client, tree, people, data, token_for, db):
    he = token_for(people[0])
    m1 = _add_metric(client, he, tree.portal.id).get_json()["item"]
    m2 = _add_metric(client, he, tree.portal.id, title="Two").get_json()["item"]
    item = client.get(f"/api/report/list/{tree.portal.id}", headers=he).get_json()["item"]
    url = item["links"]["save_layout"]["url"]
    assert url == f"/api/report/save-layout/{tree.portal.id}/{item['id']}"
    assert element(form_of(client, he, url), "layout")["value"] == item["layout"]
    layout = [{"i": str(m1["id"]), "x": 0, "y": 0, "w": 6, "h": 5, "moved": False, "static": False},
              {"i": str(m2["id"]), "x": 6, "y": 0, "w": 3, "h": 4}, {"i": "999999", "x": 0, "y": 9, "w": 2, "h": 2}]
    r = client.post(url, headers=he, data={"layout": json.dumps(layout)})
    assert r.status_code == 200, r.get_json()
    saved = json.loads(client.get(f"/api/report/list/{tree.portal.id}", headers=he).get_json()["item"]["layout"])
    assert [x["i"] for x in saved] == [str(m1["id"]), str(m2["id"])] and saved[0]["w"] == 6  # unknown panel dropped
    for bad in ('{"i": "1"}', "not json", json.dumps([{"i": "1", "x": -1, "y": 0, "w": 1, "h": 1}]),
                json.dumps([{"x": 0, "y": 0, "w": 1, "h": 1}]), json.dumps([{"i": "1", "x": 0, "y": 0, "w": 0, "h": 1}]),
                json.dumps([{"i": "1", "x": 0, "y": 0, "w": 1, "h": 1}] * 2),
                json.dumps([{"i": str(n), "x": 0, "y": n, "w": 1, "h": 1} for n in range(201)]),
                json.dumps([{"i": "1", "x": 0, "y": 0, "w": 1, "h": 1, "pad": "x" * 60000}])):
        r = client.post(url, headers=he, data={"layout": bad})
        assert r.status_code == 422 and list(r.get_json()["errors"]) == ["layout"], (bad[:40], r.get_json())
    assert client.post(url, headers=he, data={}).get_json()["errors"] == {"layout": ["Layout is required"]}
    # rights: a viewer 403, a stranger 404, another module's report 404
    assert client.post(url, headers=token_for(people[1]), data={"layout": "[]"}).status_code == 403
    assert client.post(url, headers=token_for(people[3]), data={"layout": "[]"}).status_code == 404
    other = client.get(f"/api/report/list/{tree.project.id}", headers=he).get_json()["item"]
    assert client.post(f"/api/report/save-layout/{tree.portal.id}/{other['id']}", headers=he,
                       data={"layout": "[]"}).status_code == 404
    assert db.session.query(FeedEntry).filter_by(category="report", operation="edit").count() == 1


def test_viewer_and_locks(client, tree, people, data, token_for, db):
    editor, viewer, deleter, _ = people
    admin = new_user()
    new_grant(tree.portal, admin, admin=True)
    he, hv = token_for(editor), token_for(viewer)
    m = _add_metric(client, he, tree.project.id).get_json()["item"]
    listed = client.get(f"/api/report/list/{tree.project.id}", headers=hv).get_json()["item"]
    assert listed["metrics"][0]["links"] == {} and set(listed["links"]) == {"view"}
    assert client.get(f"/api/report/metric/add/{tree.project.id}", headers=hv).status_code == 403
    assert client.post(f"/api/report/metric/add/{tree.project.id}", headers=hv,
                       data={"title": "t", "attribute": "budget"}).status_code == 403
    # lock the project: the data still reads, every write answers 423 and no link is offered
    assert client.patch(f"/api/module/lock/{tree.project.id}", headers=token_for(admin)).status_code == 200
    hd = token_for(deleter)
    listed = client.get(f"/api/report/list/{tree.project.id}", headers=hd).get_json()["item"]
    assert listed["metrics"][0]["links"] == {} and set(listed["links"]) == {"view"}
    assert show(client, hd, tree.project.id, "budget").status_code == 200
    assert client.get(f"/api/report/metric/add/{tree.project.id}", headers=hd).status_code == 423
    assert client.post(f"/api/report/metric/edit/{tree.project.id}/{m['id']}", headers=hd,
                       data={"title": "x"}).status_code == 423
    assert client.delete(f"/api/report/metric/delete/{tree.project.id}/{m['id']}", headers=hd).status_code == 423
    assert client.post(f"/api/report/save-layout/{tree.project.id}/{listed['id']}", headers=hd,
                       data={"layout": "[]"}).status_code == 423


def test_module_links_offer_add_custom_field_and_metric(client, tree, people, token_for):
    item = client.get(f"/api/module/view/{tree.portal.id}", headers=token_for(people[0])).get_json()["item"]
    assert item["links"]["add_custom_field"]["url"] == f"/api/custom-field/add/{tree.portal.id}"
    assert item["links"]["add_metric"]["url"] == f"/api/report/metric/add/{tree.portal.id}"
    item = client.get(f"/api/module/view/{tree.portal.id}", headers=token_for(people[1])).get_json()["item"]
    assert "add_custom_field" not in item["links"] and "add_metric" not in item["links"]


# --- a fixed number of queries, for 5 and for 500 modules -------------------------------------------------

MEASURED = {}


@pytest.fixture(scope="module")
def big(app, request):
    claim_shared_data(request)
    su = new_user(superuser=True)
    member = new_user()
    portal = new_module(root(), "4rineu_portal", "Counting portal")
    new_grant(portal, member)
    budget = _field(portal, "budget", "Budget", "NUMERIC", symbol="€", prefix=True)
    energy = _field(portal, "energy_class", "Energy", "PICKLIST", options=[("A", "A"), ("B", "B"), ("C", "C")])
    out = {"su": su.email, "member": member.email, "projects": {}}
    for n in (5, 500):
        project = new_module(portal, "4rineu_project", f"Project {n}")
        rows = [Module(parent_id=project.id, name=f"Task {i}", description="", type="4rineu_task",
                       platform=project.platform, level=project.level + 1, idx=i, path=project.path) for i in range(n)]
        _db.session.add_all(rows)
        _db.session.flush()
        for i, m in enumerate(rows):
            m.path = f"{project.path}{m.id}/"
            _db.session.add(CustomValue(field_id=budget.id, module_id=m.id, numval=i + 1, user_id=member.id))
            opt = energy.options[i % 3]
            _db.session.add(CustomValue(field_id=energy.id, module_id=m.id, stringval=opt.value, option_id=opt.id,
                                        user_id=member.id))
        _db.session.add(Report(module_id=project.id, layout="[]"))
        _db.session.commit()
        out["projects"][n] = project.id
    return out


@pytest.mark.shared_data
@pytest.mark.parametrize("who", ["su", "member"])
@pytest.mark.parametrize("url", ["/api/report/show/{id}/attribute/budget", "/api/report/show/{id}/attribute/energy_class",
                                 "/api/report/list/{id}"])
def test_fixed_query_count(client, count_queries, big, who, url):
    user = _db.session.scalar(sa.select(User).where(User.email == big[who]))
    headers = login_headers(client, user)
    counts = {}
    for n in (5, 500):
        target = url.format(id=big["projects"][n])
        client.get(target, headers=headers)
        with count_queries() as counter:
            r = client.get(target, headers=headers)
        assert r.status_code == 200
        item = r.get_json()["item"]
        if "budget" in url:
            assert len(item["values"]) == n and item["aggregatedValues"]["sum_value"] == n * (n + 1) / 2
            assert item["aggregatedValues"]["max_value"] == n and len(item["groupedValues"]) == n
        elif "energy" in url:
            assert sum(g["freq"] for g in item["groupedValues"]) == n
        counts[n] = counter.count
    MEASURED[(url, who)] = counts
    print(f"\n{url} as {who}: {counts[5]} queries for 5 modules, {counts[500]} for 500")
    # token, user, module, memberships; fields, their options, values (one joined query), skeleton
    assert counts[5] == counts[500] and counts[500] <= 8, counts
