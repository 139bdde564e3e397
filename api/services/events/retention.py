"""What the events leave behind is kept for a while, then removed (docs/architecture.md 'Events'), so the outbox,
the bells and the webhook logs do not grow for ever:

- read notifications older than NOTIFICATION_RETENTION_DAYS (unread ones, and any whose mail is still due, stay);
- finished webhook deliveries (their attempts go with them: ON DELETE CASCADE) older than EVENT_RETENTION_DAYS;
- events older than EVENT_RETENTION_DAYS that the dispatcher has finished and no kept delivery still names (a
  delivery's rights check reads its event).

The feed (the modules' activity) is history, not a by-product: it is kept. Deletes go in batches, each its own
short transaction, so a large backlog never holds a long lock.
"""
from datetime import timedelta

from flask import current_app
from sqlalchemy import delete, exists, select, tuple_

from ...extensions import db
from ...models import Event, EventCursor, Notification, WebhookDelivery
from ...models.base import utcnow
from . import dispatch

BATCH = 2000
FINISHED = ("succeeded", "failed", "skipped")


def _in_batches(ids_query, model):
    """Delete the rows of `model` whose ids `ids_query` selects, BATCH at a time. -> how many."""
    total = 0
    while True:
        ids = db.session.scalars(ids_query.limit(BATCH)).all()
        if not ids:
            return total
        db.session.execute(delete(model).where(model.id.in_(ids)))
        db.session.commit()
        total += len(ids)


def _dispatched():
    """Events behind the dispatcher's cursor (finished)."""
    cur = db.session.get(EventCursor, dispatch.CURSOR)
    if cur is None:
        return None
    last_txid, last_id = cur.last_txid, cur.last_id
    if db.session.get_bind().dialect.name == "postgresql":
        return tuple_(Event.txid, Event.id) <= tuple_(last_txid, last_id)
    return Event.id <= last_id


def prune(now=None):
    """Remove what is past its keeping time. -> {'notifications': n, 'deliveries': n, 'events': n}."""
    cfg, now = current_app.config, now or utcnow()
    read_before = now - timedelta(days=cfg["NOTIFICATION_RETENTION_DAYS"])
    events_before = now - timedelta(days=cfg["EVENT_RETENTION_DAYS"])
    out = {"notifications": _in_batches(
        select(Notification.id).where(Notification.read.is_not(None), Notification.read < read_before,
                                      Notification.mail.not_in(("immediate", "digest"))).order_by(Notification.id),
        Notification)}
    out["deliveries"] = _in_batches(
        select(WebhookDelivery.id).where(WebhookDelivery.status.in_(FINISHED), WebhookDelivery.created < events_before)
        .order_by(WebhookDelivery.id), WebhookDelivery)
    done = _dispatched()
    if done is None:
        out["events"] = 0
        return out
    named = exists().where(WebhookDelivery.event_id == Event.id)
    out["events"] = _in_batches(select(Event.id).where(Event.created < events_before, done, ~named)
                                .order_by(Event.id), Event)
    return out
