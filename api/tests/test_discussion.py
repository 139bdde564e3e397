"""The discussion API: comments, replies, edit by the author, delete by author or moderator, tombstones."""
import pytest

from api.models import Comment, FeedEntry


@pytest.fixture
def people(tree, make_user, grant):
    alice, bob, mod, stranger = (make_user(name=n) for n in ("Alice", "Bob", "Mo Derator", "Stranger"))
    grant(tree.portal, alice)
    grant(tree.portal, bob)
    grant(tree.portal, mod, edit=True, delete=True)
    return alice, bob, mod, stranger


def post(client, headers, url, content="Hello", title=""):
    return client.post(url, headers=headers, data={"title": title, "content": content})


def listing(client, headers, module_id):
    return client.get(f"/api/discussion/list/{module_id}", headers=headers).get_json()["list"]


def test_comment_reply_and_list(client, tree, people, token_for, db):
    alice, bob, *_ = people
    mid = tree.project.id
    c = post(client, token_for(alice), f"/api/comment/add/{mid}", "  First!  ").get_json()["item"]
    assert c["content"] == "First!" and c["parentId"] is None and c["createdBy"] == "Alice"
    r = post(client, token_for(bob), c["links"]["reply"]["url"], "A reply")
    assert r.status_code == 200 and r.get_json()["item"]["parentId"] == c["id"]
    items = listing(client, token_for(bob), mid)
    assert [(i["content"], i["parentId"]) for i in items] == [("First!", None), ("A reply", c["id"])]
    # Bob may not edit or delete Alice's comment; he may reply.
    assert set(items[0]["links"]) == {"reply"}
    assert set(items[1]["links"]) == {"edit", "delete", "reply"}
    assert db.session.query(FeedEntry).filter_by(category="comment").count() == 2


def test_empty_content_is_422(client, tree, people, token_for):
    r = post(client, token_for(people[0]), f"/api/comment/add/{tree.project.id}", "   ")
    assert r.status_code == 422 and r.get_json()["errors"]["content"] == ["Comment is required"]


def test_edit_only_by_author_through_form(client, tree, people, token_for):
    alice, bob, mod, _ = people
    c = post(client, token_for(alice), f"/api/comment/add/{tree.project.id}").get_json()["item"]
    url = c["links"]["edit"]["url"]
    form = client.get(url, headers=token_for(alice)).get_json()
    values = {e["name"]: e["value"] for e in form["elements"]}
    assert values["content"] == "Hello" and form["method"] == "PUT"
    values.update(content="Edited", _method="PUT")
    r = client.post(url, headers=token_for(alice), data=values)
    assert r.status_code == 200 and r.get_json()["item"]["content"] == "Edited"
    assert client.get(url, headers=token_for(mod)).status_code == 403
    assert client.post(url, headers=token_for(bob), data=values).status_code == 403


def test_delete_own_any_by_moderator_and_tombstones(client, tree, people, token_for, db):
    alice, bob, mod, stranger = people
    mid = tree.project.id
    top = post(client, token_for(alice), f"/api/comment/add/{mid}", "Top").get_json()["item"]
    reply = post(client, token_for(bob), f"/api/comment/reply/{mid}/{top['id']}", "Reply").get_json()["item"]
    lone = post(client, token_for(bob), f"/api/comment/add/{mid}", "Lone").get_json()["item"]
    assert client.delete(lone["links"]["delete"]["url"], headers=token_for(alice)).status_code == 403
    assert client.delete(lone["links"]["delete"]["url"], headers=token_for(stranger)).status_code == 404
    assert client.delete(lone["links"]["delete"]["url"], headers=token_for(bob)).status_code == 200
    # A comment with replies stays as a tombstone: no author, no content, no links; the reply stays.
    assert client.delete(top["links"]["delete"]["url"], headers=token_for(mod)).status_code == 200
    items = listing(client, token_for(alice), mid)
    assert items[0] == {**items[0], "id": top["id"], "deleted": True, "content": "", "createdBy": None, "links": {}}
    assert items[1]["content"] == "Reply" and items[1]["parentId"] == top["id"]
    assert client.post(f"/api/comment/reply/{mid}/{top['id']}", headers=token_for(bob),
                       data={"content": "x"}).status_code == 404
    # Deleting the last reply removes the tombstone too.
    assert client.delete(reply["links"]["delete"]["url"], headers=token_for(bob)).status_code == 200
    assert listing(client, token_for(alice), mid) == []
    assert db.session.query(Comment).count() == 0


def test_locked_module_blocks_deletion(client, tree, people, token_for, db):
    alice, bob, mod, _ = people
    c = post(client, token_for(alice), f"/api/comment/add/{tree.project.id}").get_json()["item"]
    tree.project.locked = True
    db.session.commit()
    assert "delete" not in listing(client, token_for(mod), tree.project.id)[0]["links"]
    assert client.delete(c["links"]["delete"]["url"], headers=token_for(mod)).status_code == 423
    assert client.delete(c["links"]["delete"]["url"], headers=token_for(alice)).status_code == 423


def test_comments_are_scoped_to_their_module(client, tree, people, token_for):
    alice = people[0]
    c = post(client, token_for(alice), f"/api/comment/add/{tree.project.id}").get_json()["item"]
    assert client.delete(f"/api/comment/delete/{tree.other.id}/{c['id']}", headers=token_for(alice)).status_code == 404
    assert listing(client, token_for(alice), tree.other.id) == []


def test_the_discussion_is_paged_by_thread_with_every_reply(client, tree, people, token_for):
    alice, bob, *_ = people
    ha, hb = token_for(alice), token_for(bob)
    mid = tree.project.id
    threads = []
    for i in range(5):
        top = post(client, ha, f"/api/comment/add/{mid}", f"Thread {i}").get_json()["item"]
        threads.append(top)
        reply = post(client, hb, top["links"]["reply"]["url"], f"Reply to {i}").get_json()["item"]
        post(client, ha, reply["links"]["reply"]["url"], f"Reply to the reply to {i}")
    url = f"/api/discussion/list/{mid}"

    def page(**query):
        r = client.get(url, headers=ha, query_string=query)
        assert r.status_code == 200, r.get_json()
        return [c["content"] for c in r.get_json()["list"]], r.get_json()["meta"]

    contents, meta = page(perPage=2)
    assert meta == {"page": 1, "perPage": 2, "total": 5}  # threads, not comments
    assert contents == ["Thread 0", "Reply to 0", "Reply to the reply to 0",
                        "Thread 1", "Reply to 1", "Reply to the reply to 1"]
    assert page(perPage=2, page=3)[0] == ["Thread 4", "Reply to 4", "Reply to the reply to 4"]
    assert page(perPage=2, sort="-id")[0][:3] == ["Thread 4", "Reply to 4", "Reply to the reply to 4"]
    # A reply posted later to an old thread stays with its thread.
    post(client, hb, threads[0]["links"]["reply"]["url"], "Late reply")
    assert page(perPage=1)[0] == ["Thread 0", "Reply to 0", "Reply to the reply to 0", "Late reply"]
    assert client.get(url, headers=ha, query_string={"sort": "name"}).status_code == 400
