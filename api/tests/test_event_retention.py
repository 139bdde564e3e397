"""Retention (services/events/retention.py): read notifications, dispatched events and finished webhook deliveries
are removed after their keeping time; unread notifications, mails still due, events not yet dispatched or named by
a delivery still pending, and the feed stay. A delivery whose event is gone is not sent unchecked."""
from datetime import timedelta

import sqlalchemy as sa

from api.extensions import db as _db
from api.models import Event, FeedEntry, Notification, WebhookAttempt, WebhookDelivery
from api.models.base import utcnow
from api.services.events import dispatch, retention, webhooks

from .test_webhooks import comment, deliveries, people, receiver, register  # noqa: F401 (fixtures)


def count(model):
    return _db.session.scalar(sa.select(sa.func.count()).select_from(model))


def test_finished_deliveries_and_dispatched_events_go_after_their_keeping_time(app, client, tree, people,
                                                                               token_for, receiver):
    register(client, token_for(people.admin), tree.portal.id, url=receiver.url)
    comment(client, token_for(people.writer), tree.task.id, "Kept a while")
    dispatch.run()
    (d,) = deliveries()
    assert d.status == "succeeded" and count(WebhookAttempt) == 1
    events, feed = count(Event), count(FeedEntry)
    days = app.config["EVENT_RETENTION_DAYS"]
    assert retention.prune(now=utcnow() + timedelta(days=days - 1)) == {"notifications": 0, "deliveries": 0,
                                                                         "events": 0}
    gone = retention.prune(now=utcnow() + timedelta(days=days + 1))
    assert gone["deliveries"] == 1 and gone["events"] == events
    assert count(WebhookDelivery) == count(WebhookAttempt) == count(Event) == 0
    assert count(FeedEntry) == feed  # the modules' activity is history: kept


def test_what_is_still_to_do_is_kept_however_old(app, client, tree, people, token_for, receiver):
    register(client, token_for(people.admin), tree.portal.id, url=receiver.url)
    receiver.answers += [500]
    comment(client, token_for(people.writer), tree.task.id, "Retried")
    dispatch.run()
    (d,) = deliveries()
    assert d.status == "pending"
    comment(client, token_for(people.writer), tree.task.id, "Not dispatched yet")
    waiting = _db.session.scalar(sa.select(sa.func.max(Event.id)))
    later = utcnow() + timedelta(days=app.config["EVENT_RETENTION_DAYS"] + 1)
    assert retention.prune(now=later)["deliveries"] == 0
    # Gone: only dispatched events no delivery names (the webhook's registration, say).
    assert set(_db.session.scalars(sa.select(Event.id))) == {d.event_id, waiting}
    # The pending delivery's event is still there: its next attempt checks the rights and sends.
    assert webhooks.attempt(d.id, manual=True) == "succeeded"
    dispatch.run()  # the second comment's event goes out now
    assert [x.status for x in deliveries()] == ["succeeded", "succeeded"]


def test_a_delivery_whose_event_is_gone_is_skipped_not_sent(client, tree, people, token_for, receiver):
    register(client, token_for(people.admin), tree.portal.id, url=receiver.url)
    receiver.answers += [500]
    comment(client, token_for(people.writer), tree.task.id)
    dispatch.run()
    (d,) = deliveries()
    sent = len(receiver.received)
    _db.session.execute(sa.delete(Event).where(Event.id == d.event_id))
    _db.session.commit()
    assert webhooks.attempt(d.id, manual=True) == "skipped"
    _db.session.refresh(d)
    assert d.last_error == "The event is no longer kept" and len(receiver.received) == sent


def test_read_notifications_go_after_their_keeping_time_unread_and_due_mails_stay(app, tree, people):
    now, days = utcnow(), app.config["NOTIFICATION_RETENTION_DAYS"]
    old = now - timedelta(days=days + 1)

    def note(text, read, mail="none"):
        _db.session.add(Notification(user_id=people.viewer.id, kind="comment", text=text, created=old, read=read,
                                     mail=mail))

    note("read long ago", old)
    note("read long ago, sent", old, "sent")
    note("read yesterday", now - timedelta(days=1))
    note("never read", None)
    note("read long ago, digest due", old, "digest")
    _db.session.commit()
    assert retention.prune(now=now)["notifications"] == 2
    left = _db.session.scalars(sa.select(Notification.text).order_by(Notification.id)).all()
    assert left == ["read yesterday", "never read", "read long ago, digest due"]


def test_batches_cover_a_backlog_larger_than_one(app, tree, people, monkeypatch):
    monkeypatch.setattr(retention, "BATCH", 3)
    old = utcnow() - timedelta(days=app.config["NOTIFICATION_RETENTION_DAYS"] + 1)
    _db.session.add_all(Notification(user_id=people.viewer.id, kind="comment", text=f"n{i}", created=old, read=old)
                        for i in range(8))
    _db.session.commit()
    assert retention.prune()["notifications"] == 8 and count(Notification) == 0


def test_the_prune_events_command_says_what_it_removed(app, tree, people):
    old = utcnow() - timedelta(days=app.config["NOTIFICATION_RETENTION_DAYS"] + 1)
    _db.session.add(Notification(user_id=people.viewer.id, kind="comment", text="old", created=old, read=old))
    _db.session.commit()
    r = app.test_cli_runner().invoke(args=["prune-events"])
    assert r.exit_code == 0, r.output
    assert r.output.strip() == "1 notifications, 0 deliveries, 0 events removed."
    assert count(Notification) == 0
