"""The module tree endpoints (issue 2 §2, spec §3 and §7 Modules)."""
import os
from datetime import date

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.forms import make_token
from api.models import (MODULE_OWNED, Article, FileVersion, Brand, CloneConfig, Comment, CustomField, CustomValue, Deliverable,
                        FeedEntry, Invitation, Membership, Metric, Module, PicklistOption, Reference, Report,
                        VaultFile)
from api.models.base import utcnow
from api.services import storage

from .conftest import element, form_of, form_token, new_grant, new_module, new_tree, root, submit

# A row of a list (docs/architecture.md, 'compact list rows') and the module itself (every spec §3 field).
ROW_FIELDS = {"id", "parentId", "idx", "name", "description", "type", "typeLabel", "labelPlural", "tab", "platform",
              "level", "childCount", "locked", "deliverable", "brand", "checklist", "links"}
MODULE_FIELDS = {"id", "parentId", "idx", "name", "description", "type", "typeLabel", "platform", "path", "level",
                 "childCount", "created", "createdBy", "createdById", "locked", "deliverable", "brand",
                 "customFields", "links"}
VIEW_FIELDS = MODULE_FIELDS | {"fullPath", "fqn", "children", "memberships", "childTypes"}
ROW_LINKS = {"view", "edit", "delete", "reindex"}
LINK_KEYS = {"route", "url", "label", "access", "operation"}


@pytest.fixture
def su(make_user, token_for):
    user = make_user(name="Super User", superuser=True)
    return token_for(user)


def view(client, headers, module_id):
    r = client.get(f"/api/module/view/{module_id}", headers=headers)
    assert r.status_code == 200, r.get_json()
    return r.get_json()["item"]


def ids(items):
    return [i["id"] for i in items]


# --- view and list ----------------------------------------------------------------------------------------

def test_view_has_every_spec_field(client, su, tree, make_user):
    owner = make_user(name="Olga Owner", organisation="ACME")
    new_grant(tree.portal, owner, admin=True, role="Coordinator")
    new_grant(tree.project, owner, edit=True)
    _db.session.add(Deliverable(module_id=tree.phase.id, status="IN_PROGRESS", owner_id=owner.id,
                                start_date=date(2030, 1, 1), deadline=date(2030, 2, 1)))
    _db.session.add(Deliverable(module_id=tree.project.id, status="BLOCKED"))
    _db.session.commit()

    item = view(client, su, tree.project.id)
    assert VIEW_FIELDS <= set(item)
    assert item["id"] == tree.project.id and item["parentId"] == tree.portal.id
    assert item["name"] == "Project A" and item["type"] == "4rineu_project" and item["typeLabel"] == "Project"
    assert item["platform"] == "4rineu" and item["level"] == 2 and item["locked"] is False
    assert item["path"] == f"{root().path}{tree.portal.id}/{tree.project.id}/"
    assert item["fullPath"] == [{"id": tree.portal.id, "name": "Portal", "type": "4rineu_portal",
                                 "typeLabel": "Portal"}]
    assert item["fqn"] == "Portal/Project A"
    assert item["childCount"] == 1
    assert item["descendantCount"] == 3 and item["descendantCountExact"]  # phase, task, subtask: a delete takes them
    assert view(client, su, tree.subtask.id)["descendantCount"] == 0
    assert item["deliverable"]["status"] == {"name": "BLOCKED", "label": "Blocked"}
    assert item["brand"] is None
    assert [t["type"] for t in item["childTypes"]] == ["4rineu_phase", "4rineu_task"]
    assert {"label": "Phase", "labelPlural": "Phases", "tab": "phases"}.items() <= item["childTypes"][0].items()
    # Every link is {route, url, label, access, operation}.
    assert item["links"]
    for name, link in item["links"].items():
        assert set(link) == LINK_KEYS, name
    assert item["links"]["view"]["url"] == f"/api/module/view/{tree.project.id}"
    # One level of children, each with its deliverable and links.
    (child,) = item["children"]
    assert set(child) == ROW_FIELDS  # a row, not the whole module
    assert child["id"] == tree.phase.id and child["childCount"] == 1
    d = child["deliverable"]
    assert d["status"] == {"name": "IN_PROGRESS", "label": "In Progress"}
    assert d["ownerId"] == owner.id and d["ownerName"] == "Olga Owner"
    assert d["startDate"] == "2030-01-01" and d["deadline"] == "2030-02-01"
    assert d["commencedDate"] is None and d["completionDate"] is None
    # Its id and the date edits the Gantt follows; everything else is in the child's own view.
    assert isinstance(d["id"], int) and "version" not in d
    assert set(d["links"]) == {"edit", "edit_start_date", "edit_deadline", "edit_dates", "preview_move"}
    assert d["links"]["edit_start_date"]["url"] == f"/api/deliverable/edit-start-date/{tree.phase.id}/{d['id']}"
    assert set(child["links"]) == ROW_LINKS
    assert child["links"]["reindex"]["url"] == f"/api/module/reindex/{tree.phase.id}/{{previous_id}}"
    assert child["checklist"]["completed"] is False and child["checklist"]["value"] is None
    assert child["checklist"]["links"]["toggle"]["route"] == "custom_field.value_add"
    # The module's own deliverable carries its links.
    assert {"find", "edit"} <= set(item["deliverable"]["links"])
    # Memberships: direct first, then inherited ones.
    ms = item["memberships"]
    assert [(m["moduleId"], m["inherited"]) for m in ms] == [(tree.project.id, False), (tree.portal.id, True)]
    direct = ms[0]
    assert {"id", "moduleId", "userId", "userName", "userEmail", "name", "role", "organisation", "admin",
            "allowCreate", "allowView", "allowEdit", "allowDelete", "links"} <= set(direct)
    assert direct["userEmail"] == owner.email and direct["name"] == "Olga Owner" and direct["organisation"] == "ACME"
    assert direct["allowEdit"] is True and direct["admin"] is False
    assert ms[1]["admin"] is True and ms[1]["role"] == "Coordinator"
    # Custom fields defined on the portal apply to the project (the checklist).
    (check,) = item["customFields"]
    assert check["attribute"] == "checklist_status" and check["type"] == "PICKLIST"
    assert check["moduleId"] == tree.project.id
    assert [o["value"] for o in check["options"]] == ["not_completed", "completed"]
    assert check["values"] == []
    assert "add_checklist_status_value" in check["links"]


def test_view_of_a_portal_and_of_a_branded_module(client, su, tree):
    _db.session.add(Brand(module_id=tree.portal.id, logo="x.png", logo_size=1234, logo_mime="image/png"))
    _db.session.commit()
    item = view(client, su, tree.portal.id)
    assert item["fullPath"] == [] and item["fqn"] == "Portal" and item["level"] == 1
    assert item["brand"]["logo"] == 1234
    assert {"view_logo", "save_logo"} <= set(item["brand"]["links"])
    assert [c["name"] for c in item["children"]] == ["Project A", "Project B"]


def test_descendants_are_counted_up_to_a_bound(client, su, tree, monkeypatch):
    """A view's cost does not grow with its subtree: beyond DESCENDANTS_COUNTED, 'more than' that."""
    from api.services import modules
    assert view(client, su, tree.project.id)["descendantCountExact"] is True
    monkeypatch.setattr(modules, "DESCENDANTS_COUNTED", 2)
    project, phase, subtask = (view(client, su, m.id) for m in (tree.project, tree.phase, tree.subtask))
    assert (project["descendantCount"], project["descendantCountExact"]) == (2, False)  # 3 below it
    assert (phase["descendantCount"], phase["descendantCountExact"]) == (2, True)  # task, subtask
    assert (subtask["descendantCount"], subtask["descendantCountExact"]) == (0, True)


@pytest.mark.parametrize("path, ids, scope", [("/1/", [1], 1), ("/1/5/", [1, 5], 5),
                                              ("/1/5/12/40/", [1, 5, 12, 40], 5)])
def test_a_materialized_path_gives_its_ids_and_portal(path, ids, scope):
    from api.models.module import path_ids, scope_id
    assert (path_ids(path), scope_id(path)) == (ids, scope)
    assert path_ids("/") == path_ids(None) == []


def test_view_unknown_module_is_404(client, su):
    r = client.get("/api/module/view/999999", headers=su)
    assert r.status_code == 404 and r.get_json()["error"]


def test_list_children_in_order(client, su, tree):
    extra = new_module(tree.portal, "4rineu_project", "Project C", idx=5)
    new_module(tree.portal, "4rineu_project", "Project Z", idx=-1)
    r = client.get(f"/api/module/list/{tree.portal.id}", headers=su)
    assert r.status_code == 200
    items = r.get_json()["list"]
    assert [i["name"] for i in items] == ["Project Z", "Project A", "Project B", "Project C"]
    for i in items:
        assert set(i) == ROW_FIELDS
    assert items[3]["id"] == extra.id
    assert items[1]["childCount"] == 1
    assert client.get(f"/api/module/list/{tree.subtask.id}", headers=su).get_json() == {"list": []}


# --- add -------------------------------------------------------------------------------------------------

def test_add_form_and_post(client, su, tree):
    url = f"/api/module/add/{tree.project.id}/4rineu_phase"
    form = form_of(client, su, url)
    assert form["method"] == "POST" and form["action"] == url
    assert [e["name"] for e in form["elements"]] == ["name", "description", "_token"]
    assert element(form, "name")["required"] is True
    assert element(form, "description")["type"] == "textarea"
    r = submit(client, su, url, {"name": "  Phase I  ", "description": "Design"})
    assert r.status_code == 200, r.get_json()
    item = r.get_json()["item"]
    assert VIEW_FIELDS <= set(item)
    assert item["name"] == "Phase I" and item["description"] == "Design"
    assert item["type"] == "4rineu_phase" and item["parentId"] == tree.project.id and item["level"] == 3
    assert item["idx"] == 1  # after the existing phase
    assert item["path"] == f"{tree.project.path}{item['id']}/"
    assert item["fqn"] == "Portal/Project A/Phase I"
    assert item["createdBy"] == "Super User"
    assert view(client, su, tree.project.id)["childCount"] == 2


def test_add_a_portal_gets_the_checklist_field(client, su):
    url = f"/api/module/add/{root().id}/4rineu_portal"
    r = submit(client, su, url, {"name": "New portal"})
    assert r.status_code == 200
    item = r.get_json()["item"]
    assert item["level"] == 1 and [f["attribute"] for f in item["customFields"]] == ["checklist_status"]



def test_fields_apply_down_the_path_to_each_row_and_the_module(client, su, tree):
    """Which fields apply is found through each module's path (not every field against every row): a row that
    defines its own checklist field gets it, where it comes first (idx, id); a sibling's never; a field with a
    target type applies to that type only; the module page lists the fields above it in their order."""
    portal_check = _db.session.scalar(sa.select(CustomField).where(CustomField.module_id == tree.portal.id))
    phase_only = CustomField(module_id=tree.portal.id, attribute="phase_code", label="Code", type="TEXT",
                             target_type="4rineu_phase", idx=7)
    project_field = CustomField(module_id=tree.project.id, attribute="budget", label="Budget", type="NUMERIC", idx=3)
    tasks = [tree.task] + [new_module(tree.phase, "4rineu_task", f"Task {i}", idx=i) for i in (2, 3)]
    own = {t.id: CustomField(module_id=t.id, attribute="checklist_status", label="Done", type="PICKLIST", idx=idx)
           for t, idx in ((tasks[1], -1), (tasks[2], 5))}  # task 2's own comes before the portal's, task 3's after
    _db.session.add_all([phase_only, project_field, *own.values()])
    _db.session.flush()
    values = {tasks[0].id: (portal_check, "completed"), tasks[1].id: (own[tasks[1].id], "not_completed"),
              tasks[2].id: (portal_check, "completed")}
    _db.session.add(CustomValue(field_id=own[tasks[2].id].id, module_id=tasks[2].id, stringval="not_completed"))
    for mid, (field, value) in values.items():
        _db.session.add(CustomValue(field_id=field.id, module_id=mid, stringval=value))
    _db.session.commit()
    expected = {t.name: values[t.id][1] for t in tasks}
    rows = view(client, su, tree.phase.id)["children"]
    assert {r["name"]: r["checklist"]["value"] for r in rows} == expected
    listed = client.get(f"/api/module/list/{tree.phase.id}", headers=su).get_json()["list"]
    assert {r["name"]: r["checklist"]["value"] for r in listed} == expected
    # The module itself: the fields above it and its own, in (idx, id) order, of its type.
    assert [f["attribute"] for f in view(client, su, tree.phase.id)["customFields"]] == \
        ["checklist_status", "budget", "phase_code"]
    assert [f["attribute"] for f in view(client, su, tasks[1].id)["customFields"]] == \
        ["checklist_status", "checklist_status", "budget"]
    assert [f["id"] for f in view(client, su, tasks[1].id)["customFields"]][:2] == \
        [own[tasks[1].id].id, portal_check.id]

@pytest.mark.parametrize("data,errors", [
    ({}, {"name": ["Name is required"]}),
    ({"name": "   "}, {"name": ["Name is required"]}),
    ({"name": "x" * 201}, {"name": ["Max 200 characters"]}),
])
def test_add_invalid_form_is_422_per_field(client, su, tree, data, errors):
    before = _db.session.scalar(sa.select(sa.func.count(Module.id)))
    r = submit(client, su, f"/api/module/add/{tree.project.id}/4rineu_phase", data)
    assert r.status_code == 422
    assert r.get_json()["errors"] == errors
    assert r.get_json()["error"]
    assert _db.session.scalar(sa.select(sa.func.count(Module.id))) == before


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_add_a_type_the_skeleton_does_not_allow_is_400(client, su, tree, method):
    url = f"/api/module/add/{tree.portal.id}/4rineu_subtask"
    r = client.open(url, method=method, headers=su,
                    data={"name": "x", "_token": make_token(1, url)} if method == "POST" else None)
    assert r.status_code == 400
    msg = r.get_json()["error"]
    assert "4rineu_subtask" in msg and "Portal" in msg and "4rineu_project" in msg
    # The consultancy skeleton has no phases.
    peb = new_tree("peb", "PEB portal")
    r = client.get(f"/api/module/add/{peb.project.id}/4rineu_phase", headers=su)
    assert r.status_code == 400 and "Building" in r.get_json()["error"]


@pytest.mark.parametrize("type_", ["project", "4rineu_", "4rineu_Project", "x" * 80, "4rineu_a-b"])
def test_add_an_unknown_type_format_is_400(client, su, tree, type_):
    r = client.get(f"/api/module/add/{tree.portal.id}/{type_}", headers=su)
    assert r.status_code == 400
    assert "Unknown module type" in r.get_json()["error"]


# --- edit -------------------------------------------------------------------------------------------------

def test_edit_form_has_current_values(client, su, tree):
    tree.project.description = "About A"
    _db.session.commit()
    form = form_of(client, su, f"/api/module/edit/{tree.project.id}")
    assert form["method"] == "PUT" and form["action"] == f"/api/module/edit/{tree.project.id}"
    assert element(form, "name")["value"] == "Project A"
    assert element(form, "description")["value"] == "About A"
    assert element(form, "_token")["type"] == "hidden"


@pytest.mark.parametrize("method,extra", [("POST", {"_method": "PUT"}), ("PUT", {})])
def test_edit_saves(client, su, tree, method, extra):
    url = f"/api/module/edit/{tree.project.id}"
    r = submit(client, su, url, {"name": "Renamed", "description": "New text", **extra}, method=method)
    assert r.status_code == 200, r.get_json()
    item = r.get_json()["item"]
    assert item["name"] == "Renamed" and item["description"] == "New text"
    assert view(client, su, tree.phase.id)["fqn"] == "Portal/Renamed/Phase 0"


def test_edit_with_json_body(client, su, tree):
    url = f"/api/module/edit/{tree.project.id}"
    r = client.put(url, headers=su, json={"name": "By JSON", "_token": form_token(client, su, url)})
    assert r.status_code == 200 and r.get_json()["item"]["name"] == "By JSON"


def test_edit_invalid_is_422_and_unchanged(client, su, tree):
    r = submit(client, su, f"/api/module/edit/{tree.project.id}", {"name": ""}, method="PUT")
    assert r.status_code == 422 and r.get_json()["errors"] == {"name": ["Name is required"]}
    _db.session.expire_all()
    assert _db.session.get(Module, tree.project.id).name == "Project A"


# --- the form token -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("case", ["missing", "forged", "other_user", "other_action", "garbage"])
def test_form_token_is_required_and_checked(client, make_user, token_for, tree, case):
    editor = make_user()
    other = make_user()
    new_grant(tree.portal, editor, edit=True, create=True)
    headers = token_for(editor)
    url = f"/api/module/edit/{tree.project.id}"
    good = form_token(client, headers, url)
    token = {
        "missing": None,
        "forged": good[:-4] + ("AAAA" if not good.endswith("AAAA") else "BBBB"),
        "other_user": make_token(other.id, url),
        "other_action": form_token(client, headers, f"/api/module/edit/{tree.other.id}"),
        "garbage": "not a token at all",
    }[case]
    data = {"name": "Hacked"}
    if token is not None:
        data["_token"] = token
    r = client.post(url, headers=headers, data=data)
    assert r.status_code == 422
    errors = r.get_json()["errors"]
    assert list(errors) == ["_token"] and errors["_token"][0]
    _db.session.expire_all()
    assert _db.session.get(Module, tree.project.id).name == "Project A"
    # The same for adding.
    add_url = f"/api/module/add/{tree.project.id}/4rineu_phase"
    r = client.post(add_url, headers=headers, data={"name": "x", **({"_token": token} if token else {})})
    assert r.status_code == 422 and "_token" in r.get_json()["errors"]


# --- delete ----------------------------------------------------------------------------------------------------

def _load_everything(module, user, other_field=None):
    """One row of everything a module can carry, files on disk included."""
    mid = module.id
    files = [storage.save_bytes("files", b"file of %d" % mid, ".bin"),
             storage.save_bytes("files", b"old version of %d" % mid, ".bin")]
    logo = storage.save_bytes("logos", b"\x89PNG fake", ".png")
    _db.session.add_all([
        FeedEntry(module_id=mid, created_by_id=user.id, operation="add", category="module", description="x"),
        Membership(module_id=mid, user_id=user.id, allow_view=True),
        Brand(module_id=mid, logo=logo, logo_size=9, logo_mime="image/png"),
        Deliverable(module_id=mid, status="IN_PROGRESS"),
        Invitation(module_id=mid, email="x@example.org", token_hash=f"h{mid}", expires=utcnow()),
        VaultFile(module_id=mid, title="Doc", filename="doc.pdf", stored_name=files[0], filesize=10),
        Reference(module_id=mid, title="Ref", url="https://example.org"),
        CloneConfig(module_id=mid, name="Template"),
    ])
    article = Article(module_id=mid, title="Parent", content="{}")
    comment = Comment(module_id=mid, content="Hello")
    report = Report(module_id=mid)
    field = CustomField(module_id=mid, attribute=f"f{mid}", label="Field", type="PICKLIST")
    _db.session.add_all([article, comment, report, field])
    _db.session.flush()
    option = PicklistOption(field_id=field.id, value="a", label="A")
    vault_file = _db.session.scalar(sa.select(VaultFile).where(VaultFile.module_id == mid))
    _db.session.add_all([FileVersion(file_id=vault_file.id, module_id=mid, filename="old.pdf", stored_name=files[1]),
                         Article(module_id=mid, parent_id=article.id, title="Child", content="{}"),
                         Comment(module_id=mid, parent_id=comment.id, content="Reply"),
                         Metric(report_id=report.id, module_id=mid, title="M", attribute="budget"), option])
    _db.session.flush()
    _db.session.add(CustomValue(field_id=field.id, module_id=mid, option_id=option.id, stringval="a"))
    if other_field is not None:
        _db.session.add(CustomValue(field_id=other_field.id, module_id=mid, stringval="completed"))
    _db.session.commit()
    return [storage.path_of("files", f) for f in files] + [storage.path_of("logos", logo)]


def _count(model, module_ids):
    return _db.session.scalar(sa.select(sa.func.count()).select_from(model).where(model.module_id.in_(module_ids)))


@pytest.mark.parametrize("method", ["GET", "DELETE"])
def test_delete_removes_the_subtree_and_everything_it_carries(client, make_user, token_for, tree, method):
    user = make_user(name="Deleter")
    new_grant(tree.portal, user, delete=True)
    headers = token_for(user)
    check = _db.session.scalar(sa.select(CustomField).where(CustomField.module_id == tree.portal.id))
    doomed = [tree.project, tree.phase, tree.task, tree.subtask]
    doomed_ids = [m.id for m in doomed]
    paths = []
    for m in doomed:
        paths += _load_everything(m, user, other_field=check)
    kept_paths = _load_everything(tree.other, user, other_field=check)
    assert all(os.path.exists(p) for p in paths + kept_paths)

    project_id, portal_id, other_id = tree.project.id, tree.portal.id, tree.other.id
    r = client.open(f"/api/module/delete/{project_id}", method=method, headers=headers)
    assert r.status_code == 200, r.get_json()
    assert "Project A" in r.get_json()["message"]

    _db.session.expire_all()
    assert _db.session.scalar(sa.select(sa.func.count(Module.id)).where(Module.id.in_(doomed_ids))) == 0
    for model in MODULE_OWNED:
        if model is Membership:
            continue
        assert _count(model, doomed_ids) == 0, model.__name__
        assert _count(model, [other_id]) >= 1, model.__name__
    assert _count(Membership, doomed_ids) == 0
    assert _db.session.scalar(sa.select(sa.func.count(PicklistOption.id))) == 2 + 1  # checklist (2) + other's
    assert _db.session.scalar(sa.select(sa.func.count(CustomValue.id)).where(
        CustomValue.field_id == check.id)) == 1  # the sibling's checklist value
    assert not any(os.path.exists(p) for p in paths)
    assert all(os.path.exists(p) for p in kept_paths)
    # The parent's feed records it.
    entry = _db.session.scalars(sa.select(FeedEntry).where(FeedEntry.module_id == portal_id)
                                .order_by(FeedEntry.id.desc())).first()
    assert entry.operation == "delete" and entry.category == "module" and "Project A" in entry.description
    assert entry.created_by_id == user.id
    assert client.get(f"/api/module/view/{project_id}", headers=headers).status_code == 404
    assert [c["name"] for c in view(client, headers, portal_id)["children"]] == ["Project B"]


def test_a_platform_root_cannot_be_deleted(client, su):
    r = client.delete(f"/api/module/delete/{root().id}", headers=su)
    assert r.status_code == 403
    assert _db.session.get(Module, root().id) is not None


# --- reindex --------------------------------------------------------------------------------------------------

def _order(client, headers, parent_id):
    items = client.get(f"/api/module/list/{parent_id}", headers=headers).get_json()["list"]
    return [i["name"] for i in items], [i["idx"] for i in items]


def test_reindex_moves_and_keeps_a_contiguous_order(client, su, tree):
    a, b, c, d = [new_module(tree.project, "4rineu_task", n, idx=i + 1) for i, n in enumerate("ABCD")]
    parent = tree.project.id
    assert _order(client, su, parent)[0] == ["Phase 0", "A", "B", "C", "D"]

    r = client.get(f"/api/module/reindex/{d.id}/0", headers=su)
    assert r.status_code == 200 and r.get_json()["item"]["id"] == d.id
    assert _order(client, su, parent) == (["D", "Phase 0", "A", "B", "C"], [0, 1, 2, 3, 4])

    assert client.get(f"/api/module/reindex/{d.id}/{b.id}", headers=su).status_code == 200
    assert _order(client, su, parent) == (["Phase 0", "A", "B", "D", "C"], [0, 1, 2, 3, 4])

    assert client.get(f"/api/module/reindex/{a.id}/{c.id}", headers=su).status_code == 200
    assert _order(client, su, parent) == (["Phase 0", "B", "D", "C", "A"], [0, 1, 2, 3, 4])

    entry = _db.session.scalars(sa.select(FeedEntry).where(FeedEntry.module_id == parent)
                                .order_by(FeedEntry.id.desc())).first()
    assert entry.operation == "move" and "'A'" in entry.description


def test_reindex_after_a_non_sibling_is_404(client, su, tree):
    r = client.get(f"/api/module/reindex/{tree.other.id}/{tree.phase.id}", headers=su)
    assert r.status_code == 404
    r = client.get(f"/api/module/reindex/{tree.other.id}/{tree.other.id}", headers=su)
    assert r.status_code == 404
    r = client.get(f"/api/module/reindex/{tree.other.id}/999999", headers=su)
    assert r.status_code == 404
    assert _order(client, su, tree.portal.id) == (["Project A", "Project B"], [0, 1])


def test_reindex_a_portal_is_refused(client, su, tree):
    r = client.get(f"/api/module/reindex/{tree.portal.id}/0", headers=su)
    assert r.status_code == 400


# --- detailed list by type -----------------------------------------------------------------------------------

def test_detailed_list_by_type(client, su, tree, make_user):
    direct = new_module(tree.project, "4rineu_task", "Direct task", idx=3)
    other_task = new_module(tree.other, "4rineu_task", "Task of B")
    check = _db.session.scalar(sa.select(CustomField).where(CustomField.module_id == tree.portal.id))
    done = next(o for o in check.options if o.value == "completed")
    _db.session.add(CustomValue(field_id=check.id, module_id=tree.task.id, option_id=done.id, stringval="completed"))
    _db.session.add(Deliverable(module_id=tree.task.id, status="COMPLETED", start_date=date(2030, 1, 1)))
    _db.session.commit()

    r = client.get(f"/api/module/detailed-list-by-type/4rineu_task/{tree.portal.id}", headers=su)
    assert r.status_code == 200
    assert r.get_json()["meta"] == {"page": 1, "perPage": 50, "total": 3}
    rows = {row["name"]: row for row in r.get_json()["list"]}
    assert set(rows) == {"Task 1", "Direct task", "Task of B"}
    t1 = rows["Task 1"]
    assert ROW_FIELDS <= set(t1)
    assert t1["entryId"] == tree.portal.id and t1["entryName"] == "Portal"
    assert t1["breadcrumb"] == ["Portal", "Project A", "Phase 0"]
    assert t1["completed"] is True and t1["deliverable"]["status"]["name"] == "COMPLETED"
    assert t1["parentName"] == "Phase 0" and t1["projectName"] == "Project A" and t1["projectId"] == tree.project.id
    assert rows["Direct task"]["parentName"] == "Project A" and rows["Direct task"]["completed"] is False
    assert rows["Direct task"]["deliverable"] is None
    assert rows["Task of B"]["projectName"] == "Project B" and rows["Task of B"]["id"] == other_task.id
    assert direct.id in ids(r.get_json()["list"])

    r = client.get(f"/api/module/detailed-list-by-type/4rineu_task/{tree.project.id}", headers=su)
    assert {row["name"] for row in r.get_json()["list"]} == {"Task 1", "Direct task"}
    r = client.get(f"/api/module/detailed-list-by-type/4rineu_subtask/{tree.portal.id}", headers=su)
    (sub,) = r.get_json()["list"]
    assert sub["parentName"] == "Task 1" and sub["projectName"] == "Project A"
    r = client.get(f"/api/module/detailed-list-by-type/4rineu_task/{tree.task.id}", headers=su)
    assert r.get_json()["list"] == []  # the module itself is not its own descendant
    assert client.get(f"/api/module/detailed-list-by-type/task/{tree.portal.id}", headers=su).status_code == 400


def test_detailed_list_pages_sorts_and_filters_in_sql(client, su, tree, make_user):
    owner = make_user(name="Anna Owner")
    made = []
    for i in range(7):
        m = new_module(tree.other, "4rineu_task", f"Bulk {i:02d}", idx=i)
        made.append(m)
        if i % 2 == 0:
            _db.session.add(Deliverable(module_id=m.id, status="BLOCKED" if i % 4 == 0 else "IN_PROGRESS",
                                        owner_id=owner.id, deadline=date(2031, 1, 1 + i)))
    _db.session.commit()
    url = f"/api/module/detailed-list-by-type/4rineu_task/{tree.portal.id}"

    def get(**query):
        r = client.get(url, headers=su, query_string=query)
        assert r.status_code == 200, r.get_json()
        body = r.get_json()
        return [row["name"] for row in body["list"]], body["meta"]

    names, meta = get(perPage=3, page=1, sort="name")
    assert meta == {"page": 1, "perPage": 3, "total": 8} and names == ["Bulk 00", "Bulk 01", "Bulk 02"]
    names, meta = get(perPage=3, page=3, sort="name")
    assert names == ["Bulk 06", "Task 1"]
    assert get(perPage=3, page=4, sort="name")[0] == []
    assert get(sort="-name", perPage=2)[0] == ["Task 1", "Bulk 06"]
    assert get(status="BLOCKED")[0] == ["Bulk 00", "Bulk 04"]
    assert sorted(get(status="BLOCKED,IN_PROGRESS")[0]) == ["Bulk 00", "Bulk 02", "Bulk 04", "Bulk 06"]
    assert get(owner=owner.id, sort="-deadline")[0] == ["Bulk 06", "Bulk 04", "Bulk 02", "Bulk 00"]
    assert get(**{"from": "2031-01-03", "to": "2031-01-05", "sort": "deadline"})[0] == ["Bulk 02", "Bulk 04"]
    assert get(q="bulk 0", perPage=2)[1]["total"] == 7
    # Tasks sort by deadline with the undated ones last, whichever the direction.
    assert get(sort="deadline")[0][:4] == ["Bulk 00", "Bulk 02", "Bulk 04", "Bulk 06"]
    assert get(sort="-deadline")[0][:4] == ["Bulk 06", "Bulk 04", "Bulk 02", "Bulk 00"]
    for bad in ({"page": "0"}, {"perPage": "501"}, {"perPage": "x"}, {"sort": "colour"}, {"status": "DONE"},
                {"owner": "me"}, {"from": "01/02/2031"}):
        r = client.get(url, headers=su, query_string=bad)
        assert r.status_code == 400 and set(r.get_json()["errors"]) == set(bad), (bad, r.get_json())


def test_detailed_list_in_tree_order_groups_by_portal_and_project_and_follows_idx(client, su, tree):
    # Project B comes first among its siblings; in it, tasks are placed against the order of their ids.
    tree.other.idx, tree.project.idx = -1, 0
    _db.session.commit()
    late = new_module(tree.other, "4rineu_task", "B second", idx=5)
    early = new_module(tree.other, "4rineu_task", "B first", idx=1)
    new_module(tree.project, "4rineu_task", "A direct", idx=9)
    _db.session.add(Deliverable(module_id=late.id, status="VERIFIED_COMPLETE"))
    _db.session.commit()
    r = client.get(f"/api/module/detailed-list-by-type/4rineu_task/{tree.portal.id}", headers=su)
    rows = r.get_json()["list"]
    assert [x["name"] for x in rows] == ["B first", "B second", "A direct", "Task 1"]
    assert [x["projectName"] for x in rows] == ["Project B", "Project B", "Project A", "Project A"]
    assert early.id > late.id
    r = client.get(f"/api/module/detailed-list-by-type/4rineu_task/{tree.portal.id}", headers=su,
                   query_string={"sort": "-tree"})
    assert [x["name"] for x in r.get_json()["list"]] == ["Task 1", "A direct", "B second", "B first"]
    r = client.get(f"/api/module/detailed-list-by-type/4rineu_task/{tree.portal.id}", headers=su,
                   query_string={"status": "VERIFIED_COMPLETE"})
    assert [x["name"] for x in r.get_json()["list"]] == ["B second"]


def test_detailed_list_shows_only_what_a_member_can_see(client, make_user, token_for, tree):
    member = make_user()
    new_grant(tree.project, member)
    r = client.get(f"/api/module/detailed-list-by-type/4rineu_task/{tree.project.id}", headers=token_for(member))
    assert [row["name"] for row in r.get_json()["list"]] == ["Task 1"]
    r = client.get(f"/api/module/detailed-list-by-type/4rineu_task/{tree.portal.id}", headers=token_for(member))
    assert r.status_code == 404


def test_task_rows_carry_the_trail_to_their_real_parent(client, su, tree):
    """A task row names every ancestor from its portal down to its parent with the tab each lives under, so a
    link opens it over its real parent: a phase's tasks tab, a project's tasks tab, a task's subtasks tab."""
    direct = new_module(tree.project, "4rineu_task", "Direct task", idx=3)
    url = f"/api/module/detailed-list-by-type/{{}}/{tree.portal.id}"
    rows = {r["name"]: r for r in client.get(url.format("4rineu_task"), headers=su).get_json()["list"]}

    def trail(row):
        return [(a["id"], a["type"], a["typeLabel"], a["level"], a["tab"]) for a in row["ancestors"]]

    portal = (tree.portal.id, "4rineu_portal", "Portal", 1, "portals")
    project = (tree.project.id, "4rineu_project", "Project", 2, "projects")
    in_phase = rows["Task 1"]
    assert trail(in_phase) == [portal, project, (tree.phase.id, "4rineu_phase", "Phase", 3, "phases")]
    assert in_phase["tab"] == "tasks" and in_phase["parentId"] == tree.phase.id
    assert [a["name"] for a in in_phase["ancestors"]] == in_phase["breadcrumb"] == ["Portal", "Project A", "Phase 0"]
    assert trail(rows["Direct task"]) == [portal, project]
    assert rows["Direct task"]["tab"] == "tasks" and rows["Direct task"]["id"] == direct.id

    (sub,) = client.get(url.format("4rineu_subtask"), headers=su).get_json()["list"]
    assert trail(sub) == [portal, project, (tree.phase.id, "4rineu_phase", "Phase", 3, "phases"),
                          (tree.task.id, "4rineu_task", "Task", 4, "tasks")]
    assert sub["tab"] == "subtasks" and sub["parentId"] == tree.task.id

    # On a consultancy platform the same types have other names: the tabs follow its skeleton.
    peb = new_tree("peb", "PEB")
    building_task = new_module(peb.project, "4rineu_task", "Audit")
    (row,) = client.get(f"/api/module/detailed-list-by-type/4rineu_task/{peb.portal.id}", headers=su,
                        query_string={"q": "audit"}).get_json()["list"]
    assert row["id"] == building_task.id and row["tab"] == "tasks"
    assert [(a["typeLabel"], a["tab"]) for a in row["ancestors"]] == [("Portal", "portals"), ("Building", "buildings")]


def test_tree_order_read_parent_by_parent_is_the_joined_order(app, make_user, tree):
    """PostgreSQL reads a tree-ordered page parent by parent (LATERAL, modules._tree_by_parent); it must give the
    rows of the joined form, in its order, for every root level, direction, filter and reader, page by page."""
    import dataclasses
    from api.services import modules
    if _db.engine.dialect.name != "postgresql":
        pytest.skip("LATERAL is PostgreSQL's; SQLite keeps the joined form")
    second = new_tree(name="Second portal")
    third = new_module(tree.portal, "4rineu_project", "Project C", idx=-2)
    late_phase = new_module(tree.project, "4rineu_phase", "Phase 1", idx=-1)
    made = []
    for n, parent in enumerate([tree.phase, late_phase, tree.project, tree.other, third, second.phase,
                                second.project] * 3):
        made.append(new_module(parent, "4rineu_task", f"T{n:02d}", idx=(n * 7) % 5 - 2))
    for n, m in enumerate(made[::3]):
        _db.session.add(Deliverable(module_id=m.id, status="BLOCKED" if n % 2 else "IN_PROGRESS"))
    member = make_user()
    new_grant(tree.other, member)
    new_grant(late_phase, member)
    _db.session.commit()
    su = make_user(superuser=True)
    checked = 0
    for user, roots in ((su, [root(), tree.portal, tree.project, tree.phase]), (member, [tree.other, late_phase])):
        for start in roots:
            visible = modules._visible_clause(user, start)
            for descending in (False, True):
                for status in (None, ["BLOCKED"]):
                    shape = modules._TaskShape(min(start.level, 2), "tree", descending, bool(status), False, False,
                                               False, False)
                    params = {"prefix": start.path + "%", "type": "4rineu_task", "root": start.id,
                              "status": status or [], "owner": None, "from": None, "to": None, "q": None}
                    pages = {}
                    for by_parent in (False, True):
                        count, page = modules._build_task_statements(
                            dataclasses.replace(shape, by_parent=by_parent), visible)
                        total = _db.session.scalar(count, params)
                        pages[by_parent] = [_db.session.scalars(page, {**params, "limit": 4, "offset": o}).all()
                                            for o in range(0, total + 4, 4)]
                    assert pages[True] == pages[False], (user.email, start.name, descending, status)
                    checked += sum(len(p) for p in pages[True])
    assert checked > 100


def test_a_member_of_some_projects_lists_exactly_their_tasks(client, make_user, token_for, tree):
    """Someone who sees only some projects of a portal enters by those projects: each one's task list holds its
    own tasks, grouped under the portal it belongs to; the portal's list stays hidden (404, as the portal)."""
    member = make_user()
    third = new_module(tree.portal, "4rineu_project", "Project C", idx=2)
    new_module(third, "4rineu_task", "Task of C")
    new_module(tree.other, "4rineu_task", "Task of B")
    new_grant(tree.project, member)
    new_grant(third, member)
    headers = token_for(member)
    entries = client.get("/api/membership/list-entry-modules", headers=headers).get_json()["list"]
    assert sorted(e["name"] for e in entries) == ["Project A", "Project C"]
    for project, names in ((tree.project, ["Task 1"]), (third, ["Task of C"])):
        r = client.get(f"/api/module/detailed-list-by-type/4rineu_task/{project.id}", headers=headers)
        rows = r.get_json()["list"]
        assert [x["name"] for x in rows] == names and r.get_json()["meta"]["total"] == len(names)
        assert {(x["entryId"], x["projectId"]) for x in rows} == {(tree.portal.id, project.id)}
    assert client.get(f"/api/module/detailed-list-by-type/4rineu_task/{tree.other.id}",
                      headers=headers).status_code == 404
    assert client.get(f"/api/module/detailed-list-by-type/4rineu_task/{tree.portal.id}",
                      headers=headers).status_code == 404


# --- lock and unlock -----------------------------------------------------------------------------------------------

def test_lock_and_unlock(client, make_user, token_for, tree):
    admin = make_user()
    editor = make_user()
    new_grant(tree.portal, admin, admin=True)
    new_grant(tree.portal, editor, edit=True, delete=True, create=True)
    ha, he = token_for(admin), token_for(editor)
    pid = tree.project.id

    assert client.patch(f"/api/module/lock/{pid}", headers=he).status_code == 403
    assert "lock" not in view(client, he, pid)["links"]
    assert "lock" in view(client, ha, pid)["links"]

    edit_token = form_token(client, he, f"/api/module/edit/{pid}")
    r = client.patch(f"/api/module/lock/{pid}", headers=ha)
    assert r.status_code == 200
    item = r.get_json()["item"]
    assert item["locked"] is True
    assert "unlock" in item["links"] and "lock" not in item["links"]

    for headers in (ha, he):
        links = view(client, headers, pid)["links"]
        assert not {"edit", "delete", "lock"} & set(links)
        assert "view" in links
    # The parent's view shows the child locked, without edit or delete.
    child = next(c for c in view(client, ha, tree.portal.id)["children"] if c["id"] == pid)
    assert child["locked"] is True and not {"edit", "delete"} & set(child["links"])

    r = client.post(f"/api/module/edit/{pid}", headers=he, data={"name": "x", "_token": edit_token})
    assert r.status_code == 423 and r.get_json()["error"]
    assert client.get(f"/api/module/edit/{pid}", headers=ha).status_code == 423
    assert client.delete(f"/api/module/delete/{pid}", headers=ha).status_code == 423
    assert client.patch(f"/api/module/lock/{pid}", headers=ha).status_code == 423
    assert client.patch(f"/api/module/unlock/{pid}", headers=he).status_code == 403

    r = client.patch(f"/api/module/unlock/{pid}", headers=ha)
    assert r.status_code == 200 and r.get_json()["item"]["locked"] is False
    assert {"edit", "delete", "lock"} <= set(view(client, ha, pid)["links"])
    assert submit(client, he, f"/api/module/edit/{pid}", {"name": "Edited"}).status_code == 200
    ops = _db.session.scalars(sa.select(FeedEntry.operation).where(FeedEntry.module_id == pid)
                              .order_by(FeedEntry.id)).all()
    assert ops == ["lock", "unlock", "edit"]


# --- entry modules, platforms, skeleton ---------------------------------------------------------------------------------

def test_list_entry_modules(client, make_user, token_for, tree):
    peb = new_tree("peb", "PEB portal")
    su_user = make_user(superuser=True)
    member = make_user()
    project_only = make_user()
    nobody = make_user()
    new_grant(tree.portal, member)
    new_grant(tree.project, member, edit=True)      # below a portal they see: not an entry
    new_grant(peb.project, member)                   # a building on another platform
    new_grant(tree.project, project_only)
    new_grant(tree.other, project_only, view=False)  # a membership without view gives nothing

    def entries(user):
        r = client.get("/api/membership/list-entry-modules", headers=token_for(user))
        assert r.status_code == 200
        return r.get_json()["list"]

    items = entries(su_user)
    assert [i["name"] for i in items] == ["Portal", "PEB portal"] or \
        sorted(i["name"] for i in items) == ["PEB portal", "Portal"]
    assert all(i["level"] == 1 for i in items)
    assert all(set(i) == ROW_FIELDS for i in items)
    assert {i["id"] for i in entries(member)} == {tree.portal.id, peb.project.id}
    assert [i["id"] for i in entries(project_only)] == [tree.project.id]
    assert entries(nobody) == []


def test_platforms(client, make_user, token_for, tree):
    su_user = make_user(superuser=True)
    member = make_user()
    nobody = make_user()
    new_grant(tree.project, member)
    r = client.get("/api/meta/platforms", headers=token_for(su_user))
    assert r.status_code == 200
    items = r.get_json()["list"]
    assert [i["platform"] for i in items] == ["4rineu", "peb", "calibr"]
    assert all(set(i) == {"id", "name", "type", "typeLabel", "platform"} for i in items)
    assert [i["platform"] for i in client.get("/api/meta/platforms", headers=token_for(member)).get_json()["list"]] \
        == ["4rineu"]
    assert client.get("/api/meta/platforms", headers=token_for(nobody)).get_json()["list"] == []
    assert client.get("/api/meta/platforms").status_code == 401


def test_platform_skeleton(client, su, tree, make_user, token_for):
    r = client.get(f"/api/meta/platform-skeleton/{tree.task.id}", headers=su)
    assert r.status_code == 200
    rules = r.get_json()["list"]
    assert {(x["parentType"], x["type"]) for x in rules} == {
        ("4rineu_platform", "4rineu_portal"), ("4rineu_portal", "4rineu_project"),
        ("4rineu_project", "4rineu_phase"), ("4rineu_project", "4rineu_task"), ("4rineu_phase", "4rineu_task"),
        ("4rineu_task", "4rineu_subtask")}
    phase = next(x for x in rules if x["type"] == "4rineu_phase")
    assert phase == {"parentType": "4rineu_project", "type": "4rineu_phase", "label": "Phase",
                     "labelPlural": "Phases", "tab": "phases"}
    peb = new_tree("peb", "PEB")
    rules = client.get(f"/api/meta/platform-skeleton/{peb.portal.id}", headers=su).get_json()["list"]
    assert next(x for x in rules if x["type"] == "4rineu_project")["label"] == "Building"
    assert not any(x["type"] == "4rineu_phase" for x in rules)
    stranger = make_user()
    assert client.get(f"/api/meta/platform-skeleton/{tree.task.id}", headers=token_for(stranger)).status_code == 404
