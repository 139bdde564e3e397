"""Trees far deeper than the API lets anyone build (legacy data, inserted straight into the tables): articles,
comments and modules thousands deep are read, cloned, deleted, backed up and restored without recursion, at
Python's default recursion limit."""
import json
import sys

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import Article, Comment, Module
from api.services.articles import MAX_DEPTH

from .conftest import PASSWORD, new_module
from .test_backup import make_target  # noqa: F401 (a fixture: an app on an empty database and folder)
from .test_cloning import do_clone

DEEP = 2000


@pytest.fixture(autouse=True)
def default_recursion_limit():
    """What a worker runs with: nothing here may depend on a raised limit."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)
    yield
    sys.setrecursionlimit(old)


@pytest.fixture(autouse=True)
def unlinked_after():
    """The next test's reset deletes whole tables: a chain left by a failed test would make SQLite's cascade stop
    at 1,000 levels."""
    yield
    _db.session.rollback()
    for model in (Article, Comment):
        _db.session.execute(sa.update(model).values(parent_id=None))
    _db.session.commit()


@pytest.fixture
def su(make_user, token_for):
    user = make_user(name="Super User", superuser=True)
    return user, token_for(user)


def chain(model, n, **columns):
    """n rows of `model`, each nested in the one before, inserted without the API; their ids, top first."""
    ids, parent = [], None
    for i in range(n):
        parent = _db.session.execute(sa.insert(model).values(parent_id=parent, title=f"Level {i + 1}",
                                                             **columns)).inserted_primary_key[0]
        ids.append(parent)
    _db.session.commit()
    return ids


def module_chain(parent, max_path):
    """Subtasks nested in one another below `parent` (the skeleton allows one level), as deep as DEEP or as a
    path of `max_path` characters allows; their ids, top first."""
    ids = []
    while len(ids) < DEEP:
        m = new_module(parent, "4rineu_subtask", f"Nested {len(ids) + 1}", commit=False)
        if len(m.path) > max_path:
            _db.session.delete(m)
            break
        ids.append(m.id)
        parent = m
    _db.session.commit()
    return ids


def body(r):
    """The answer's JSON: a tree nests deeper than the app's guard lets a request body (32 levels)."""
    return json.loads(r.data)


def walk(items):
    """(item, nesting level) of a presented tree, without recursion."""
    out, stack = [], [(x, 1) for x in reversed(items)]
    while stack:
        x, level = stack.pop()
        out.append((x, level))
        stack.extend((c, level + 1) for c in reversed(x["children"]))
    return out


def add_article(client, headers, module_id, parent_id, title="Nested"):
    return client.post(f"/api/article/add/{module_id}", headers=headers, content_type="multipart/form-data",
                       data={"title": title, "content": '{"blocks": [], "entityMap": {}}',
                             "parentArticleId": str(parent_id)})


def test_a_deep_article_tree_is_read_capped_cloned_and_deleted(client, tree, su):
    _, h = su
    ids = chain(Article, DEEP, module_id=tree.project.id, content="{}")
    r = client.get(f"/api/article/list/{tree.project.id}", headers=h)
    assert r.status_code == 200
    shown = walk(body(r)["list"])
    assert [x["id"] for x, _ in shown] == ids  # every article, in tree order, each with its own parent
    assert [x["parentId"] for x, _ in shown] == [None] + ids[:-1]
    # Nested down to MAX_DEPTH; what lies deeper is listed under the article at that level.
    assert [level for _, level in shown] == list(range(1, MAX_DEPTH + 1)) + [MAX_DEPTH + 1] * (DEEP - MAX_DEPTH)
    assert "add_child" in shown[MAX_DEPTH - 2][0]["links"] and "add_child" not in shown[MAX_DEPTH - 1][0]["links"]

    deepest = client.get(f"/api/article/view/{tree.project.id}/{ids[-1]}", headers=h).get_json()["item"]
    assert set(deepest["links"]) == {"view", "edit", "delete"}
    r = add_article(client, h, tree.project.id, ids[-1])
    assert r.status_code == 422 and "at most 20 levels" in r.get_json()["errors"]["parentArticleId"][0]

    r = do_clone(client, h, tree.project.id, name="Deep copy", parentId=tree.portal.id)
    assert r.status_code == 200, r.get_json()
    copy = r.get_json()["item"]["id"]
    copied = _db.session.execute(sa.select(Article.id, Article.parent_id).where(Article.module_id == copy)
                                 .order_by(Article.id)).all()
    assert len(copied) == DEEP and [p for _, p in copied] == [None] + [i for i, _ in copied[:-1]]
    assert client.get(f"/api/article/list/{copy}", headers=h).status_code == 200

    r = client.delete(f"/api/article/delete/{tree.project.id}/{ids[0]}", headers=h)
    assert r.status_code == 200 and r.get_json()["message"] == f"Deleted {DEEP} article(s)"
    assert client.delete(f"/api/module/delete/{copy}", headers=h).status_code == 200
    assert _db.session.scalar(sa.select(sa.func.count(Article.id))) == 0


def test_a_deep_thread_of_comments_is_read_answered_and_deleted(client, tree, su):
    user, h = su
    ids = chain(Comment, DEEP, module_id=tree.task.id, content="Deeper", created_by_id=user.id)
    r = client.get(f"/api/discussion/list/{tree.task.id}?perPage=10", headers=h)
    assert r.status_code == 200
    assert [c["id"] for c in r.get_json()["list"]] == ids and r.get_json()["meta"]["total"] == 1
    r = client.post(f"/api/comment/reply/{tree.task.id}/{ids[-1]}", headers=h, data={"content": "One more"})
    assert r.status_code == 200, r.get_json()
    r = client.delete(f"/api/comment/delete/{tree.task.id}/{ids[0]}", headers=h)
    assert r.status_code == 200  # a tombstone: its replies stay
    r = do_clone(client, h, tree.project.id, name="Copy", parentId=tree.portal.id)
    assert r.status_code == 200, r.get_json()
    assert client.delete(f"/api/module/delete/{tree.project.id}", headers=h).status_code == 200
    assert _db.session.scalar(sa.select(sa.func.count(Comment.id))) == 0


def test_a_deep_chain_of_modules_is_read_cloned_and_deleted(client, tree, su):
    _, h = su
    # PostgreSQL holds a path of 500 characters; the copy's ids may be longer, so leave them room.
    ids = module_chain(tree.subtask, 10 ** 6 if _db.engine.dialect.name == "sqlite" else 400)
    assert len(ids) >= 40
    r = client.get(f"/api/module/view/{ids[-1]}", headers=h)
    assert r.status_code == 200
    assert client.get(f"/api/module/list/{ids[0]}", headers=h).status_code == 200
    r = client.get(f"/api/module/detailed-list-by-type/4rineu_subtask/{tree.portal.id}?perPage=500", headers=h)
    assert r.status_code == 200 and r.get_json()["meta"]["total"] == len(ids) + 1
    r = do_clone(client, h, tree.task.id, name="Deep copy", parentId=tree.phase.id)
    assert r.status_code == 200, r.get_json()
    copy = r.get_json()["item"]["id"]
    below = _db.session.scalar(sa.select(sa.func.count(Module.id)).where(Module.path.like(f"%/{copy}/%")))
    assert below == len(ids) + 2  # the task, its subtask and the chain
    assert client.delete(f"/api/module/delete/{tree.task.id}", headers=h).status_code == 200
    assert client.delete(f"/api/module/delete/{copy}", headers=h).status_code == 200


def test_deep_trees_are_backed_up_and_restored(app, client, tree, su, make_target, tmp_path):  # noqa: F811
    user, h = su
    articles = chain(Article, DEEP, module_id=tree.project.id, content="{}")
    comments = chain(Comment, DEEP, module_id=tree.task.id, content="Deeper", created_by_id=user.id)
    archive = str(tmp_path / "deep.tar")
    r = app.test_cli_runner().invoke(args=["backup", archive])
    assert r.exit_code == 0, r.output
    target = make_target()
    r = target.restore(archive)
    assert r.exit_code == 0, r.output
    other = target.app.test_client()
    r = other.post("/json/login", json={"username": user.email, "password": PASSWORD})
    headers = {"Authorization": "Bearer " + r.get_json()["token"]}
    r = other.get(f"/api/article/list/{tree.project.id}", headers=headers)
    assert r.status_code == 200 and [x["id"] for x, _ in walk(body(r)["list"])] == articles
    r = other.get(f"/api/discussion/list/{tree.task.id}", headers=headers)
    assert r.status_code == 200 and [c["id"] for c in r.get_json()["list"]] == comments
