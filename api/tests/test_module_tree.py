"""module/tree: a module's subtree with roll-ups on its parents (issue 40, point 4 'Parents add up')."""
from api.extensions import db as _db
from api.models import Deliverable

from .conftest import new_grant, new_module


def tree_of(client, headers, module_id, query=""):
    r = client.get(f"/api/module/tree/{module_id}{query}", headers=headers)
    assert r.status_code == 200, r.get_json()
    return r.get_json()["item"]


def status_of(module, status):
    _db.session.add(Deliverable(module_id=module.id, status=status))


def test_the_subtree_depth_first_with_rollups_and_the_flag(client, make_user, token_for, tree):
    su = token_for(make_user(superuser=True))
    phase2 = new_module(tree.project, "4rineu_phase", "Phase I", idx=1)
    done_task = new_module(phase2, "4rineu_task", "Done task")
    blocked = new_module(phase2, "4rineu_task", "Blocked task", idx=1)
    for m, s in ((tree.phase, "IN_PROGRESS"), (tree.task, "COMPLETED"), (tree.subtask, "VERIFIED_COMPLETE"),
                 (phase2, "COMPLETED"), (done_task, "COMPLETED"), (blocked, "BLOCKED")):
        status_of(m, s)
    _db.session.commit()

    item = tree_of(client, su, tree.project.id)
    assert item["truncated"] is False and item["moduleId"] == tree.project.id
    rows = item["rows"]
    assert [(r["name"], r["depth"]) for r in rows] == [
        ("Phase 0", 0), ("Task 1", 1), ("Subtask 1", 2), ("Phase I", 0), ("Done task", 1), ("Blocked task", 1)]
    by = {r["name"]: r for r in rows}
    assert by["Phase 0"]["rollup"] == {"total": 2, "done": 2, "byStatus": {"COMPLETED": 1, "VERIFIED_COMPLETE": 1},
                                       "flagged": False}
    assert by["Task 1"]["rollup"] == {"total": 1, "done": 1, "byStatus": {"VERIFIED_COMPLETE": 1}, "flagged": False}
    # Phase I is Completed with a Blocked task: flagged.
    assert by["Phase I"]["rollup"] == {"total": 2, "done": 1, "byStatus": {"COMPLETED": 1, "BLOCKED": 1},
                                       "flagged": True}
    assert "rollup" not in by["Subtask 1"] and "rollup" not in by["Blocked task"]
    # The tab each row lives under on its parent's page, the row's links (view; reindex for the direct children).
    assert by["Task 1"]["tab"] == "tasks" and by["Phase 0"]["tab"] == "phases"
    assert by["Task 1"]["links"]["view"]["url"] == f"/api/module/view/{tree.task.id}"
    assert "reindex" in by["Phase 0"]["links"] and "reindex" not in by["Task 1"]["links"]


def test_a_type_keeps_the_rows_of_that_type_and_their_parents(client, make_user, token_for, tree):
    su = token_for(make_user(superuser=True))
    new_module(tree.project, "4rineu_phase", "Empty phase", idx=1)
    rows = tree_of(client, su, tree.project.id, "?type=4rineu_task")["rows"]
    assert [r["name"] for r in rows] == ["Phase 0", "Task 1"]
    assert tree_of(client, su, tree.project.id, "?type=4rineu_report")["rows"] == []
    r = client.get(f"/api/module/tree/{tree.project.id}?type=nope", headers=su)
    assert r.status_code == 400 and r.get_json()["errors"] == {"type": ["Unknown module type 'nope'"]}


def test_what_the_reader_may_not_see_is_not_shown(client, make_user, token_for, tree):
    # Lara views Phase 0's subtree only: from the portal she sees that part, Project B not at all.
    lara = make_user(name="Lara")
    new_grant(tree.phase, lara)
    headers = token_for(lara)
    rows = tree_of(client, headers, tree.phase.id)["rows"]
    assert [r["name"] for r in rows] == ["Task 1", "Subtask 1"]
    assert client.get(f"/api/module/tree/{tree.project.id}", headers=headers).status_code == 404
    assert client.get(f"/api/module/tree/{tree.other.id}", headers=headers).status_code == 404
    assert client.get("/api/module/tree/999999", headers=headers).status_code == 404
    # A portal viewer of one project below a portal she cannot view: through a project grant on Project B only.
    ben = make_user(name="Ben")
    new_grant(tree.other, ben)
    new_module(tree.other, "4rineu_phase", "B phase")
    assert [r["name"] for r in tree_of(client, token_for(ben), tree.other.id)["rows"]] == ["B phase"]


def test_the_cap_and_a_fixed_number_of_queries(client, make_user, token_for, tree, count_queries, monkeypatch):
    viewer = make_user(name="Vera")
    new_grant(tree.portal, viewer)
    headers = token_for(viewer)

    def cost():
        with count_queries() as q:
            tree_of(client, headers, tree.portal.id)
        return q.count

    small = cost()
    for i in range(30):
        phase = new_module(tree.project, "4rineu_phase", f"P{i}", idx=i + 1, commit=False)
        status_of(phase, "COMPLETED")
        for j in range(3):
            status_of(new_module(phase, "4rineu_task", f"T{i}.{j}", idx=j, commit=False), "BLOCKED")
    _db.session.commit()
    assert cost() == small
    item = tree_of(client, headers, tree.portal.id)
    assert len(item["rows"]) == 5 + 120 and sum(r.get("rollup", {}).get("flagged", False) for r in item["rows"]) == 30
    from api.services import modules
    monkeypatch.setattr(modules.load_tree, "__defaults__", (None, 10))  # the cap, as the route leaves it
    item = tree_of(client, headers, tree.portal.id)
    assert item["truncated"] is True and len(item["rows"]) == 10


def test_offered_as_the_module_s_tree_link_and_revalidated(client, make_user, token_for, tree):
    viewer = make_user(name="Vera")
    new_grant(tree.portal, viewer)
    headers = token_for(viewer)
    link = client.get(f"/api/module/view/{tree.project.id}", headers=headers).get_json()["item"]["links"]["tree"]
    assert link["url"] == f"/api/module/tree/{tree.project.id}" and link["operation"] == "GET"
    first = client.get(link["url"], headers=headers)
    assert first.status_code == 200 and first.headers["ETag"]
    again = client.get(link["url"], headers={**headers, "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    # Another type is another answer.
    typed = client.get(f"{link['url']}?type=4rineu_task", headers={**headers, "If-None-Match": first.headers["ETag"]})
    assert typed.status_code == 200
