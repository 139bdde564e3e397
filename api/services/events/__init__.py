"""Events: one transactional outbox and the channels it fans out to (docs/architecture.md 'Events').

`record()` writes an `event` row beside the feed entry, in the write's own transaction: a rolled-back write
leaves no event. After a commit that recorded events the dispatcher is woken through Huey (`api/tasks.py`);
it reads committed events in order from its cursor and fans each out (`dispatch.py`): in-app notifications
(`notifications.py`), e-mail (`mailing.py`), live hints through nchan (`live.py`) and webhooks (`webhooks.py`).
Rights are checked when each of them is delivered, not when the event was written.
"""
import logging

import orjson
import sqlalchemy as sa
from flask import current_app, has_app_context
from sqlalchemy import event as sa_event
from sqlalchemy.orm import Session

from ...extensions import db
from ...models import Event
from ...models.module import scope_id

log = logging.getLogger(__name__)
_PENDING = "events_recorded"


def record(user, module, operation, category, description, item=None, data=None):
    ev = Event(actor_id=user.id if user else None, module_id=module.id, portal_id=scope_id(module.path),
               path=module.path, category=category, operation=operation, item_id=item, description=description,
               data=orjson.dumps(data or {}, default=str).decode())
    if db.session.get_bind().dialect.name == "postgresql":
        # Evaluated by the INSERT itself: the id of the transaction that writes the event.
        ev.txid = sa.cast(sa.cast(sa.func.pg_current_xact_id(), sa.Text), sa.BigInteger)
    db.session.add(ev)
    db.session.info[_PENDING] = True
    return ev


@sa_event.listens_for(Session, "after_commit")
def _after_commit(session):
    if session.info.pop(_PENDING, False):
        wake_dispatcher()


@sa_event.listens_for(Session, "after_rollback")
def _after_rollback(session):
    session.info.pop(_PENDING, None)


def wake_dispatcher():
    """Ask the consumer to dispatch (after a commit): a lost wake-up costs only time, the periodic sweep catches
    up. In immediate mode (tests) nothing runs here: the tests call `dispatch.run()` themselves."""
    if not has_app_context() or not current_app.config.get("EVENTS_AUTODISPATCH", True):
        return
    try:
        from ... import tasks
        if not tasks.huey.immediate:
            tasks.dispatch_events()
    except Exception:  # noqa: BLE001 - a queue that is down must not fail a committed write
        log.warning("Could not wake the event dispatcher; the periodic sweep will", exc_info=True)
