"""Custom field definitions (portal settings): list, add, edit, delete, rights, locks, the checklist field."""

from api.models import CustomField, CustomValue, FeedEntry, PicklistOption

from .conftest import element, form_of, new_grant, new_user, submit


def add(client, h, module_id, **data):
    return submit(client, h, f"/api/custom-field/add/{module_id}", data)


def listed(client, h, module_id):
    r = client.get(f"/api/custom-field/list/{module_id}", headers=h)
    assert r.status_code == 200, r.get_json()
    return r.get_json()["list"]


def test_add_form_and_add_a_picklist(client, tree, people, token_for, db):
    editor, viewer, deleter, stranger = people
    he = token_for(editor)
    form = form_of(client, he, f"/api/custom-field/add/{tree.portal.id}")
    assert [e["name"] for e in form["elements"]] == ["label", "attribute", "type", "multiple", "symbol",
                                                     "prefixSymbol", "targetType", "options", "_token"]
    assert [o["value"] for o in element(form, "type")["options"]] == ["TEXT", "PICKLIST", "NUMERIC",
                                                                      "DATED_NUMERIC", "DATE"]
    targets = [o["value"] for o in element(form, "targetType")["options"]]
    assert targets[0] == "all" and {"4rineu_project", "4rineu_task"} <= set(targets)
    assert element(form, "options")["type"] == "textarea"
    r = add(client, he, tree.portal.id, label="Énergie class (EU)", type="PICKLIST", targetType="4rineu_project",
            options="A|Class A\nB|Class B\n\nC")
    assert r.status_code == 200, r.get_json()
    f = r.get_json()["item"]
    assert f["attribute"] == "energie_class_eu" and f["targetType"] == "4rineu_project"
    assert f["options"] == [{"value": "A", "label": "Class A"}, {"value": "B", "label": "Class B"},
                            {"value": "C", "label": "C"}]
    assert set(f["links"]) == {"edit"} and f["valueCount"] == 0
    rows = listed(client, token_for(viewer), tree.portal.id)
    assert [x["attribute"] for x in rows] == ["checklist_status", "energie_class_eu"]
    assert all(x["links"] == {} for x in rows)
    assert set(listed(client, token_for(deleter), tree.portal.id)[1]["links"]) == {"edit", "delete"}
    assert "delete" not in listed(client, token_for(deleter), tree.portal.id)[0]["links"]  # the checklist
    # the project now shows the field; the report offers it
    view = client.get(f"/api/module/view/{tree.project.id}", headers=he).get_json()["item"]
    assert "energie_class_eu" in [c["attribute"] for c in view["customFields"]]
    rep = client.get(f"/api/report/list/{tree.portal.id}", headers=he).get_json()["item"]
    assert "energie_class_eu" in [a["attribute"] for a in rep["attributes"]]
    # a numeric with a symbol, all types
    r = add(client, he, tree.portal.id, label="Budget", attribute="budget", type="NUMERIC", symbol="€",
            prefixSymbol="1", multiple="0")
    f = r.get_json()["item"]
    assert f["symbol"] == "€" and f["prefixSymbol"] is True and f["targetType"] is None and f["options"] == []
    assert db.session.query(FeedEntry).filter_by(category="custom_field", operation="add").count() == 2
    assert client.get(f"/api/custom-field/list/{tree.portal.id}", headers=token_for(stranger)).status_code == 404


def test_per_field_errors(client, tree, people, token_for, db):
    he = token_for(people[0])
    add(client, he, tree.portal.id, label="Budget", type="NUMERIC")
    r = add(client, he, tree.portal.id, label="", attribute="Bad Name", type="COLOUR", symbol="x" * 11,
            targetType="4rineu_nothing")
    assert r.status_code == 422
    errors = r.get_json()["errors"]
    assert errors["label"] == ["Label is required"] and set(errors) == {"label", "attribute", "type", "symbol",
                                                                        "targetType"}
    r = add(client, he, tree.portal.id, label="Budget", type="NUMERIC")  # the slug is taken
    assert r.get_json()["errors"] == {"attribute": ["The attribute 'budget' is already used here"]}
    r = add(client, he, tree.portal.id, label="Kind", type="PICKLIST")
    assert r.get_json()["errors"] == {"options": ["A picklist needs at least one option"]}
    r = add(client, he, tree.portal.id, label="Kind", type="PICKLIST", options="a|A\na|Again")
    assert r.get_json()["errors"]["options"] == ["Line 2: the value 'a' appears twice"]
    assert db.session.query(CustomField).count() == 2  # checklist and budget
    # the same attribute on another module is fine
    assert add(client, he, tree.project.id, label="Budget", type="NUMERIC").status_code == 200


def test_edit_options_and_type_rules(client, tree, people, token_for, db):
    editor = people[0]
    he = token_for(editor)
    f = add(client, he, tree.portal.id, label="Class", type="PICKLIST", options="A|Class A\nB|Class B").get_json()["item"]
    url = f["links"]["edit"]["url"]
    form = form_of(client, he, url)
    assert element(form, "options")["value"] == "A|Class A\nB|Class B" and form["method"] == "PUT"
    assert element(form, "type")["value"] == "PICKLIST"
    opt_b = db.session.query(PicklistOption).filter_by(field_id=f["id"], value="B").one()
    db.session.add(CustomValue(field_id=f["id"], module_id=tree.project.id, stringval="B", option_id=opt_b.id,
                               user_id=editor.id))
    db.session.commit()
    r = submit(client, he, url, {"_method": "PUT", "label": "Energy class", "attribute": "energy_class",
                                 "type": "PICKLIST", "options": "B|Class B (good)\nC|Class C"})
    assert r.status_code == 200, r.get_json()
    item = r.get_json()["item"]
    assert item["label"] == "Energy class" and item["attribute"] == "energy_class" and item["valueCount"] == 1
    assert item["options"] == [{"value": "B", "label": "Class B (good)"}, {"value": "C", "label": "Class C"}]
    assert db.session.query(PicklistOption).filter_by(field_id=f["id"], value="B").one().id == opt_b.id  # kept
    r = submit(client, he, url, {"label": "x", "type": "TEXT"})
    assert r.get_json()["errors"] == {"type": ["The type cannot change while the field has values"]}
    # the checklist keeps attribute, type and its two options
    check = next(x for x in listed(client, he, tree.portal.id) if x["attribute"] == "checklist_status")
    curl = check["links"]["edit"]["url"]
    r = submit(client, he, curl, {"label": "Done", "attribute": "done", "type": "TEXT", "options": "x|y"})
    assert set(r.get_json()["errors"]) == {"attribute", "type", "options"}
    r = submit(client, he, curl, {"label": "Done?", "type": "PICKLIST",
                                  "options": "not_completed|Open\ncompleted|Done"})
    assert r.status_code == 200 and r.get_json()["item"]["label"] == "Done?"
    assert db.session.query(FeedEntry).filter_by(category="custom_field", operation="edit").count() == 2


def test_delete_rights_checklist_and_locks(client, tree, people, token_for, db):
    editor, viewer, deleter, stranger = people
    he, hd = token_for(editor), token_for(deleter)
    f = add(client, he, tree.portal.id, label="Note", type="TEXT").get_json()["item"]
    db.session.add(CustomValue(field_id=f["id"], module_id=tree.task.id, stringval="hi", user_id=editor.id))
    db.session.commit()
    url = f"/api/custom-field/delete/{tree.portal.id}/{f['id']}"
    assert client.delete(url, headers=he).status_code == 403
    assert client.delete(url, headers=token_for(viewer)).status_code == 403
    assert client.delete(url, headers=token_for(stranger)).status_code == 404
    assert client.get(f"/api/custom-field/add/{tree.portal.id}", headers=token_for(viewer)).status_code == 403
    assert client.delete(f"/api/custom-field/delete/{tree.project.id}/{f['id']}", headers=hd).status_code == 404
    check = db.session.query(CustomField).filter_by(module_id=tree.portal.id, attribute="checklist_status").one()
    r = client.delete(f"/api/custom-field/delete/{tree.portal.id}/{check.id}", headers=hd)
    assert r.status_code == 409 and r.get_json()["error"] == "The checklist field cannot be deleted"
    # locked: writes answer 423, reads go on
    admin = new_user()
    new_grant(tree.portal, admin, admin=True)
    assert client.patch(f"/api/module/lock/{tree.portal.id}", headers=token_for(admin)).status_code == 200
    assert client.delete(url, headers=hd).status_code == 423
    assert client.get(f"/api/custom-field/add/{tree.portal.id}", headers=hd).status_code == 423
    assert client.post(f"/api/custom-field/edit/{tree.portal.id}/{f['id']}", headers=hd,
                       data={"label": "x", "type": "TEXT"}).status_code == 423
    assert all(x["links"] == {} for x in listed(client, hd, tree.portal.id))
    assert "add_custom_field" not in client.get(f"/api/module/view/{tree.portal.id}", headers=hd).get_json()["item"]["links"]
    assert client.patch(f"/api/module/unlock/{tree.portal.id}", headers=token_for(admin)).status_code == 200
    assert client.delete(url, headers=hd).status_code == 200
    assert db.session.get(CustomField, f["id"]) is None
    assert db.session.query(CustomValue).filter_by(field_id=f["id"]).count() == 0
    assert db.session.query(FeedEntry).filter_by(category="custom_field", operation="delete").count() == 1


def test_delete_a_picklist_with_values(client, tree, people, token_for, db):
    editor, deleter = people[0], people[2]
    f = add(client, token_for(editor), tree.portal.id, label="Heat", type="PICKLIST", options="a|A\nb|B").get_json()["item"]
    opt = db.session.query(PicklistOption).filter_by(field_id=f["id"], value="a").one()
    db.session.add(CustomValue(field_id=f["id"], module_id=tree.project.id, stringval="a", option_id=opt.id,
                               user_id=editor.id))
    db.session.commit()
    r = client.delete(f"/api/custom-field/delete/{tree.portal.id}/{f['id']}", headers=token_for(deleter))
    assert r.status_code == 200, r.get_json()
    assert db.session.query(PicklistOption).filter_by(field_id=f["id"]).count() == 0
