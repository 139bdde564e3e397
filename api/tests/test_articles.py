"""The knowledge library API: tree, view, add (nested), edit, delete with children, rules and rights."""
import json

import pytest

from api.models import Article, FeedEntry
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

    r = client.post(view["links"]["edit"]["url"], headers=h, data={"_method": "PUT", "title": "Renamed",
                                                                    "content": CONTENT})
    assert r.status_code == 200 and r.get_json()["item"]["title"] == "Renamed"
    ops = [(e.operation, e.category) for e in db.session.query(FeedEntry).filter_by(module_id=tree.project.id)]
    assert ops.count(("add", "article")) == 2 and ("edit", "article") in ops


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
