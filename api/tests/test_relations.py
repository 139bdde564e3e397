"""Relations between modules (issue 42, point 1): kinds from either side, lag, one row per pair, cycles refused
with the cycle named, rights on both ends, hidden ends never shown, counted or named, and a module's deletion
taking its relations along."""
import json

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import FeedEntry, Relation

from .conftest import new_grant, new_module


def form(client, h, url):
    r = client.get(url, headers=h)
    assert r.status_code == 200, (url, r.status_code, r.get_json())
    return r.get_json()


def send(client, h, url, data, method="POST", form_url=None):
    f = form(client, h, form_url or url)
    token = next(e["value"] for e in f["elements"] if e["name"] == "_token")
    return client.open(url, method=method, headers=h, json={**data, "_token": token})


def relate(client, h, a, b, kind="FS", lag=0, status=200):
    r = send(client, h, f"/api/relation/add/{a.id}", {"other": b.id, "kind": kind, "lag": lag})
    assert r.status_code == status, r.get_json()
    return r.get_json()


def listed(client, h, m):
    r = client.get(f"/api/relation/list/{m.id}", headers=h)
    assert r.status_code == 200, r.get_json()
    return r.get_json()["list"]


@pytest.fixture
def plan(tree):
    """Three tasks side by side in Phase 0 (the tree's task is the first), and a task of Project B."""
    t2 = new_module(tree.phase, "4rineu_task", "Task 2", idx=1)
    t3 = new_module(tree.phase, "4rineu_task", "Task 3", idx=2)
    b1 = new_module(tree.other, "4rineu_phase", "Phase B")
    return tree.task, t2, t3, b1


def test_every_kind_from_either_side_reads_right_from_both_ends(client, tree, plan, h):
    t1, t2, t3, b1 = plan
    cases = [("FS", "precedes", "follows"), ("FS_IN", "follows", "precedes"), ("SS", "starts before", "starts after"),
             ("SS_IN", "starts after", "starts before"), ("FF", "finishes before", "finishes after"),
             ("FF_IN", "finishes after", "finishes before"),
             ("SF", "starts before the finish of", "finishes after the start of"),
             ("SF_IN", "finishes after the start of", "starts before the finish of"),
             ("BLOCKS", "blocks", "is blocked by"), ("BLOCKS_IN", "is blocked by", "blocks"),
             ("RELATES", "relates to", "relates to")]
    for side, here, there in cases:
        item = relate(client, h, t1, t2, side, lag=-2)["item"]
        assert (item["side"], item["words"], item["lag"], item["other"]["name"]) == (side, here, -2, "Task 2")
        assert item["other"]["links"]["view"]["url"] == f"/api/module/view/{t2.id}"
        assert set(item["links"]) == {"edit", "delete"}
        (back,) = listed(client, h, t2)
        assert (back["id"], back["words"], back["other"]["id"]) == (item["id"], there, t1.id)
        outgoing = not side.endswith("_IN")
        assert (item["fromId"], item["toId"]) == ((t1.id, t2.id) if outgoing or side == "RELATES" else (t2.id, t1.id))
        assert client.delete(item["links"]["delete"]["url"], headers=h).status_code == 200
        assert listed(client, h, t1) == []


def test_one_relation_per_pair_either_way(client, plan, h):
    t1, t2, *_ = plan
    relate(client, h, t1, t2)
    body = relate(client, h, t2, t1, "BLOCKS", status=409)
    assert body["errors"] == {"other": ["Already related to this module"]}
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(Relation)) == 1


def test_a_cycle_is_refused_and_named(client, tree, plan, h, make_user, token_for):
    t1, t2, t3, b1 = plan
    relate(client, h, t1, t2)             # t1 -> t2
    relate(client, h, t2, t3, "SS")       # t2 -> t3
    body = relate(client, h, t3, t1, "FS", status=422)  # t3 -> t1 closes it
    assert body["errors"]["other"] == ["It would close a cycle: Task 3 → Task 1 → Task 2 → Task 3"]
    assert relate(client, h, t1, t3, "FS_IN", status=422)["errors"]["other"][0].startswith("It would close a cycle")
    relate(client, h, t3, t1, "RELATES")  # no direction: no cycle (and t1-t3 are now related)
    # Someone who sees only Task 1 and Task 3 learns nothing of Task 2's name.
    t4 = new_module(tree.phase, "4rineu_task", "Task 4", idx=3)
    relate(client, h, t3, t4)             # t3 -> t4
    one = make_user(name="One")
    for m in (t1, t4):
        new_grant(m, one, edit=True)
    body = relate(client, token_for(one), t4, t1, status=422)
    assert body["errors"]["other"] == ["It would close a cycle: Task 4 → Task 1 → a module you cannot see → "
                                       "a module you cannot see → Task 4"]
    assert "Task 2" not in json.dumps(body) and "Task 3" not in json.dumps(body)


def test_pairs_the_rules_refuse(client, tree, plan, h, make_user):
    t1, t2, t3, b1 = plan
    assert relate(client, h, t1, t1, status=422)["errors"] == {"other": ["Choose another module"]}
    assert relate(client, h, t1, tree.phase, status=422)["errors"] == {
        "other": ["A module cannot depend on a module above or below it"]}
    assert relate(client, h, t1, tree.subtask, "BLOCKS", status=422)["errors"]["other"]
    relate(client, h, t1, tree.phase, "RELATES")  # 'relates to' sets no date
    elsewhere = new_module(new_module(None, "4rineu_portal", "Other portal"), "4rineu_project", "Elsewhere")
    assert relate(client, h, t1, elsewhere, status=422)["errors"]["other"] == [
        "Choose a project, or a module in one, of the same portal"]
    assert relate(client, h, t1, tree.portal, status=422)["errors"]["other"]
    relate(client, h, t1, b1)  # another project of the portal
    for bad in ({"other": t2.id, "kind": "SOON"}, {"other": t2.id, "kind": "FS", "lag": 5000},
                {"other": t2.id, "kind": "FS", "lag": 1.5}, {"kind": "FS"}):
        r = send(client, h, f"/api/relation/add/{t1.id}", bad)
        assert r.status_code == 422, (bad, r.get_json())
    assert send(client, h, f"/api/relation/add/{t1.id}", {"other": 99999999, "kind": "FS"}).status_code == 404


def test_rights_on_both_ends(client, tree, plan, h, make_user, token_for):
    t1, t2, t3, b1 = plan
    editor, viewer = make_user(name="Ed"), make_user(name="Vi")
    new_grant(tree.project, editor, edit=True)  # not on Project B
    new_grant(tree.project, viewer)
    he, hv = token_for(editor), token_for(viewer)
    # An end the editor cannot see answers 404, as any unseen id does; one they only view, 403.
    assert send(client, he, f"/api/relation/add/{t1.id}", {"other": b1.id, "kind": "FS"}).status_code == 404
    new_grant(tree.other, editor)
    assert send(client, he, f"/api/relation/add/{t1.id}", {"other": b1.id, "kind": "FS"}).status_code == 403
    item = relate(client, he, t1, t2)["item"]
    assert set(item["links"]) == {"edit", "delete"}
    # The viewer sees it, with nothing to change it, and may not add one.
    (seen,) = listed(client, hv, t1)
    assert seen["links"] == {} and seen["other"]["name"] == "Task 2"
    assert client.get(f"/api/relation/add/{t1.id}", headers=hv).status_code == 403
    view = client.get(f"/api/module/view/{t1.id}", headers=hv).get_json()["item"]
    assert "relations" in view["links"] and "add_relation" not in view["links"]
    assert "add_relation" in client.get(f"/api/module/view/{t1.id}", headers=he).get_json()["item"]["links"]
    assert client.delete(f"/api/relation/delete/{t1.id}/{item['id']}", headers=hv).status_code == 403
    # A locked end: 423.
    t2.locked = True
    _db.session.commit()
    assert client.delete(f"/api/relation/delete/{t1.id}/{item['id']}", headers=he).status_code == 423
    assert listed(client, he, t1)[0]["links"] == {}


def test_a_hidden_end_is_never_shown_counted_or_named(client, tree, plan, h, make_user, token_for):
    t1, t2, t3, b1 = plan
    relate(client, h, t1, b1)
    shown = relate(client, h, t1, t2)["item"]
    hidden_id = listed(client, h, t1)[0]["id"]
    member = make_user(name="Member")
    new_grant(tree.project, member, edit=True)
    hm = token_for(member)
    assert [x["id"] for x in listed(client, hm, t1)] == [shown["id"]]
    for url in (f"/api/relation/edit/{t1.id}/{hidden_id}",):
        assert client.get(url, headers=hm).status_code == 404
    assert client.delete(f"/api/relation/delete/{t1.id}/{hidden_id}", headers=hm).status_code == 404
    # A relation is reached only through one of its own ends.
    assert client.get(f"/api/relation/edit/{t3.id}/{shown['id']}", headers=h).status_code == 404
    # The feed of Task 1 names neither end's other module.
    texts = [e.description for e in _db.session.scalars(sa.select(FeedEntry).where(FeedEntry.category == "relation"))]
    assert texts and not any("Phase B" in t or "Task 2" in t for t in texts)


def test_edit_changes_kind_direction_and_lag_and_refuses_a_cycle_or_a_stale_form(client, plan, h):
    t1, t2, t3, _ = plan
    a = relate(client, h, t1, t2)["item"]
    relate(client, h, t2, t3)
    c = relate(client, h, t3, t1, "RELATES")["item"]
    r = send(client, h, c["links"]["edit"]["url"], {"kind": "FS", "lag": 0}, "PUT")  # t3 -> t1 -> t2 -> t3
    assert r.status_code == 422 and r.get_json()["errors"]["kind"][0].startswith("It would close a cycle")
    url = a["links"]["edit"]["url"]
    f = form(client, h, url)
    assert {e["name"]: e["value"] for e in f["elements"] if e["name"] in ("kind", "lag")} == {"kind": "FS", "lag": 0}
    r = send(client, h, url, {"kind": "SS_IN", "lag": 3, "_version": a["version"]}, "PUT")
    assert r.status_code == 200, r.get_json()
    item = r.get_json()["item"]
    assert (item["side"], item["fromId"], item["toId"], item["lag"]) == ("SS_IN", t2.id, t1.id, 3)
    r = send(client, h, url, {"kind": "FS", "lag": 0, "_version": a["version"]}, "PUT")
    assert r.status_code == 409  # the form was read before the change above


def test_deleting_a_module_takes_its_relations(client, tree, plan, h):
    t1, t2, t3, _ = plan
    relate(client, h, t1, t2)
    relate(client, h, t3, t2)
    r = client.delete(f"/api/module/delete/{t2.id}", headers=h)
    assert r.status_code == 200, r.get_json()
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(Relation)) == 0
    assert listed(client, h, t1) == []


def test_the_list_costs_a_fixed_number_of_queries(client, tree, plan, h, count_queries):
    t1, t2, t3, b1 = plan
    relate(client, h, t1, t2)

    def measure():
        listed(client, h, t1)
        with count_queries() as n:
            listed(client, h, t1)
        return n.count

    few = measure()
    for i in range(12):
        relate(client, h, t1, new_module(tree.phase, "4rineu_task", f"More {i}", idx=10 + i), "SS_IN")
    assert len(listed(client, h, t1)) == 13
    assert measure() == few


def test_the_add_form_offers_modules_of_the_project_that_may_be_edited(client, tree, plan, h):
    t1, t2, t3, b1 = plan
    f = form(client, h, f"/api/relation/add/{t1.id}")
    other = next(e for e in f["elements"] if e["name"] == "other")
    names = [o["label"] for o in other["options"]]
    assert names == ["Phase 0 › Task 2", "Phase 0 › Task 3"], names  # not itself, above, below nor elsewhere
    kind = next(e for e in f["elements"] if e["name"] == "kind")
    assert kind["value"] == "FS_IN" and len(kind["options"]) == 11


def test_a_subtree_carries_the_relations_between_its_rows(client, tree, plan, h, make_user, token_for, count_queries):
    """module/tree (the Gantt's rows) carries the relations whose two ends are among its rows (none to a module
    outside the subtree: whoever views a module views all below it), in a fixed number of queries."""
    t1, t2, t3, b1 = plan
    a = relate(client, h, t1, t2)["item"]
    relate(client, h, t1, b1, "SS_IN", lag=1)
    project = client.get(f"/api/module/tree/{tree.project.id}", headers=h).get_json()["item"]
    assert project["relations"] == [{"id": a["id"], "fromId": t1.id, "toId": t2.id, "kind": "FS", "lag": 0,
                                     "critical": False, "violated": False}]  # no dates: nothing to say
    portal = client.get(f"/api/module/tree/{tree.portal.id}", headers=h).get_json()["item"]
    assert [(r["fromId"], r["toId"], r["kind"], r["lag"]) for r in portal["relations"]] == [
        (t1.id, t2.id, "FS", 0), (b1.id, t1.id, "SS", 1)]
    member = make_user(name="Member")
    new_grant(tree.portal, member)
    hm = token_for(member)
    relate(client, h, t3, new_module(tree.phase, "4rineu_task", "Task 9", idx=9))

    def read():
        with count_queries() as n:
            body = client.get(f"/api/module/tree/{tree.portal.id}", headers=hm).get_json()["item"]
        return n.count, len(body["relations"])

    few, seen = read()
    assert seen == 3
    for i in range(10):
        relate(client, h, t2, new_module(tree.phase, "4rineu_task", f"More {i}", idx=20 + i), "FS")
    assert read() == (few, 13)
