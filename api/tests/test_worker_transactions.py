"""The worker's tasks read, then write (api/tasks.py): their transactions begin as a write request's do, so on SQLite
a request that writes meanwhile waits for the task instead of failing its commit; and no transaction is open while
a mail leaves or a webhook posts, so nothing holds the write lock (nor a pooled connection) on the network. And the
dispatcher tells a queue that is down (the sweep sends later) from a task that failed where it ran (the tests)."""
import threading
import time
from types import SimpleNamespace

import pytest
import sqlalchemy as sa

from api import tasks
from api.extensions import db as _db
from api.models import Notification, User
from api.services import mail
from api.services.events import dispatch, mailing, webhooks

from .conftest import submit


@pytest.fixture
def team(tree, make_user, grant):
    admin, sofia, mia = make_user(name="Ada Admin"), make_user(name="Sofia"), make_user(name="Mia Mailed")
    grant(tree.portal, admin, admin=True)
    grant(tree.portal, sofia)
    grant(tree.portal, mia)
    return SimpleNamespace(admin=admin, sofia=sofia, mia=mia)


@pytest.fixture
def leaving(monkeypatch):
    """What left for the network (mails by subject, posts by URL), each with whether a transaction was open."""
    seen = []
    monkeypatch.setattr(mail, "send", lambda to, subject, *_: seen.append((subject, _db.session().in_transaction())))

    def post(url, *_):
        seen.append((url, _db.session().in_transaction()))
        return 200, 1
    monkeypatch.setattr(webhooks, "post", post)
    return seen


def test_no_transaction_is_open_while_a_mail_or_a_webhook_leaves(app, client, tree, team, token_for, leaving):
    hook = submit(client, token_for(team.admin), f"/api/webhook/add/{tree.portal.id}",
                  {"active": "1", "kinds": "comment", "url": "https://hooks.example/in"})
    assert hook.status_code == 200, hook.get_json()
    sofia = token_for(team.sofia)
    # A mention mails Mia at once; the comment after it waits for her digest; each comment posts to the webhook.
    for text in (f"See @[Mia](user:{team.mia.id})", "And a follow-up"):
        assert client.post(f"/api/comment/add/{tree.task.id}", headers=sofia, data={"content": text}).status_code == 200
    _db.session.commit()
    dispatch.run()
    tasks.sweep.call_local()  # the digest fell due: Mia never had one
    tasks.call.call_local("api.services.accounts", "send_reset_link", team.mia.email)
    subjects = [what for what, _ in leaving]
    assert subjects.count("https://hooks.example/in") == 2
    assert [s for s in subjects if s.startswith("[")] == ["[4RinEU] Sofia mentioned you in 'Task 1': “See @Mia”",
                                                          "[4RinEU] Your daily digest: 1 notification"]
    assert "Reset your password" in subjects
    assert [what for what, open_ in leaving if open_] == []


def test_a_webhook_deleted_while_it_posts_leaves_nothing_to_record(client, tree, team, token_for, monkeypatch):
    hook = submit(client, token_for(team.admin), f"/api/webhook/add/{tree.portal.id}",
                  {"active": "1", "kinds": "comment", "url": "https://hooks.example/in"}).get_json()["item"]
    answers = [500]

    def post(*_):  # the first attempt fails; during the retry the admin deletes the webhook
        if answers:
            return answers.pop(), 1
        gone = client.delete(f"/api/webhook/delete/{tree.portal.id}/{hook['id']}", headers=token_for(team.admin))
        assert gone.status_code == 200
        return 200, 1
    monkeypatch.setattr(webhooks, "post", post)
    assert client.post(f"/api/comment/add/{tree.task.id}", headers=token_for(team.sofia),
                       data={"content": "Hi"}).status_code == 200
    _db.session.commit()
    dispatch.run()
    (delivery,) = _db.session.scalars(sa.select(webhooks.WebhookDelivery)).all()
    assert (delivery.status, delivery.attempts) == ("pending", 1)
    did = delivery.id
    delivery.next_attempt = delivery.created
    _db.session.commit()
    assert tasks.deliver_webhook.call_local(did) is None
    assert _db.session.scalar(sa.select(sa.func.count()).select_from(webhooks.WebhookDelivery)) == 0


def test_a_request_writing_behind_a_mail_tasks_reads_waits_for_it(app, tree, team, monkeypatch):
    """SQLite: a read transaction that another connection wrote behind can no longer write ('database is locked',
    at once: waiting would not help). The task begins IMMEDIATE, so the request's write waits for the task instead."""
    if _db.engine.dialect.name != "sqlite":
        pytest.skip("PostgreSQL lets a transaction that read write after another's commit")
    n = Notification(user_id=team.mia.id, kind="mention", module_id=tree.task.id, portal_id=tree.portal.id,
                     category="comment", text="mentioned you", mail="immediate")
    _db.session.add(n)
    _db.session.commit()
    nid, reading = n.id, threading.Event()
    brand_of = mailing._brand_of

    def slow_brand_of(user_id):  # the task has read the notification and its user; it pauses before its write
        reading.set()
        time.sleep(0.3)
        return brand_of(user_id)
    monkeypatch.setattr(mailing, "_brand_of", slow_brand_of)
    monkeypatch.setattr(mail, "send", lambda *_: None)
    failed = []

    def task():
        with app.app_context():
            try:
                tasks.send_notification_mail.call_local(nid)
            except Exception as e:  # noqa: BLE001 - reported below
                failed.append(e)
            finally:
                _db.session.remove()
    worker = threading.Thread(target=task)
    worker.start()
    assert reading.wait(10)
    with _db.engine.connect() as request:  # a request renames Sofia meanwhile
        request.execute(sa.update(User).where(User.id == team.sofia.id).values(name="Sofia R."))
        request.commit()
    worker.join(10)
    assert failed == []
    _db.session.commit()  # a new snapshot: this session read before the task wrote
    assert _db.session.get(Notification, nid).mail == "sent"
    assert _db.session.get(User, team.sofia.id).name == "Sofia R."


def test_a_queue_that_is_down_leaves_the_mail_to_the_sweep_but_a_task_that_fails_is_a_failure(
        client, tree, team, token_for, monkeypatch):
    def mention():
        assert client.post(f"/api/comment/add/{tree.task.id}", headers=token_for(team.sofia),
                           data={"content": f"See @[Mia](user:{team.mia.id})"}).status_code == 200
        _db.session.commit()

    def broken(_nid):
        raise ConnectionError("the queue is down")
    # The consumer's queue is down: the dispatcher's pass is done, the mail still waits (the sweep sends it).
    monkeypatch.setattr(tasks, "send_notification_mail", broken)
    warned = []
    monkeypatch.setattr(dispatch, "log", SimpleNamespace(warning=lambda *args, **_: warned.append(args[0] % args[1:])))
    with monkeypatch.context() as m:
        m.setattr(tasks, "huey", SimpleNamespace(immediate=False))
        mention()
        dispatch.run()
    assert warned and warned[0].startswith("Could not queue the mail of notification")
    assert _db.session.scalars(sa.select(Notification.mail).where(Notification.user_id == team.mia.id)).all() \
        == ["immediate"]
    # In immediate mode (the tests) the task ran in the dispatcher's place: its failure is not hidden as a warning.
    mention()
    with pytest.raises(ConnectionError):
        dispatch.run()


def test_the_consumers_threads_make_one_app_between_them(monkeypatch):
    """The consumer runs tasks in threads: two first tasks at once make the app once, and both get that app
    (making it in two threads at once failed on a loaded machine: CPython 3.11's compiler, under werkzeug)."""
    import api
    made, entered = [], threading.Barrier(2)

    def slow_create_app():
        made.append(threading.get_ident())
        time.sleep(0.2)  # long enough for the other thread to arrive while this one is making it
        return SimpleNamespace(n=len(made))
    monkeypatch.setattr(api, "create_app", slow_create_app)
    monkeypatch.setattr(tasks, "_APP", {})
    got = []

    def first_task():
        entered.wait()
        got.append(tasks._app())
    threads = [threading.Thread(target=first_task) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(made) == 1 and got[0] is got[1]
