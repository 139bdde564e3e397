"""Events: the outbox and its dispatcher (order, exactly once across a restart, nothing for a rolled-back write),
watching (inheritance, unwatching a child, watchers made by writes), @mentions (stored, refused 422), the
notification list (read, read all, filters), live tickets and nchan's authorization, and rights checked when an
event is delivered, not when it was written."""
import json
import threading
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import SimpleNamespace

import pytest
import sqlalchemy as sa

from api.extensions import db as _db
from api.models import (CommentMention, Event, EventCursor, FeedEntry, LiveSubscriber, Membership, Notification, Watch,
                        Webhook, WebhookDelivery)
from api.services import discussion, feed
from api.services.events import dispatch, live, webhooks

from .conftest import new_grant, submit
from .test_vault import upload


@pytest.fixture
def team(tree, make_user, grant):
    """On the tree's portal: an editor (Eddie), two viewers (Vera, Walt), and an outsider (Olga)."""
    eddie, vera, walt, olga = (make_user(name=n) for n in ("Eddie Editor", "Vera Viewer", "Walt Watcher",
                                                            "Olga Outsider"))
    grant(tree.portal, eddie, edit=True, create=True)
    grant(tree.portal, vera)
    grant(tree.portal, walt)
    return SimpleNamespace(eddie=eddie, vera=vera, walt=walt, olga=olga)


def comment(client, headers, module_id, text="Hello"):
    return client.post(f"/api/comment/add/{module_id}", headers=headers, data={"content": text})


def watch(client, headers, module_id, on=True):
    r = client.post(f"/api/watch/{'watch' if on else 'unwatch'}/{module_id}", headers=headers)
    assert r.status_code == 200, r.get_json()
    return r.get_json()["item"]


def notes(user, **filters):
    q = sa.select(Notification).where(Notification.user_id == user.id).order_by(Notification.id)
    for k, v in filters.items():
        q = q.where(getattr(Notification, k) == v)
    return _db.session.scalars(q).all()


# --- the outbox ---------------------------------------------------------------------------------------------

def test_every_write_records_its_event_beside_its_feed_entry(client, tree, team, token_for):
    r = comment(client, token_for(team.vera), tree.task.id, "First")
    assert r.status_code == 200
    entry = _db.session.scalars(sa.select(FeedEntry).order_by(FeedEntry.id.desc())).first()
    ev = _db.session.scalars(sa.select(Event).order_by(Event.id.desc())).first()
    assert (ev.category, ev.operation, ev.module_id, ev.actor_id) == ("comment", "add", tree.task.id, team.vera.id)
    assert ev.item_id == r.get_json()["item"]["id"] and ev.description == entry.description
    assert ev.path == tree.task.path and ev.portal_id == tree.portal.id


def test_dispatch_in_order_and_exactly_once_across_a_restart(app, client, tree, team, token_for, monkeypatch):
    monkeypatch.setitem(app.config, "NOTIFICATION_GROUP_MINUTES", 0)  # one notification each, so the order shows
    watch(client, token_for(team.walt), tree.portal.id)
    for i in range(5):
        assert comment(client, token_for(team.vera), tree.project.id, f"Comment {i}").status_code == 200
    events = _db.session.scalars(sa.select(Event.id).where(Event.category == "comment").order_by(Event.id)).all()

    # The dispatcher dies in the middle of its pass (after three events): nothing of that pass stays.
    real, seen = dispatch.fan_out, []

    def dying(ev, memo):
        seen.append(ev.id)
        if len(seen) == 4:
            raise SystemExit("killed")
        return real(ev, memo)
    monkeypatch.setattr(dispatch, "fan_out", dying)
    with pytest.raises(SystemExit):
        dispatch.run()
    _db.session.rollback()
    assert notes(team.walt) == []
    assert (_db.session.get(EventCursor, dispatch.CURSOR) is None
            or _db.session.get(EventCursor, dispatch.CURSOR).last_id < events[0])

    # Started again, it does every event once, in order; a further run has nothing to do.
    monkeypatch.setattr(dispatch, "fan_out", real)
    assert dispatch.run() >= 5
    assert dispatch.run() == 0
    got = notes(team.walt)
    assert [n.event_id for n in got] == events
    assert [n.text.split("“")[1].rstrip("”") for n in got] == [f"Comment {i}" for i in range(5)]
    assert all(n.kind == "comment" for n in got)
    # The actor is never told about their own change.
    assert notes(team.vera, kind="comment") == []


def test_nothing_is_dispatched_for_a_rolled_back_write(client, tree, team, token_for, monkeypatch):
    watch(client, token_for(team.walt), tree.portal.id)
    before = _db.session.scalar(sa.select(sa.func.count(Event.id)))
    real = feed.record

    def record_then_fail(*args, **kwargs):
        real(*args, **kwargs)
        raise RuntimeError("the write fails after its event was recorded")
    monkeypatch.setattr(discussion.feed, "record", record_then_fail)
    assert comment(client, token_for(team.vera), tree.project.id, "Never").status_code == 500
    monkeypatch.setattr(discussion.feed, "record", real)
    assert _db.session.scalar(sa.select(sa.func.count(Event.id))) == before
    dispatch.run()
    assert notes(team.walt) == []
    # Also by hand: recorded, rolled back, gone.
    feed.record(team.vera, tree.project, "edit", "module", "rolled back")
    _db.session.rollback()
    assert dispatch.run() == 0


def test_postgresql_waits_for_a_transaction_still_running(app, client, tree, team, token_for, monkeypatch):
    """An event of an older transaction that commits later is not skipped: the dispatcher reads only events of
    transactions older than every one still running."""
    if _db.engine.dialect.name != "postgresql":
        pytest.skip("PostgreSQL only: SQLite serializes writers")
    monkeypatch.setitem(app.config, "NOTIFICATION_GROUP_MINUTES", 0)  # one notification each: the order shows
    watch(client, token_for(team.walt), tree.portal.id)
    dispatch.run()
    conn = _db.engine.connect()
    slow = conn.begin()
    conn.execute(sa.insert(Event).values(
        created=sa.func.now(), actor_id=team.eddie.id, module_id=tree.project.id, portal_id=tree.portal.id,
        path=tree.project.path, category="comment", operation="add", description="slow", data='{"excerpt": "slow"}',
        txid=sa.cast(sa.cast(sa.func.pg_current_xact_id(), sa.Text), sa.BigInteger)))
    try:
        assert comment(client, token_for(team.vera), tree.project.id, "fast").status_code == 200
        assert dispatch.run() == 0  # the fast one waits behind the transaction still running
        slow.commit()
        assert dispatch.run() == 2
    finally:
        conn.close()
    texts = [n.text for n in notes(team.walt)]
    assert "slow" in texts[0] and "fast" in texts[1]
    # A transaction running in another database of the cluster holds nothing back.
    other = sa.create_engine(str(_db.engine.url.set(database="postgres")))
    with other.connect() as elsewhere:
        elsewhere.execute(sa.text("SELECT pg_current_xact_id()"))  # an open transaction with an id
        comment(client, token_for(team.vera), tree.project.id, "not held back")
        assert dispatch.run() == 1
    other.dispose()


# --- watching ------------------------------------------------------------------------------------------------

def test_watching_covers_the_subtree_unless_a_child_is_unwatched(client, tree, team, token_for):
    w = watch(client, token_for(team.walt), tree.project.id)
    assert w["watching"] and not w["inherited"] and set(w["links"]) == {"unwatch"}
    view = client.get(f"/api/module/view/{tree.task.id}", headers=token_for(team.walt)).get_json()["item"]
    assert view["watch"] == {"watching": True, "count": 1, "inherited": True}
    assert "unwatch" in view["links"] and "watch" not in view["links"]
    w = watch(client, token_for(team.walt), tree.task.id, on=False)
    assert not w["watching"] and set(w["links"]) == {"watch"}
    for m in (tree.phase, tree.task, tree.subtask):
        assert comment(client, token_for(team.vera), m.id, f"On {m.name}").status_code == 200
    dispatch.run()
    assert [n.module_id for n in notes(team.walt)] == [tree.phase.id]
    # Watching the task again covers the subtask again.
    watch(client, token_for(team.walt), tree.task.id)
    comment(client, token_for(team.vera), tree.subtask.id, "Again")
    dispatch.run()
    assert notes(team.walt)[-1].module_id == tree.subtask.id


def test_creating_owning_commenting_and_being_mentioned_make_watchers(client, tree, team, token_for):
    r = submit(client, token_for(team.eddie), f"/api/module/add/{tree.phase.id}/4rineu_task", {"name": "New task"})
    assert r.status_code == 200, r.get_json()
    task_id = r.get_json()["item"]["id"]
    r = submit(client, token_for(team.eddie), f"/api/deliverable/add/{task_id}",
               {"status": "NOT_STARTED", "ownerId": team.vera.id})
    assert r.status_code == 200, r.get_json()
    comment(client, token_for(team.walt), tree.project.id, f"Ping @[Olga](user:{team.vera.id})")
    reasons = {(w.user_id, w.module_id): w.reason for w in _db.session.scalars(sa.select(Watch))}
    assert reasons[(team.eddie.id, task_id)] == "created"
    assert reasons[(team.vera.id, task_id)] == "owner"
    assert reasons[(team.walt.id, tree.project.id)] == "comment"
    assert reasons[(team.vera.id, tree.project.id)] == "mention"


def test_watch_needs_the_right_to_view(client, tree, team, token_for):
    assert client.post(f"/api/watch/watch/{tree.project.id}", headers=token_for(team.olga)).status_code == 404
    assert client.post(f"/api/watch/watch/{tree.project.id}").status_code == 401


def test_a_task_owner_is_told_of_status_and_date_changes(client, tree, team, token_for):
    r = submit(client, token_for(team.eddie), f"/api/deliverable/add/{tree.task.id}",
               {"status": "NOT_STARTED", "ownerId": team.walt.id})
    d = r.get_json()["item"]
    _db.session.execute(sa.delete(Watch).where(Watch.user_id == team.walt.id))  # not as a watcher: as the owner
    dispatch.run()
    _db.session.query(Notification).delete()
    _db.session.commit()
    form = client.get(d["links"]["edit"]["url"], headers=token_for(team.eddie)).get_json()
    token = next(e["value"] for e in form["elements"] if e["name"] == "_token")
    r = client.post(d["links"]["edit"]["url"], headers=token_for(team.eddie),
                    data={"_token": token, "status": "IN_PROGRESS", "ownerId": team.walt.id, "_method": "PUT"})
    assert r.status_code == 200, r.get_json()
    dispatch.run()
    (n,) = notes(team.walt)
    assert n.kind == "task" and "IN_PROGRESS" in n.text
    ev = _db.session.get(Event, n.event_id)
    assert '"before":{"status":"NOT_STARTED"}' in ev.data and '"after":{"status":"IN_PROGRESS"}' in ev.data


# --- mentions ------------------------------------------------------------------------------------------------

def test_a_mention_is_stored_as_a_reference_and_notifies(client, tree, team, token_for):
    text = f"Please look, @[Walt Watcher](user:{team.walt.id}) <b>now</b>"
    r = comment(client, token_for(team.vera), tree.task.id, text)
    assert r.status_code == 200, r.get_json()
    c = r.get_json()["item"]
    assert c["content"] == text  # stored as typed: the webapp shows the token as a chip, as text
    assert [m.user_id for m in _db.session.scalars(sa.select(CommentMention))] == [team.walt.id]
    dispatch.run()
    (n,) = notes(team.walt)
    assert n.kind == "mention" and n.text.startswith(f"mentioned you in '{tree.task.name}'")
    assert "@Walt Watcher" in n.text and "user:" not in n.text
    # Edited without the mention: the reference goes; a new mention notifies once.
    form = client.get(c["links"]["edit"]["url"], headers=token_for(team.vera)).get_json()
    token = next(e["value"] for e in form["elements"] if e["name"] == "_token")
    r = client.post(c["links"]["edit"]["url"], headers=token_for(team.vera),
                    data={"_token": token, "content": f"Now @[Eddie](user:{team.eddie.id})", "_method": "PUT"})
    assert r.status_code == 200
    assert [m.user_id for m in _db.session.scalars(sa.select(CommentMention))] == [team.eddie.id]
    dispatch.run()
    assert [n.kind for n in notes(team.eddie)] == ["mention"]


def test_mentioning_someone_who_may_not_see_the_module_is_refused(client, tree, team, token_for):
    before = _db.session.scalar(sa.select(sa.func.count(Event.id)))
    r = comment(client, token_for(team.vera), tree.task.id, f"Hi @[Olga Outsider](user:{team.olga.id})")
    assert r.status_code == 422
    assert r.get_json()["errors"]["content"] == ["Olga Outsider may not see this module and cannot be mentioned here"]
    r = comment(client, token_for(team.vera), tree.task.id, "Hi @[Ghost](user:999999)")
    assert r.status_code == 422 and "Ghost" in r.get_json()["errors"]["content"][0]
    assert _db.session.scalar(sa.select(sa.func.count(Event.id))) == before


def test_mentionable_people_are_those_who_may_view(client, tree, team, token_for):
    r = client.get(f"/api/discussion/mentionable/{tree.task.id}?q=wa", headers=token_for(team.vera))
    assert r.status_code == 200
    assert [p["name"] for p in r.get_json()["list"]] == ["Walt Watcher"]
    names = [p["name"] for p in client.get(f"/api/discussion/mentionable/{tree.task.id}",
                                           headers=token_for(team.vera)).get_json()["list"]]
    assert "Olga Outsider" not in names and "Eddie Editor" in names
    assert client.get(f"/api/discussion/mentionable/{tree.task.id}", headers=token_for(team.olga)).status_code == 404


# --- the notification list -----------------------------------------------------------------------------------

def test_notification_list_read_and_read_all(client, tree, team, token_for):
    watch(client, token_for(team.walt), tree.portal.id)
    for i, module in enumerate((tree.project, tree.phase, tree.subtask)):  # one module each: none groups
        comment(client, token_for(team.vera), module.id, f"C{i}")
    comment(client, token_for(team.vera), tree.task.id, f"@[Walt](user:{team.walt.id})")
    dispatch.run()
    h = token_for(team.walt)
    body = client.get("/api/notification/list?perPage=2", headers=h).get_json()
    assert body["meta"] == {"page": 1, "perPage": 2, "total": 4, "unread": 4}
    first = body["list"][0]
    assert first["kind"] == "mention" and first["actor"]["name"] == "Vera Viewer" and not first["read"]
    assert first["module"]["id"] == tree.task.id and first["module"]["tab"] == "comments"
    assert first["module"]["portalId"] == tree.portal.id
    r = client.post(first["links"]["read"]["url"], headers=h)
    assert r.status_code == 200 and r.get_json()["item"]["read"]
    body = client.get("/api/notification/list", headers=h).get_json()
    assert body["meta"]["unread"] == 3 and body["list"][-1]["id"] == first["id"]  # unread first
    assert client.get("/api/notification/list?unread=1", headers=h).get_json()["meta"]["total"] == 3
    assert client.get("/api/notification/list?kind=mention", headers=h).get_json()["meta"]["total"] == 1
    assert client.get("/api/notification/list?kind=nope", headers=h).status_code == 400
    # Someone else's notification is not there for them.
    assert client.post(first["links"]["read"]["url"], headers=token_for(team.vera)).status_code == 404
    r = client.post("/api/notification/read-all", headers=h)
    assert r.get_json()["marked"] == 3
    assert client.get("/api/notification/list", headers=h).get_json()["meta"]["unread"] == 0


def test_a_notification_leads_where_its_reader_enters_the_portal(client, tree, team, make_user, grant, token_for):
    """Someone who sees only a project has /portal/{project} as their portal: their notification says so."""
    pia = make_user(name="Pia Project")
    grant(tree.project, pia)
    comment(client, token_for(team.vera), tree.task.id, f"@[Pia](user:{pia.id})")
    comment(client, token_for(team.vera), tree.task.id, f"@[Walt](user:{team.walt.id})")
    dispatch.run()
    mine = client.get("/api/notification/list", headers=token_for(pia)).get_json()["list"][0]["module"]
    assert mine["portalId"] == tree.project.id and mine["id"] == tree.task.id
    walt = client.get("/api/notification/list", headers=token_for(team.walt)).get_json()["list"][0]["module"]
    assert walt["portalId"] == tree.portal.id


def bound_token(client, token_for, user, portal, access="write"):
    """Bearer headers of a personal API token of `user` bound to `portal`."""
    r = client.post("/api/account/tokens", headers=token_for(user),
                    json={"name": "script", "days": 30, "access": access, "portalId": portal.id})
    assert r.status_code == 201, r.get_json()
    return {"Authorization": "Bearer " + r.get_json()["item"]["token"]}


def test_a_portal_bound_token_reaches_only_its_portals_notifications(client, tree, team, token_for, make_module,
                                                                     grant):
    """Issue point 4: list, count, read and read-all with a token bound to one portal see and change only that
    portal's notifications (never a comment's text elsewhere); the bell's live channel, which tells of every
    portal, is refused to it; a module's channel is as its rights say."""
    elsewhere = make_module(name="Elsewhere")
    hidden = make_module(elsewhere, "4rineu_project", "Hidden project")
    grant(elsewhere, team.walt)
    grant(elsewhere, team.eddie, edit=True)
    for module in (tree.portal, elsewhere):
        watch(client, token_for(team.walt), module.id)
    comment(client, token_for(team.vera), tree.project.id, "Here 1")
    comment(client, token_for(team.vera), tree.task.id, "Here 2")
    comment(client, token_for(team.eddie), hidden.id, "Secret elsewhere")
    dispatch.run()
    theirs = {n.id: n.portal_id for n in notes(team.walt)}
    assert sorted(theirs.values()) == sorted([tree.portal.id] * 2 + [elsewhere.id])
    foreign = next(i for i, p in theirs.items() if p == elsewhere.id)
    h = bound_token(client, token_for, team.walt, tree.portal)

    body = client.get("/api/notification/list", headers=h).get_json()
    assert body["meta"]["total"] == 2 and body["meta"]["unread"] == 2
    assert {n["module"]["id"] for n in body["list"]} == {tree.project.id, tree.task.id}
    assert "Secret" not in json.dumps(body) and "Hidden" not in json.dumps(body)
    assert client.get("/api/notification/list?unread=1&kind=comment", headers=h).get_json()["meta"]["total"] == 2
    assert client.post(f"/api/notification/read/{foreign}", headers=h).status_code == 404
    r = client.post("/api/notification/read-all", headers=h)
    assert r.status_code == 200 and r.get_json()["marked"] == 2
    assert _db.session.get(Notification, foreign).read is None  # the other portal's stays unread
    session = client.get("/api/notification/list", headers=token_for(team.walt)).get_json()
    assert session["meta"] == {"page": 1, "perPage": 50, "total": 3, "unread": 1}

    # Live: the bell's ticket is refused to the bound token (a session gets it); a module's follows the rights.
    r = client.get("/api/live/ticket", headers=h)
    assert r.status_code == 403 and "bound to one portal" in r.get_json()["error"]
    assert client.get("/api/live/ticket", headers=token_for(team.walt)).status_code == 200
    assert client.get(f"/api/live/ticket/{hidden.id}", headers=h).status_code == 404
    url = client.get(f"/api/live/ticket/{tree.project.id}", headers=h).get_json()["item"]["url"]
    assert _authorize(client, url).status_code == 200
    # An unbound token still has the bell.
    r = client.post("/api/account/tokens", headers=token_for(team.walt), json={"name": "all", "days": 30})
    unbound = {"Authorization": "Bearer " + r.get_json()["item"]["token"]}
    assert client.get("/api/live/ticket", headers=unbound).status_code == 200
    assert client.get("/api/notification/list", headers=unbound).get_json()["meta"]["total"] == 3
    # The e-mail preferences are the whole account's: a bound token reads them but cannot change them.
    assert client.get("/api/notification/preferences", headers=h).status_code == 200
    r = client.put("/api/notification/preferences", headers=h, json={})
    assert r.status_code == 403 and "whole account" in r.get_json()["error"]


def test_notifications_show_the_readers_rights_of_now(client, tree, team, token_for):
    """Issue point 9: removed from the portal, Walt's old notifications show neither the module (its new name) nor
    what was written there: 'a module you no longer have access to'. Given back the portal, he sees them again."""
    watch(client, token_for(team.walt), tree.portal.id)
    comment(client, token_for(team.vera), tree.task.id, "The secret plan")
    comment(client, token_for(team.vera), tree.project.id, f"Psst @[Walt](user:{team.walt.id})")
    dispatch.run()
    h = token_for(team.walt)
    before = client.get("/api/notification/list", headers=h).get_json()["list"]
    assert "The secret plan" in json.dumps(before) and all(n["module"] for n in before)
    _db.session.execute(sa.delete(Membership).where(Membership.user_id == team.walt.id))
    _db.session.execute(sa.update(type(tree.task)).where(type(tree.task).id == tree.task.id)
                        .values(name="Project Nightingale"))
    _db.session.commit()

    body = client.get("/api/notification/list", headers=h).get_json()
    shown = json.dumps(body)
    assert "secret plan" not in shown and "Nightingale" not in shown and tree.project.name not in shown
    assert sorted(n["text"] for n in body["list"]) == ["commented on a module you no longer have access to",
                                                       "mentioned you in a module you no longer have access to"]
    assert all(n["module"] is None for n in body["list"]) and body["meta"]["total"] == 2
    r = client.post(body["list"][0]["links"]["read"]["url"], headers=h)
    assert r.status_code == 200 and r.get_json()["item"]["module"] is None
    assert "no longer have access" in r.get_json()["item"]["text"]
    new_grant(tree.portal, team.walt)
    again = client.get("/api/notification/list", headers=h).get_json()["list"]
    assert "The secret plan" in json.dumps(again) and {n["module"]["id"] for n in again} == {tree.task.id,
                                                                                              tree.project.id}


# --- quiet notifications: what tells whom by default, and groups ---------------------------------------------

PREFS = "/api/notification/preferences"


def choose(client, headers, **modes):
    """Save some kinds of the preferences form (the others keep theirs)."""
    token = next(e["value"] for e in client.get(PREFS, headers=headers).get_json()["elements"] if e["name"] == "_token")
    r = client.put(PREFS, headers=headers, data={"_token": token, **modes})
    assert r.status_code == 200, r.get_json()


def rename(client, headers, module, name):
    r = submit(client, headers, f"/api/module/edit/{module.id}", {"name": name}, method="PUT")
    assert r.status_code == 200, r.get_json()


def test_uploads_locks_and_unlocks_tell_only_those_who_asked(client, tree, team, token_for):
    """Issue 40, point 10: a watcher on the defaults hears nothing of uploads, new versions, locks and unlocks
    (of files and of modules); after choosing them (in the app only, here) they are told."""
    for who in (team.walt, team.vera):
        watch(client, token_for(who), tree.portal.id)
    admin = token_for(team.eddie)
    _db.session.execute(sa.update(Membership).where(Membership.user_id == team.eddie.id).values(admin=True))
    _db.session.commit()

    def busy(module):
        f = upload(client, admin, module.id).get_json()["item"]
        for op in ("lock", "unlock"):
            assert client.patch(f"/api/vault/{op}-file/{module.id}/{f['id']}", headers=admin).status_code == 200
        assert client.patch(f"/api/module/lock/{module.id}", headers=admin).status_code == 200
        assert client.patch(f"/api/module/unlock/{module.id}", headers=admin).status_code == 200

    busy(tree.project)
    dispatch.run()
    assert notes(team.walt) == [] and notes(team.vera) == []

    choose(client, token_for(team.walt), file="never", lock="never")
    busy(tree.phase)
    dispatch.run()
    told = notes(team.walt)
    assert [(n.kind, n.module_id) for n in told] == [("file", tree.phase.id), ("lock", tree.phase.id)]
    assert told[1].changes == 4  # two of the file, two of the module
    assert notes(team.vera) == []  # still on the defaults
    body = client.get("/api/notification/list?kind=lock", headers=token_for(team.walt)).get_json()
    assert body["list"][0]["text"] == f"locked or unlocked items 4 times in '{tree.phase.name}'"


def test_mentions_replies_and_my_tasks_always_tell_and_never_group(client, tree, team, token_for):
    """Someone who watches nothing and turned comments and other changes off is still told, each time on its own,
    when mentioned, when someone replies to their comment, and when their task's status changes."""
    walt = token_for(team.walt)
    choose(client, walt, comment="off", activity="off")
    mine = comment(client, walt, tree.task.id, "My question").get_json()["item"]
    reply_url = mine["links"]["reply"]["url"]
    for i in range(2):
        r = client.post(reply_url, headers=token_for(team.vera), data={"content": f"Answer {i}"})
        assert r.status_code == 200, r.get_json()
        comment(client, token_for(team.vera), tree.task.id, f"See @[Walt](user:{team.walt.id}) {i}")
        comment(client, token_for(team.eddie), tree.task.id, f"Unrelated {i}")  # a comment: off for Walt
    r = submit(client, token_for(team.eddie), f"/api/deliverable/add/{tree.task.id}",
               {"status": "NOT_STARTED", "ownerId": team.walt.id})
    assert r.status_code == 200, r.get_json()
    dispatch.run()
    told = notes(team.walt)
    assert [n.kind for n in told] == ["reply", "mention", "reply", "mention", "task"]
    assert told[0].text == f"replied to your comment in '{tree.task.name}': “Answer 0”"
    assert all(n.changes == 1 for n in told)
    body = client.get("/api/notification/list", headers=walt).get_json()
    assert body["meta"]["unread"] == 5 and {n["count"] for n in body["list"]} == {1}


def test_changes_to_one_module_within_minutes_make_one_notification(app, client, tree, team, token_for,
                                                                    monkeypatch):
    """Five changes to the project by two people within the window: Walt has one unread notification that counts
    them, names the latest person and the others, and rings his bell at each; a mention meanwhile stays its own.
    After the window, or once he read it, the next change is a new notification."""
    rung = []
    real = dispatch._after_commit
    monkeypatch.setattr(dispatch, "_after_commit", lambda mails, deliveries, bells: (rung.append(set(bells)),
                                                                                    real(mails, deliveries, bells)))
    new_grant(tree.project, team.vera, edit=True)
    walt = token_for(team.walt)
    watch(client, walt, tree.project.id)
    for i, who in enumerate((team.eddie, team.vera, team.eddie)):
        rename(client, token_for(who), tree.project, f"Project {i}")
    dispatch.run()  # three in one pass, two more in passes of their own
    comment(client, token_for(team.eddie), tree.project.id, f"Look @[Walt](user:{team.walt.id})")
    dispatch.run()
    for i, who in enumerate((team.eddie, team.vera), start=3):
        rename(client, token_for(who), tree.project, f"Project {i}")
        dispatch.run()
    assert all(team.walt.id in bells for bells in rung if bells)

    body = client.get("/api/notification/list", headers=walt).get_json()
    assert body["meta"]["total"] == body["meta"]["unread"] == 2
    group, mention = body["list"]  # the group's last change is the newest
    assert mention["kind"] == "mention" and mention["count"] == 1
    assert (group["kind"], group["count"], group["others"]) == ("activity", 5, 1)
    assert group["actor"]["name"] == "Vera Viewer"
    assert group["text"] == "and 1 other made 5 changes in 'Project 4'"
    assert group["module"]["id"] == tree.project.id and group["module"]["tab"] is None

    # After the window: a new one.
    for n in notes(team.walt):
        n.created -= timedelta(minutes=6)
    _db.session.commit()
    rename(client, token_for(team.eddie), tree.project, "Project 5")
    dispatch.run()
    body = client.get("/api/notification/list?kind=activity", headers=walt).get_json()
    assert [n["count"] for n in body["list"]] == [1, 5] and "Project 5" in body["list"][0]["text"]
    assert body["meta"]["unread"] == 3
    # Read, it is closed: the next change is new too, and a second within the window joins that one.
    client.post(body["list"][0]["links"]["read"]["url"], headers=walt)
    rename(client, token_for(team.vera), tree.project, "Project 6")
    rename(client, token_for(team.vera), tree.project, "Project 7")
    dispatch.run()
    body = client.get("/api/notification/list?unread=1", headers=walt).get_json()
    assert [(n["kind"], n["count"]) for n in body["list"]] == [("activity", 2), ("activity", 5), ("mention", 1)]
    assert body["meta"]["unread"] == 3
    assert body["list"][0]["text"] == "made 2 changes in 'Project 7'"


# --- rights at delivery --------------------------------------------------------------------------------------

def test_rights_are_those_of_the_moment_of_delivery(client, tree, team, token_for):
    watch(client, token_for(team.walt), tree.portal.id)
    comment(client, token_for(team.vera), tree.project.id, f"Hey @[Walt](user:{team.walt.id})")
    # Between the event and its delivery, Walt loses the portal.
    _db.session.execute(sa.delete(Membership).where(Membership.user_id == team.walt.id))
    _db.session.commit()
    dispatch.run()
    assert notes(team.walt) == []
    # And a module deleted before delivery tells nobody about what happened in it.
    new_grant(tree.portal, team.walt)
    walt, subtask_id, task_id = team.walt.id, tree.subtask.id, tree.task.id
    comment(client, token_for(team.vera), subtask_id, "Soon gone")
    let_delete(team.eddie)
    assert client.delete(f"/api/module/delete/{subtask_id}", headers=token_for(team.eddie)).status_code == 200
    dispatch.run()
    told = [(n.module_id, n.category) for n in notes(SimpleNamespace(id=walt))]
    assert (subtask_id, "comment") not in told
    assert (task_id, "module") in told  # the deletion itself, on the parent they still see


def let_delete(user):
    _db.session.execute(sa.update(Membership).where(Membership.user_id == user.id).values(allow_delete=True))
    _db.session.commit()


# --- live ----------------------------------------------------------------------------------------------------

class Publisher(BaseHTTPRequestHandler):
    """A stand-in for nchan's publisher location: records (method, path, body), and the client port of each;
    answers nchan's channel info, with no stream listening on the paths in `closed`."""
    protocol_version = "HTTP/1.1"  # connections are kept alive, as nginx keeps them
    seen = []
    ports = []
    closed = set()

    def _answer(self):
        length = int(self.headers.get("Content-Length") or 0)
        Publisher.seen.append((self.command, self.path, self.rfile.read(length).decode()))
        Publisher.ports.append(self.client_address[1])
        body = json.dumps({"messages": 1, "requested": 0, "subscribers": 0 if self.path in Publisher.closed else 1,
                           "last_message_id": "1:0"}).encode()
        self.send_response(202 if self.command == "POST" else 200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_POST = do_DELETE = _answer

    def log_message(self, *args):
        pass


@pytest.fixture
def publisher(app, monkeypatch):
    server = ThreadingHTTPServer(("127.0.0.1", 0), Publisher)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    Publisher.seen, Publisher.ports, Publisher.closed = [], [], set()
    monkeypatch.setitem(app.config, "LIVE_PUBLISH_URL", f"http://127.0.0.1:{server.server_port}")
    yield Publisher.seen
    server.shutdown()


def _authorize(client, url):
    return client.get("/api/live/authorize", headers={"X-Original-URI": url})


def test_tickets_and_nchans_question(client, tree, team, token_for):
    r = client.get(f"/api/live/ticket/{tree.task.id}", headers=token_for(team.vera))
    assert r.status_code == 200
    url = r.get_json()["item"]["url"]
    assert url.startswith(f"/live/m/{tree.task.id}?t=")
    r = _authorize(client, url)
    assert r.status_code == 200
    # nginx subscribes the stream to Vera's own channel of the task.
    assert r.headers["X-Live-Channel"] == f"m{tree.task.id}u{team.vera.id}"
    assert _db.session.scalar(sa.select(LiveSubscriber.user_id)) == team.vera.id
    # Another channel with that ticket, a forged ticket, no ticket: no.
    assert _authorize(client, url.replace(f"/m/{tree.task.id}", f"/m/{tree.phase.id}")).status_code == 403
    assert _authorize(client, url[:-3] + "xyz").status_code == 403
    assert _authorize(client, "").status_code == 403
    assert client.get(f"/api/live/ticket/{tree.task.id}", headers=token_for(team.olga)).status_code == 404
    # Rights are asked when the subscriber comes in: a ticket of someone who lost the module is refused.
    _db.session.execute(sa.delete(Membership).where(Membership.user_id == team.vera.id))
    _db.session.commit()
    assert _authorize(client, url).status_code == 403
    assert "X-Live-Channel" not in _authorize(client, url).headers
    # The bell: one's own channel only.
    mine = client.get("/api/live/ticket", headers=token_for(team.walt)).get_json()["item"]["url"]
    assert mine.startswith(f"/live/u/{team.walt.id}?t=") and _authorize(client, mine).status_code == 200
    assert _authorize(client, mine).headers["X-Live-Channel"] == f"u{team.walt.id}"


def test_expired_tickets_are_refused(app, client, tree, team, token_for, monkeypatch):
    url = client.get(f"/api/live/ticket/{tree.task.id}", headers=token_for(team.vera)).get_json()["item"]["url"]
    monkeypatch.setitem(app.config, "LIVE_TICKET_SECONDS", -1)
    assert _authorize(client, url).status_code == 403


def test_hints_go_after_commit_to_each_listener_who_may_view_at_that_moment(client, tree, team, token_for,
                                                                            publisher):
    for who in (team.vera, team.walt):
        url = client.get(f"/api/live/ticket/{tree.project.id}", headers=token_for(who)).get_json()["item"]["url"]
        assert _authorize(client, url).status_code == 200
    vera, walt = f"/pub/m{tree.project.id}u{team.vera.id}", f"/pub/m{tree.project.id}u{team.walt.id}"
    cid = comment(client, token_for(team.eddie), tree.project.id, "Live!").get_json()["item"]["id"]
    assert publisher == []  # nothing before the dispatcher ran
    dispatch.run()
    posts = {p: b for m, p, b in publisher if m == "POST" and p in (vera, walt)}
    assert set(posts) == {vera, walt}
    assert f'"item": {cid}' in posts[vera] and '"kind": "comment.add"' in posts[vera] and "Live!" not in posts[vera]
    # Walt loses the project: the next hint goes to Vera only; Walt is told once, on his own channel, that he may
    # no longer view the module (his page reads it again and closes the stream), and is forgotten. Nobody's stream
    # is closed for it, and no channel is deleted.
    publisher.clear()
    _db.session.execute(sa.delete(Membership).where(Membership.user_id == team.walt.id))
    _db.session.commit()
    comment(client, token_for(team.eddie), tree.project.id, "After")
    dispatch.run()
    calls = [(m, p, b) for m, p, b in publisher if p.startswith(f"/pub/m{tree.project.id}u")]
    assert sorted((m, p) for m, p, _ in calls) == sorted([("POST", vera), ("POST", walt)])
    told = next(b for _, p, b in calls if p == walt)
    assert json.loads(told) == {"kind": "live.lost", "module": tree.project.id}
    assert "After" not in told and "comment" not in told
    assert all(m == "POST" for m, _, _ in publisher)
    assert not _db.session.scalar(sa.select(LiveSubscriber.id).where(LiveSubscriber.user_id == team.walt.id))
    publisher.clear()
    comment(client, token_for(team.eddie), tree.project.id, "Later")
    dispatch.run()
    assert [p for _, p, _ in publisher if p.startswith(f"/pub/m{tree.project.id}u")] == [vera]


def test_losing_a_membership_above_closes_out_the_streams_below(client, tree, team, token_for, publisher,
                                                                 make_user, grant):
    """Walt listens to a task and to his bell; an admin removes him from the portal (an event on the portal, none
    on the task): his task stream is told at once, his bell is not, and Vera's task stream hears nothing."""
    admin = make_user(name="Ada Admin")
    grant(tree.portal, admin, admin=True, edit=True, create=True, delete=True)
    for who in (team.walt, team.vera):
        url = client.get(f"/api/live/ticket/{tree.task.id}", headers=token_for(who)).get_json()["item"]["url"]
        assert _authorize(client, url).status_code == 200
    bell = client.get("/api/live/ticket", headers=token_for(team.walt)).get_json()["item"]["url"]
    assert _authorize(client, bell).status_code == 200
    dispatch.run()
    publisher.clear()
    ms = _db.session.scalar(sa.select(Membership.id).where(Membership.user_id == team.walt.id,
                                                           Membership.module_id == tree.portal.id))
    assert client.delete(f"/api/membership/delete/{tree.portal.id}/{ms}",
                         headers=token_for(admin)).status_code == 200
    dispatch.run()
    told = [(p, json.loads(b)) for m, p, b in publisher if m == "POST"]
    assert (f"/pub/m{tree.task.id}u{team.walt.id}", {"kind": "live.lost", "module": tree.task.id}) in told
    assert not [p for p, _ in told if p in (f"/pub/m{tree.task.id}u{team.vera.id}", f"/pub/u{team.walt.id}")]
    assert _db.session.scalars(sa.select(LiveSubscriber.channel).where(
        LiveSubscriber.user_id == team.walt.id)).all() == [f"u{team.walt.id}"]
    # A change that keeps the right (Vera's membership edited, still a viewer) closes nothing.
    publisher.clear()
    vera_ms = _db.session.scalar(sa.select(Membership).where(Membership.user_id == team.vera.id,
                                                             Membership.module_id == tree.portal.id))
    r = submit(client, token_for(admin), f"/api/membership/edit/{tree.portal.id}/{vera_ms.id}",
               {"role": "Reviewer", "allowView": "true"})
    assert r.status_code == 200, r.get_json()
    dispatch.run()
    assert not [b for _, _, b in publisher if "live.lost" in b]


def test_a_listener_whose_stream_closed_is_forgotten_once_it_has_settled(client, tree, team, token_for, publisher):
    """nchan answers each publish with how many streams listen on the channel: a listener whose page closed (none
    on their channel) gets no more posts, once their record is older than a stream takes to settle in nchan."""
    for who in (team.vera, team.walt):
        url = client.get(f"/api/live/ticket/{tree.project.id}", headers=token_for(who)).get_json()["item"]["url"]
        assert _authorize(client, url).status_code == 200
    vera, walt = f"/pub/m{tree.project.id}u{team.vera.id}", f"/pub/m{tree.project.id}u{team.walt.id}"
    dispatch.run()
    Publisher.closed.add(walt)
    heard = lambda: [p for _, p, _ in publisher if p in (vera, walt)]  # noqa: E731

    def rows():
        return set(_db.session.scalars(sa.select(LiveSubscriber.user_id)))
    # Just let in: nchan may not count the stream yet, so Walt is kept (and posted to again).
    publisher.clear()
    comment(client, token_for(team.eddie), tree.project.id, "One")
    dispatch.run()
    assert sorted(heard()) == sorted([vera, walt]) and rows() == {team.vera.id, team.walt.id}
    # Settled (recorded a minute ago) and still nobody on his channel: forgotten, and not posted to any more.
    for row in _db.session.scalars(sa.select(LiveSubscriber)):
        row.expires -= timedelta(seconds=60)
    _db.session.commit()
    comment(client, token_for(team.eddie), tree.project.id, "Two")
    dispatch.run()
    assert rows() == {team.vera.id}
    publisher.clear()
    comment(client, token_for(team.eddie), tree.project.id, "Three")
    dispatch.run()
    assert heard() == [vera]
    # He opens the page again: recorded anew, posted to again.
    url = client.get(f"/api/live/ticket/{tree.project.id}", headers=token_for(team.walt)).get_json()["item"]["url"]
    assert _authorize(client, url).status_code == 200
    Publisher.closed.clear()
    publisher.clear()
    comment(client, token_for(team.eddie), tree.project.id, "Four")
    dispatch.run()
    assert sorted(heard()) == sorted([vera, walt])


def test_a_module_without_listeners_gets_no_hint_and_the_cost_does_not_grow_with_them(client, tree, team, token_for,
                                                                                     publisher, count_queries):
    comment(client, token_for(team.eddie), tree.task.id, "Nobody listens")
    dispatch.run()
    assert not [p for _, p, _ in publisher if p.startswith(f"/pub/m{tree.task.id}")]

    def queries_for(listeners):
        for who in listeners:
            url = client.get(f"/api/live/ticket/{tree.task.id}", headers=token_for(who)).get_json()["item"]["url"]
            assert _authorize(client, url).status_code == 200
        with count_queries() as queries:
            assert live.publish(live.channel_of_module(tree.task.id), {"kind": "x"}, tree.task.id)
        return queries.count
    assert queries_for([team.vera]) == queries_for([team.walt, team.eddie])
    assert {p for _, p, _ in publisher} >= {f"/pub/m{tree.task.id}u{u.id}" for u in (team.vera, team.walt, team.eddie)}


def test_a_child_change_reaches_the_parent_and_a_deletion_the_deleted(client, tree, team, token_for, publisher):
    for module in (tree.task, tree.phase, tree.subtask):
        url = client.get(f"/api/live/ticket/{module.id}", headers=token_for(team.vera)).get_json()["item"]["url"]
        assert _authorize(client, url).status_code == 200
    on = lambda module_id: f"/pub/m{module_id}u{team.vera.id}"  # noqa: E731
    r = submit(client, token_for(team.eddie), f"/api/deliverable/add/{tree.task.id}", {"status": "BLOCKED"})
    assert r.status_code == 200
    dispatch.run()
    paths = [p for _, p, _ in publisher]
    assert on(tree.task.id) in paths and on(tree.phase.id) in paths
    publisher.clear()
    task_id, subtask_id = tree.task.id, tree.subtask.id
    let_delete(team.eddie)
    assert client.delete(f"/api/module/delete/{task_id}", headers=token_for(team.eddie)).status_code == 200
    dispatch.run()
    deleted = [b for _, p, b in publisher if p == on(task_id)]
    assert deleted and '"deleted": true' in deleted[0]
    assert any(p == on(subtask_id) for _, p, _ in publisher)


def test_a_listener_of_a_deleted_module_hears_it_was_deleted_even_without_the_parent(client, tree, team,
                                                                                      token_for, publisher, grant):
    """Olga sees only the task: when it is deleted (the event is on its parent, which she cannot see) her page is
    told it was deleted, not that it was taken from her."""
    grant(tree.task, team.olga)
    url = client.get(f"/api/live/ticket/{tree.task.id}", headers=token_for(team.olga)).get_json()["item"]["url"]
    assert _authorize(client, url).status_code == 200
    task_id = tree.task.id
    let_delete(team.eddie)
    assert client.delete(f"/api/module/delete/{task_id}", headers=token_for(team.eddie)).status_code == 200
    dispatch.run()
    told = [json.loads(b) for _, p, b in publisher if p == f"/pub/m{task_id}u{team.olga.id}"]
    assert [m.get("deleted") for m in told] == [True] and told[0]["kind"] == "module.delete"


def test_a_pass_reads_listeners_rights_and_webhooks_once_and_publishes_on_one_connection(
        client, tree, team, token_for, publisher, count_queries, monkeypatch):
    """Rights are those of the pass (one moment of delivery): eight comments on one module, heard by two
    listeners and watched by a webhook, read the listeners, their rights and the webhooks once, and go to nchan over
    one kept-alive connection. Before, each event read them again and opened a connection per hint."""
    for who in (team.vera, team.walt):
        url = client.get(f"/api/live/ticket/{tree.project.id}", headers=token_for(who)).get_json()["item"]["url"]
        assert _authorize(client, url).status_code == 200
    monkeypatch.setattr(webhooks, "post", lambda url, body, headers, timeout: (204, 1))  # never the network
    _db.session.add(Webhook(module_id=tree.portal.id, url="https://example.org/hook", secret="whsec_x", kinds="*",
                            created_by_id=team.vera.id))
    _db.session.commit()
    dispatch.run()
    publisher.clear()
    for n in range(8):
        comment(client, token_for(team.eddie), tree.project.id, f"Busy {n}")
    with count_queries() as queries:
        assert dispatch.run() == 8
    sql = [q.lower() for q in queries.statements]
    assert sum("from live_subscriber" in q for q in sql) == 1
    assert sum("where webhook.module_id" in q for q in sql) == 1
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(WebhookDelivery)) == 8  # one per event
    posts = [p for m, p, _ in publisher if m == "POST" and p.startswith(f"/pub/m{tree.project.id}u")]
    assert len(posts) == 16 and len(set(Publisher.ports)) == 1
