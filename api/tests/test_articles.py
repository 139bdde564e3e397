"""The knowledge library API: tree, view, add (nested), edit, delete with children, rules and rights."""
import json

import pytest

from api.extensions import db as _db
from api.models import Article, FeedEntry
from api.services.articles import MAX_DEPTH
from api.services.demo import draft

CONTENT = draft(("header-two", "Title"), ("unstyled", "Some bold text", [("BOLD", "bold")]),
                links=[(1, "Some", "https://example.org")])


@pytest.fixture
def people(tree, make_user, grant):
    editor, viewer, deleter, stranger = (make_user(name=n) for n in ("Eddie Editor", "Vera Viewer", "Dan Del", "Sam"))
    grant(tree.portal, editor, edit=True)
    grant(tree.portal, viewer)
    grant(tree.portal, deleter, edit=True, delete=True)
    return editor, viewer, deleter, stranger


def add(client, headers, module_id, **data):
    data.setdefault("title", "An article")
    data.setdefault("content", CONTENT)
    return client.post(f"/api/article/add/{module_id}", headers=headers, data=data,
                       content_type="multipart/form-data")


def test_add_nested_list_view_edit(client, tree, people, token_for, db):
    editor, viewer, *_ = people
    h = token_for(editor)
    r = add(client, h, tree.project.id, title="  Parent  ")
    assert r.status_code == 200, r.get_json()
    parent = r.get_json()["item"]
    assert parent["title"] == "Parent" and parent["createdBy"] == "Eddie Editor"
    assert json.loads(parent["content"])["blocks"][1]["text"] == "Some bold text"
    child = add(client, h, tree.project.id, title="Child", parentArticleId=str(parent["id"])).get_json()["item"]
    assert child["parentId"] == parent["id"]

    listed = client.get(f"/api/article/list/{tree.project.id}", headers=token_for(viewer)).get_json()["list"]
    assert [a["title"] for a in listed] == ["Parent"]
    assert [a["title"] for a in listed[0]["children"]] == ["Child"]
    assert "content" not in listed[0]
    assert set(listed[0]["links"]) == {"view"}  # a viewer only reads

    view = client.get(f"/api/article/view/{tree.project.id}/{child['id']}", headers=h).get_json()["item"]
    assert view["content"] == CONTENT and set(view["links"]) >= {"view", "edit"}
    assert view["children"] == []
    # The parent's view lists the articles right under it (id and title, no grandchildren): its 'Child articles'.
    add(client, h, tree.project.id, title="Grandchild", parentArticleId=str(child["id"]))
    second = add(client, h, tree.project.id, title="Second child", parentArticleId=str(parent["id"])).get_json()["item"]
    shown = client.get(f"/api/article/view/{tree.project.id}/{parent['id']}", headers=token_for(viewer)).get_json()
    assert [(c["id"], c["title"]) for c in shown["item"]["children"]] == [(child["id"], "Child"),
                                                                         (second["id"], "Second child")]

    r = client.post(view["links"]["edit"]["url"], headers=h, data={"_method": "PUT", "title": "Renamed",
                                                                    "content": CONTENT})
    assert r.status_code == 200 and r.get_json()["item"]["title"] == "Renamed"
    ops = [(e.operation, e.category) for e in db.session.query(FeedEntry).filter_by(module_id=tree.project.id)]
    assert ops.count(("add", "article")) == 4 and ("edit", "article") in ops


@pytest.mark.parametrize("data,field,message", [
    ({"title": ""}, "title", "Title is required"),
    ({"title": "x" * 101}, "title", "Max 100 characters"),
    ({"content": "not json"}, "content", "The content must be the JSON of a rich-text document"),
    ({"content": "[1, 2]"}, "content", "The content must have 'blocks' and 'entityMap'"),
    ({"content": json.dumps({"blocks": [{"text": "x", "type": "script"}], "entityMap": {}})}, "content",
     "The content has a block of an unknown kind"),
    ({"content": json.dumps({"blocks": [], "entityMap": {}, "pad": "x" * 600_000})}, "content",
     "The content is too large (at most 512 KB)"),
    ({"parentArticleId": "99999"}, "parentArticleId", "The parent article is not in this module"),
    ({"parentArticleId": "abc"}, "parentArticleId", "Not a valid integer."),
])
def test_invalid_articles_are_422_per_field(client, tree, people, token_for, db, data, field, message):
    r = add(client, token_for(people[0]), tree.project.id, **data)
    assert r.status_code == 422
    assert message in r.get_json()["errors"][field]
    assert db.session.query(Article).count() == 0


def test_parent_must_be_in_the_same_module(client, tree, people, token_for):
    h = token_for(people[0])
    other = add(client, h, tree.other.id).get_json()["item"]
    r = add(client, h, tree.project.id, parentArticleId=str(other["id"]))
    assert r.status_code == 422


def test_delete_takes_children_and_needs_delete_right(client, tree, people, token_for, db):
    editor, viewer, deleter, stranger = people
    h = token_for(editor)
    parent = add(client, h, tree.task.id, title="P").get_json()["item"]
    child = add(client, h, tree.task.id, title="C", parentArticleId=str(parent["id"])).get_json()["item"]
    add(client, h, tree.task.id, title="G", parentArticleId=str(child["id"]))
    keep = add(client, h, tree.task.id, title="Keep").get_json()["item"]
    url = f"/api/article/delete/{tree.task.id}/{parent['id']}"
    assert "delete" not in parent["links"]
    assert client.delete(url, headers=h).status_code == 403
    assert client.delete(url, headers=token_for(stranger)).status_code == 404
    listed = client.get(f"/api/article/list/{tree.task.id}", headers=token_for(deleter)).get_json()["list"]
    assert listed[0]["links"]["delete"]["url"] == url
    r = client.delete(url, headers=token_for(deleter))
    assert r.status_code == 200
    assert [a.title for a in db.session.query(Article).all()] == [keep["title"]]


def test_rights_and_locks(client, tree, people, token_for, db):
    editor, viewer, deleter, stranger = people
    assert add(client, token_for(viewer), tree.project.id).status_code == 403
    assert add(client, token_for(stranger), tree.project.id).status_code == 404
    assert client.get(f"/api/article/list/{tree.project.id}", headers=token_for(stranger)).status_code == 404
    a = add(client, token_for(editor), tree.project.id).get_json()["item"]
    assert client.get(f"/api/article/view/{tree.other.id}/{a['id']}", headers=token_for(editor)).status_code == 404
    tree.project.locked = True
    db.session.commit()
    assert add(client, token_for(editor), tree.project.id).status_code == 423
    links = client.get(f"/api/article/list/{tree.project.id}", headers=token_for(deleter)).get_json()["list"][0]["links"]
    assert set(links) == {"view"}


def test_module_offers_add_article_by_right(client, tree, people, token_for):
    editor, viewer, *_ = people
    view = lambda u: client.get(f"/api/module/view/{tree.project.id}", headers=token_for(u)).get_json()["item"]
    assert view(editor)["links"]["add_article"]["url"] == f"/api/article/add/{tree.project.id}"
    assert "add_article" not in view(viewer)["links"]



# --- nesting depth: a tree thousands deep made the list a 500 for every reader (test_deep_trees.py reads one) ---

def chain(module, n, parent=None):
    """n articles of the module, each nested in the one before (the first under `parent`), without the API."""
    ids = []
    for i in range(n):
        a = Article(module_id=module.id, parent_id=parent, title=f"Level {i + 1}", content=CONTENT)
        _db.session.add(a)
        _db.session.flush()
        ids.append(parent := a.id)
    _db.session.commit()
    return ids


def move(client, headers, module_id, article_id, parent):
    """Edit the article with a parentArticleId ('' for the top level)."""
    return client.post(f"/api/article/edit/{module_id}/{article_id}", headers=headers,
                       data={"_method": "PUT", "title": "Moved", "content": CONTENT, "parentArticleId": parent})


def parent_errors(r):
    assert r.status_code == 422, r.get_json()
    return r.get_json()["errors"]["parentArticleId"]


def test_articles_nest_at_most_twenty_levels(client, tree, people, token_for):
    h = token_for(people[0])
    ids = chain(tree.project, MAX_DEPTH)
    r = add(client, h, tree.project.id, parentArticleId=str(ids[-1]))
    assert parent_errors(r) == ["Articles nest at most 20 levels deep and this parent article is at level 20: choose "
                                "one higher up"]
    r = add(client, h, tree.project.id, parentArticleId=str(ids[-2]))
    assert r.status_code == 200 and "add_child" not in r.get_json()["item"]["links"]  # it is at level 20
    # (read as the browser does: the app's own parser guards request bodies, 32 levels)
    listed = json.loads(client.get(f"/api/article/list/{tree.project.id}", headers=h).data)["list"]
    assert "add_child" in listed[0]["links"]


def test_a_move_keeps_the_tree_within_twenty_levels(client, tree, people, token_for, db):
    h = token_for(people[0])
    deep = chain(tree.project, 18)
    branch = chain(tree.project, 3)  # a top-level article with two levels nested in it
    r = move(client, h, tree.project.id, branch[0], str(deep[-1]))  # its deepest would be at level 21
    assert parent_errors(r) == ["Articles nest at most 20 levels deep: under this parent, 'Level 1' and the "
                                "articles nested in it would reach level 21"]
    r = move(client, h, tree.project.id, branch[0], str(deep[-2]))
    assert r.status_code == 200 and r.get_json()["item"]["parentId"] == deep[-2]
    assert db.session.get(Article, branch[2]).parent_id == branch[1]  # what is nested in it moved along
    entry = db.session.query(FeedEntry).order_by(FeedEntry.id.desc()).first()
    assert entry.description == "Edited the article 'Moved' and moved it"

    assert parent_errors(move(client, h, tree.project.id, branch[0], str(branch[2]))) == [
        "An article cannot be moved under itself or under an article nested in it"]
    assert parent_errors(move(client, h, tree.project.id, branch[0], str(branch[0])))
    other = add(client, h, tree.other.id).get_json()["item"]
    assert parent_errors(move(client, h, tree.project.id, branch[0], str(other["id"]))) == [
        "The parent article is not in this module"]

    r = move(client, h, tree.project.id, branch[0], "")  # to the top level
    assert r.status_code == 200 and r.get_json()["item"]["parentId"] is None
    r = client.post(f"/api/article/edit/{tree.project.id}/{branch[1]}", headers=h,
                    data={"_method": "PUT", "title": "Kept", "content": CONTENT})  # no parentArticleId: stays
    assert r.status_code == 200 and r.get_json()["item"]["parentId"] == branch[0]


def test_a_legacy_tree_deeper_than_twenty_levels_may_move_up_only(client, tree, people, token_for):
    h = token_for(people[0])
    ids = chain(tree.project, 25)
    side = chain(tree.project, 3)
    assert parent_errors(move(client, h, tree.project.id, ids[2], str(side[-1])))  # levels 3..25 would reach 26
    r = move(client, h, tree.project.id, ids[2], "")  # 23 levels deep now: still deeper than 20, but less deep
    assert r.status_code == 200
