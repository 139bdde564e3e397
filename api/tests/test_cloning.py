"""Cloning a module and templates (spec §1, §2 Clone, §3 Template, §6, §7 Clone and Templates)."""
import json
import os
from datetime import date

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import (Article, CloneConfig, CustomField, CustomValue, Deliverable, FeedEntry, Membership, Module,
                        Reference, VaultFile)
from api.services import storage

from .conftest import element, form_of, new_grant, new_module, new_tree, root, submit


@pytest.fixture
def su(make_user, token_for):
    return token_for(make_user(name="Super User", superuser=True))


def _file(module, title, data, by=None):
    stored = storage.save_bytes("files", data)
    f = VaultFile(module_id=module.id, title=title, filename=title + ".txt", stored_name=stored, filesize=len(data),
                  mime="text/plain", created_by_id=by)
    _db.session.add(f)
    return f


@pytest.fixture
def rich(tree, make_user):
    """The tree with content on the project and its phase."""
    u = make_user(name="Carrier")
    new_grant(tree.project, u, edit=True)
    _db.session.add(Deliverable(module_id=tree.project.id, status="IN_PROGRESS", start_date=date(2030, 1, 1),
                                deadline=date(2030, 2, 1)))
    _db.session.add(Deliverable(module_id=tree.task.id, status="BLOCKED", deadline=date(2030, 3, 1)))
    a = Article(module_id=tree.project.id, title="Guide", content="{}")
    _db.session.add(a)
    _db.session.flush()
    _db.session.add(Article(module_id=tree.project.id, parent_id=a.id, title="Chapter", content="{}"))
    _db.session.add(Reference(module_id=tree.phase.id, title="Spec", url="https://example.org", resource_type="LINK"))
    f1 = _file(tree.project, "plan", b"plan bytes")
    f2 = _file(tree.task, "photo", b"photo bytes")
    check = _db.session.scalar(sa.select(CustomField).where(CustomField.module_id == tree.portal.id))
    _db.session.add(CustomValue(field_id=check.id, module_id=tree.task.id, stringval="completed",
                                option_id=check.options[1].id))
    local = CustomField(module_id=tree.project.id, attribute="budget", label="Budget", type="NUMERIC")
    _db.session.add(local)
    _db.session.flush()
    _db.session.add(CustomValue(field_id=local.id, module_id=tree.phase.id, numval=12.5))
    _db.session.commit()
    tree.user, tree.article, tree.files, tree.local_field = u, a, (f1, f2), local
    return tree


def clone_url(mid):
    return f"/api/clone/module/{mid}"


def do_clone(client, headers, source_id, **data):
    form = form_of(client, headers, clone_url(source_id))
    values = {e["name"]: e["value"] for e in form["elements"]}
    for e in form["elements"]:
        sel = [o["value"] for o in e["options"] if o["selected"]]
        if sel:
            values[e["name"]] = sel[0]
    values.update({k: str(v) for k, v in data.items()})
    return client.post(clone_url(source_id), headers=headers, data=values)


def subtree(module_id):
    m = _db.session.get(Module, module_id)
    return _db.session.scalars(sa.select(Module).where(Module.path.like(m.path + "%")).order_by(Module.level,
                                                                                                Module.idx)).all()


# --- the form ----------------------------------------------------------------------------------------------

def test_clone_form_defaults_and_targets(client, su, rich):
    form = form_of(client, su, clone_url(rich.project.id))
    assert form["action"] == clone_url(rich.project.id) and form["method"] == "POST"
    assert element(form, "name")["value"] == "Project A (copy)"
    parent = element(form, "parentId")
    assert [o["value"] for o in parent["options"]] == [str(rich.portal.id)]
    assert parent["options"][0]["selected"] and parent["options"][0]["label"] == "Portal"
    for flag in ("children", "deliverables", "articles", "files", "references", "customValues"):
        assert element(form, flag)["value"] == "1"
    assert element(form, "members")["value"] == "0"
    assert element(form, "shiftDays")["value"] == 0
    assert element(form, "_token")["type"] == "hidden"
    # A phase can land in any project or phase-holding module of the portal, never inside itself.
    phase_form = form_of(client, su, clone_url(rich.phase.id))
    labels = [o["label"] for o in element(phase_form, "parentId")["options"]]
    assert labels == ["Portal / Project A", "Portal / Project B"]


def test_links_offer_clone_and_templates(client, su, rich, make_user, token_for):
    item = client.get(f"/api/module/view/{rich.project.id}", headers=su).get_json()["item"]
    assert item["links"]["clone"]["url"] == clone_url(rich.project.id)
    assert item["links"]["templates"]["url"] == f"/api/clone-config/list/{rich.project.id}"
    # rows of lists carry neither
    assert "clone" not in item["children"][0]["links"]
    # an editor of the project without create on the portal: templates but no clone
    item = client.get(f"/api/module/view/{rich.project.id}", headers=token_for(rich.user)).get_json()["item"]
    assert "clone" not in item["links"] and "templates" in item["links"]
    # a creator on the portal who only views the project: no clone (spec §6: a new version needs the edit link)
    creator = make_user()
    grant = new_grant(rich.portal, creator, create=True)
    item = client.get(f"/api/module/view/{rich.project.id}", headers=token_for(creator)).get_json()["item"]
    assert "clone" not in item["links"] and "templates" not in item["links"]
    assert client.get(clone_url(rich.project.id), headers=token_for(creator)).status_code == 403
    # ... who may edit it too: clone and templates
    grant.allow_edit = True
    _db.session.commit()
    item = client.get(f"/api/module/view/{rich.project.id}", headers=token_for(creator)).get_json()["item"]
    assert "clone" in item["links"] and "templates" in item["links"]


# --- copying --------------------------------------------------------------------------------------------------

def test_full_copy_of_a_subtree(client, su, rich, app):
    feed_before = _db.session.scalar(sa.select(sa.func.count(FeedEntry.id)))
    r = do_clone(client, su, rich.project.id, name="Project A v2", members="1", shiftDays="10")
    assert r.status_code == 200, r.get_json()
    item = r.get_json()["item"]
    assert item["name"] == "Project A v2" and item["parentId"] == rich.portal.id and item["level"] == 2
    assert item["idx"] == 2  # after Project A (0) and Project B (1)
    new = subtree(item["id"])
    old = subtree(rich.project.id)
    assert [(m.name, m.type, m.level, m.idx) for m in new[1:]] == [(m.name, m.type, m.level, m.idx) for m in old[1:]]
    ids = {m.id for m in new}
    assert not ids & {m.id for m in old}
    for m in new:  # paths and levels recomputed
        parent = _db.session.get(Module, m.parent_id)
        assert m.path == f"{parent.path}{m.id}/" and m.level == parent.level + 1
    by_name = {m.name: m for m in new}
    # deliverables, shifted
    d = _db.session.scalar(sa.select(Deliverable).where(Deliverable.module_id == item["id"]))
    assert d.status == "IN_PROGRESS" and d.start_date == date(2030, 1, 11) and d.deadline == date(2030, 2, 11)
    d2 = _db.session.scalar(sa.select(Deliverable).where(Deliverable.module_id == by_name["Task 1"].id))
    assert d2.deadline == date(2030, 3, 11)
    # articles keep their nesting
    arts = _db.session.scalars(sa.select(Article).where(Article.module_id == item["id"]).order_by(Article.id)).all()
    assert [a.title for a in arts] == ["Guide", "Chapter"] and arts[1].parent_id == arts[0].id
    # references
    assert _db.session.scalar(sa.select(Reference.title).where(Reference.module_id == by_name["Phase 0"].id)) == "Spec"
    # files: new rows, new names, same bytes on disk
    files = _db.session.scalars(sa.select(VaultFile).where(VaultFile.module_id.in_(ids))).all()
    assert sorted(f.title for f in files) == ["photo", "plan"]
    originals = {f.title: f.stored_name for f in rich.files}
    for f in files:
        assert f.stored_name != originals[f.title]
        with open(storage.path_of("files", f.stored_name), "rb") as fh:
            assert fh.read() == (b"plan bytes" if f.title == "plan" else b"photo bytes")
    # members
    assert _db.session.scalar(sa.select(Membership.user_id).where(Membership.module_id == item["id"])) == rich.user.id
    # custom values: the portal's checklist value keeps its field; the project's own field is copied with its value
    v = _db.session.scalar(sa.select(CustomValue).where(CustomValue.module_id == by_name["Task 1"].id))
    assert v.stringval == "completed"
    assert _db.session.get(CustomField, v.field_id).module_id == rich.portal.id
    copied_field = _db.session.scalar(sa.select(CustomField).where(CustomField.module_id == item["id"]))
    assert copied_field.attribute == "budget" and copied_field.id != rich.local_field.id
    assert _db.session.scalar(sa.select(CustomValue.numval).where(CustomValue.field_id == copied_field.id,
                                                                  CustomValue.module_id == by_name["Phase 0"].id)) == 12.5
    # the source is untouched
    assert len(subtree(rich.project.id)) == len(old)
    # feed entries on both
    entries = _db.session.scalars(sa.select(FeedEntry).where(FeedEntry.id > 0).order_by(FeedEntry.id)).all()
    assert len(entries) == feed_before + 2
    ops = {(e.module_id, e.operation) for e in entries[-2:]}
    assert ops == {(rich.project.id, "clone"), (item["id"], "add")}
    # the copy's page shows its children
    assert [c["name"] for c in item["children"]] == ["Phase 0"]


def test_copy_without_children_or_content(client, su, rich):
    r = do_clone(client, su, rich.project.id, children="0", files="0", articles="0", deliverables="0",
                 references="0", customValues="0")
    assert r.status_code == 200, r.get_json()
    new_id = r.get_json()["item"]["id"]
    assert len(subtree(new_id)) == 1
    for model in (Article, VaultFile, Deliverable, Membership, CustomField):
        assert _db.session.scalar(sa.select(sa.func.count()).select_from(model).where(model.module_id == new_id)) == 0


def test_files_and_rows_together_or_not_at_all(client, su, rich, monkeypatch):
    folder = os.path.join(client.application.config["UPLOAD_DIR"], "files")
    before = set(os.listdir(folder))
    modules_before = _db.session.scalar(sa.select(sa.func.count(Module.id)))
    from api.services import cloning

    def boom(*a, **kw):
        raise RuntimeError("disk full")
    monkeypatch.setattr(cloning.feed, "record", lambda user, module, op, *a: boom() if op == "add" else None)
    assert do_clone(client, su, rich.project.id).status_code == 500
    monkeypatch.undo()
    assert set(os.listdir(folder)) == before
    assert _db.session.scalar(sa.select(sa.func.count(Module.id))) == modules_before
    # a file whose bytes are gone is left out (no row without its bytes)
    os.remove(storage.path_of("files", rich.files[1].stored_name))
    r = do_clone(client, su, rich.project.id)
    ids = [m.id for m in subtree(r.get_json()["item"]["id"])]
    assert _db.session.scalars(sa.select(VaultFile.title).where(VaultFile.module_id.in_(ids))).all() == ["plan"]


# --- rights ---------------------------------------------------------------------------------------------------

def test_rights(client, rich, make_user, token_for):
    stranger, viewer, creator, editor = make_user(), make_user(), make_user(), make_user()
    new_grant(rich.portal, viewer)
    new_grant(rich.portal, creator, create=True)
    new_grant(rich.project, creator, edit=True)
    new_grant(rich.project, editor, edit=True, create=True)
    # invisible: 404, on the form and on the post
    assert client.get(clone_url(rich.project.id), headers=token_for(stranger)).status_code == 404
    assert client.post(clone_url(rich.project.id), headers=token_for(stranger), data={}).status_code == 404
    # a viewer may not make a new version (spec §6: the edit right): no clone link, the form and the post refused
    assert "clone" not in client.get(f"/api/module/view/{rich.project.id}",
                                     headers=token_for(viewer)).get_json()["item"]["links"]
    assert client.get(clone_url(rich.project.id), headers=token_for(viewer)).status_code == 403
    r = client.post(clone_url(rich.project.id), headers=token_for(viewer), data={"parentId": rich.portal.id})
    assert r.status_code == 403 and r.get_json()["error"]
    # an editor with nowhere to put a copy is refused too (F16)
    nowhere = make_user()
    new_grant(rich.project, nowhere, edit=True)
    r = client.post(clone_url(rich.project.id), headers=token_for(nowhere), data={"parentId": rich.portal.id})
    assert r.status_code == 403 and r.get_json()["error"] == "You may not create a copy of this module anywhere"
    # an editor of the project (create only inside it) cannot put the copy beside it, nor inside it
    r = do_clone(client, token_for(editor), rich.phase.id, parentId=rich.other.id)
    assert r.status_code == 422 and r.get_json()["errors"]["parentId"] == ["Please choose one of the options"]
    r = do_clone(client, token_for(editor), rich.phase.id, parentId=rich.project.id)
    assert r.status_code == 200, r.get_json()
    # a project cannot be copied into its own subtree (escalation by path): the editor has nowhere to put it
    r = client.post(clone_url(rich.project.id), headers=token_for(editor), data={"parentId": rich.project.id})
    assert r.status_code == 403
    # a creator on the portal may copy, but not take the members along (that needs add-member rights)
    r = do_clone(client, token_for(creator), rich.project.id, members="1")
    assert r.status_code == 403
    r = do_clone(client, token_for(creator), rich.project.id)
    assert r.status_code == 200
    # a template of a module of another type, or of another portal, cannot be used
    for owner in (rich.phase, new_module(root(), "4rineu_portal", "Elsewhere")):
        other_tpl = CloneConfig(module_id=owner.id, name="Other", config="{}")
        _db.session.add(other_tpl)
        _db.session.commit()
        r = do_clone(client, token_for(creator), rich.project.id, templateId=other_tpl.id)
        assert r.status_code == 422 and "templateId" in r.get_json()["errors"]
        assert client.get(clone_url(rich.project.id) + f"?template={other_tpl.id}",
                          headers=token_for(creator)).status_code == 404


def test_locked_target_blocks(client, su, rich):
    rich.portal.locked = True
    _db.session.commit()
    r = do_clone(client, su, rich.project.id)
    assert r.status_code == 423


def test_per_field_errors(client, su, rich):
    r = do_clone(client, su, rich.project.id, name="", parentId="abc", shiftDays="99999", files="maybe")
    assert r.status_code == 422
    errors = r.get_json()["errors"]
    assert errors["name"] == ["Name of the copy is required"]
    assert "parentId" in errors and "shiftDays" in errors and "files" in errors
    r = client.post(clone_url(rich.project.id), headers=su, data={"name": "x", "parentId": rich.portal.id})
    assert r.status_code == 422 and "_token" in r.get_json()["errors"]


# --- query counts ---------------------------------------------------------------------------------------------

def _wide(parent, n, user):
    rows = [Module(parent_id=parent.id, name=f"Task {i}", description="", type="4rineu_task",
                   platform=parent.platform, level=parent.level + 1, idx=i, path=parent.path) for i in range(n)]
    _db.session.add_all(rows)
    _db.session.flush()
    for i, m in enumerate(rows):
        m.path = f"{parent.path}{m.id}/"
        _db.session.add(Deliverable(module_id=m.id, status="NOT_STARTED", deadline=date(2030, 1, 1)))
        _db.session.add(Reference(module_id=m.id, title=f"R{i}", url="https://example.org"))
        _db.session.add(Article(module_id=m.id, title=f"A{i}", content="{}"))
        _db.session.add(Membership(module_id=m.id, user_id=user.id, allow_view=True))
        if i % 10 == 0:
            _file(m, f"f{i}", b"x")
    _db.session.commit()


def test_clone_costs_a_fixed_number_of_queries(client, su, make_user, count_queries):
    tree = new_tree()
    u = make_user()
    counts = {}
    for n in (5, 200):
        project = new_module(tree.portal, "4rineu_project", f"Wide {n}", idx=n)
        phase = new_module(project, "4rineu_phase", "Phase")
        _wide(phase, n, u)
        form = form_of(client, su, clone_url(project.id))
        data = {e["name"]: e["value"] for e in form["elements"]}
        data.update({"parentId": tree.portal.id, "members": "1"})
        with count_queries() as c:
            r = client.post(clone_url(project.id), headers=su, data=data)
        assert r.status_code == 200, r.get_json()
        assert len(subtree(r.get_json()["item"]["id"])) == n + 2
        counts[n] = c.count
    print("clone query counts", counts)
    assert counts[5] == counts[200], counts
    assert counts[200] <= 40, counts


# --- templates ------------------------------------------------------------------------------------------------

def test_template_crud_manage_and_clone_from_it(client, su, rich, make_user, token_for):
    url = f"/api/clone-config/add/{rich.project.id}"
    form = form_of(client, su, url)
    assert [e["name"] for e in form["elements"]][:2] == ["name", "description"]
    r = submit(client, su, url, {"name": "", "children": "1"})
    assert r.status_code == 422 and r.get_json()["errors"]["name"] == ["Name is required"]
    r = submit(client, su, url, {"name": "Renovation", "description": "Phases only", "children": "1",
                                 "deliverables": "1", "articles": "0", "files": "1", "references": "1",
                                 "customValues": "1", "members": "0", "shiftDays": "7"})
    assert r.status_code == 200, r.get_json()
    tpl = r.get_json()["item"]
    assert tpl["name"] == "Renovation" and tpl["module"]["id"] == rich.project.id and tpl["createdBy"] == "Super User"
    assert tpl["config"]["include"]["articles"] is False and tpl["config"]["shiftDays"] == 7
    assert {"manage", "delete", "clone", "edit"} <= set(tpl["links"])
    # listed on the module and on its descendants (ancestors' templates), and on the portal with scope=subtree
    for mid in (rich.project.id, rich.task.id):
        lst = client.get(f"/api/clone-config/list/{mid}", headers=su).get_json()["list"]
        assert [t["name"] for t in lst] == ["Renovation"]
        assert set(lst[0]) >= {"name", "description", "module", "createdBy", "created", "links"}
    assert client.get(f"/api/clone-config/list/{rich.portal.id}", headers=su).get_json()["list"] == []
    assert len(client.get(f"/api/clone-config/list/{rich.portal.id}?scope=subtree", headers=su).get_json()["list"]) == 1
    # manage: one form per dependency
    murl = f"/api/clone-config/manage/{rich.project.id}/{tpl['id']}"
    forms = [json.loads(f) for f in form_of(client, su, murl)["forms"]]
    kinds = [(f["entityType"], f["title"]) for f in forms]
    assert ("module", "Phase: Phase 0") in kinds and ("module", "Task: Task 1") in kinds
    assert ("file", "File: plan") in kinds and ("article", "Article: Guide") in kinds
    for f in forms:
        assert f["action"] == murl and f["method"] == "PUT"
        assert [e["name"] for e in f["elements"]] == ["include", "entityId", "entityType", "id", "_token"]
        assert element(f, "include")["value"] == "1"
    task_form = next(f for f in forms if f["title"] == "Task: Task 1")
    values = {e["name"]: e["value"] for e in task_form["elements"]}
    values.update({"include": "0", "_method": "PUT"})
    r = client.post(murl, headers=su, data=values)
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["item"]["config"]["exclude"] == [{"entityType": "module", "entityId": rich.task.id}]
    forms = [json.loads(f) for f in form_of(client, su, murl)["forms"]]
    assert next(f for f in forms if f["title"] == "Task: Task 1")["included"] is False
    # a forged dependency (a module outside the subtree) is refused per field
    bad = dict(values, entityId=str(rich.other.id))
    r = client.post(murl, headers=su, data=bad)
    assert r.status_code == 422 and "entityId" in r.get_json()["errors"]
    # clone from the template: the task (and its subtask and file) stays behind, articles too
    form = form_of(client, su, clone_url(rich.project.id) + f"?template={tpl['id']}")
    assert element(form, "templateId")["options"][0]["selected"] and element(form, "articles")["value"] == "0"
    data = {e["name"]: e["value"] for e in form["elements"]}
    data.update({"parentId": rich.portal.id, "templateId": tpl["id"]})
    r = client.post(clone_url(rich.project.id), headers=su, data=data)
    assert r.status_code == 200, r.get_json()
    new = subtree(r.get_json()["item"]["id"])
    assert [m.name for m in new] == ["Project A (copy)", "Phase 0"]
    assert _db.session.scalar(sa.select(sa.func.count(Article.id)).where(Article.module_id == new[0].id)) == 0
    # rights: a viewer may list but not manage; 404 when invisible
    viewer, stranger = make_user(), make_user()
    new_grant(rich.project, viewer)
    lst = client.get(f"/api/clone-config/list/{rich.project.id}", headers=token_for(viewer)).get_json()["list"]
    assert lst[0]["links"] == {}  # a viewer could put a copy nowhere: no clone link to a form that fails (F16)
    # Cloning from it is making a new version: edit on the module as well as create where the copy goes (spec §6).
    creator = make_user()
    new_grant(rich.project, creator)
    creator_portal = new_grant(rich.portal, creator, create=True)
    lst = client.get(f"/api/clone-config/list/{rich.project.id}", headers=token_for(creator)).get_json()["list"]
    assert lst[0]["links"] == {}
    creator_portal.allow_edit = True
    _db.session.commit()
    lst = client.get(f"/api/clone-config/list/{rich.project.id}", headers=token_for(creator)).get_json()["list"]
    assert set(lst[0]["links"]) == {"clone", "edit", "manage", "delete"}
    assert client.get(murl, headers=token_for(viewer)).status_code == 403
    assert client.get(f"/api/clone-config/add/{rich.project.id}", headers=token_for(viewer)).status_code == 403
    assert client.delete(f"/api/clone-config/delete/{rich.project.id}/{tpl['id']}",
                         headers=token_for(viewer)).status_code == 403
    assert client.get(murl, headers=token_for(stranger)).status_code == 404
    assert client.get(f"/api/clone-config/list/{rich.project.id}", headers=token_for(stranger)).status_code == 404
    # the template belongs to the project: not reachable through another module
    assert client.get(f"/api/clone-config/manage/{rich.other.id}/{tpl['id']}", headers=su).status_code == 404
    # edit and delete, each with a feed entry
    r = submit(client, su, f"/api/clone-config/edit/{rich.project.id}/{tpl['id']}",
               {"name": "Renovation v2", "children": "1", "_method": "PUT"})
    assert r.status_code == 200 and r.get_json()["item"]["name"] == "Renovation v2"
    assert r.get_json()["item"]["config"]["exclude"]  # exclusions survive an edit
    assert client.delete(f"/api/clone-config/delete/{rich.project.id}/{tpl['id']}", headers=su).status_code == 200
    assert _db.session.scalar(sa.select(sa.func.count(CloneConfig.id))) == 0
    ops = _db.session.scalars(sa.select(FeedEntry.operation).where(FeedEntry.category == "template")
                              .order_by(FeedEntry.id)).all()
    assert ops == ["add", "edit", "edit", "delete"]


def test_locked_module_blocks_template_management(client, su, rich):
    rich.project.locked = True
    _db.session.commit()
    assert client.get(f"/api/clone-config/add/{rich.project.id}", headers=su).status_code == 423


def test_a_project_is_made_from_a_template_of_another_project_of_its_portal(client, su, rich, make_user, token_for):
    """Project A's clone dialog offers the template made on Project A's sibling model (same type, same portal);
    cloning from it makes a new project from that model, with what the template includes."""
    model = new_module(rich.portal, "4rineu_project", "Methodology model", idx=5)
    new_module(model, "4rineu_phase", "Phase I", idx=0)
    new_module(model, "4rineu_phase", "Phase II", idx=1)
    tpl = CloneConfig(module_id=model.id, name="Renovation case",
                      config=json.dumps({"include": {"children": True}, "shiftDays": 0, "exclude": []}))
    _db.session.add(tpl)
    phase_tpl = CloneConfig(module_id=rich.phase.id, name="A phase", config="{}")
    _db.session.add(phase_tpl)
    _db.session.commit()
    offered = client.get(f"/api/clone-config/list/{rich.project.id}", headers=su).get_json()["list"]
    assert [(t["name"], t["module"]["name"]) for t in offered] == [("Renovation case", "Methodology model")]
    form = form_of(client, su, clone_url(rich.project.id) + f"?template={tpl.id}")
    assert element(form, "name")["value"] == "Methodology model (copy)"
    r = do_clone(client, su, rich.project.id, templateId=tpl.id, name="Porto demo case", parentId=rich.portal.id)
    assert r.status_code == 200, r.get_json()
    new = subtree(r.get_json()["item"]["id"])
    assert [m.name for m in new] == ["Porto demo case", "Phase I", "Phase II"]
    assert new[0].parent_id == rich.portal.id
    # someone who may not see the model is not offered its template, nor may use it
    editor = make_user()
    new_grant(rich.project, editor, edit=True)
    new_grant(rich.portal, editor, create=True, view=False)
    assert client.get(f"/api/clone-config/list/{rich.project.id}", headers=token_for(editor)).get_json()["list"] == []
    assert client.get(clone_url(rich.project.id) + f"?template={tpl.id}", headers=token_for(editor)).status_code == 404
