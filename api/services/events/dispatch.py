"""The dispatcher: reads committed events in order from its cursor and fans each out, exactly once.

One pass is one transaction: lock the cursor row, read the events after it, write what each gives (notification
rows, webhook deliveries), publish the live hints, move the cursor past them, commit. A process that dies before
the commit leaves the cursor where it was: the next pass does the same events again (live hints may then go twice:
they are only hints). After the commit, mails and webhook deliveries are handed to the queue; what a crash keeps
from the queue the periodic sweeps send (`tasks.py`).

Order: on SQLite writers are serialized, so ids are commit order. On PostgreSQL an event with a smaller id may
commit after a larger one: each event carries its transaction's id (txid) and a pass reads only events of
transactions older than every transaction of this database still running (`horizon()`), in (txid, id) order, so
none can appear later behind the cursor. Rolled-back writes leave no event at all.
"""
import logging
from types import SimpleNamespace

import orjson
import sqlalchemy as sa
from sqlalchemy import select, tuple_

from ... import permissions as perm
from ...extensions import db
from ...models import Event, EventCursor, Module, User
from ...models.base import utcnow
from ...transactions import writing
from . import live, mailing, notifications, watching, webhooks

log = logging.getLogger(__name__)
CURSOR = "main"
BATCH = 200
# Events whose module's parent shows them too (a child's row in a list or a Gantt).
CHILD_KINDS = {"module", "deliverable", "custom_value", "brand"}


def _cursor():
    row = db.session.get(EventCursor, CURSOR, with_for_update=db.session.get_bind().dialect.name != "sqlite")
    if row is None:
        row = EventCursor(name=CURSOR, last_txid=0, last_id=0)
        db.session.add(row)
        db.session.flush()
    return row


_NEXT_XID = sa.text("SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint")
# Transactions of this database still running (each holds the lock of its own transaction id). pg_locks and these
# columns of pg_stat_activity are readable by every role; read after the snapshot above, so any transaction with an
# id below its xmax that still runs is listed.
_RUNNING = sa.text("SELECT l.transactionid::text::bigint FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
                   "WHERE l.locktype = 'transactionid' AND l.mode = 'ExclusiveLock' AND l.granted "
                   "AND a.datname = current_database() AND l.pid <> pg_backend_pid()")


def horizon():
    """PostgreSQL: every transaction of this database with a smaller id than this has ended (64-bit ids; the
    running ones' 32-bit ids are widened in the epoch of the snapshot). Other databases of the cluster do not hold
    it back, as the cluster-wide pg_snapshot_xmin would."""
    top = db.session.scalar(_NEXT_XID)
    low = top
    for xid in db.session.scalars(_RUNNING):
        full = (top >> 32 << 32) | xid
        if full > top:
            full -= 1 << 32
        low = min(low, full)
    return low


def _pending(cur, limit):
    q = select(Event)
    if db.session.get_bind().dialect.name == "postgresql":
        q = q.where(Event.txid < horizon(), tuple_(Event.txid, Event.id) > tuple_(cur.last_txid, cur.last_id)) \
            .order_by(Event.txid, Event.id)
    else:
        q = q.where(Event.id > cur.last_id).order_by(Event.id)
    return db.session.scalars(q.limit(limit)).all()


def skip_to_end():
    """Mark every event so far as dispatched (the demo's history is not news)."""
    with writing():
        cur = _cursor()
        order = (Event.txid.desc(), Event.id.desc()) if db.session.get_bind().dialect.name == "postgresql" \
            else (Event.id.desc(),)
        last = db.session.execute(select(Event.txid, Event.id).order_by(*order).limit(1)).first()
        if last:
            cur.last_txid, cur.last_id, cur.updated = last.txid or 0, last.id, utcnow()
        db.session.commit()


def run(limit=BATCH, max_passes=50):
    """Dispatch what is pending (the queue's task, and the tests' call). Returns how many events were done."""
    done = 0
    for _ in range(max_passes):
        n, mails, deliveries, bells = _one_pass(limit)
        _after_commit(mails, deliveries, bells)
        done += n
        if n == 0:
            break
    return done


def _one_pass(limit):
    mails, deliveries, bells = [], [], set()
    try:
        with writing(), live.one_pass():
            cur = _cursor()
            events = _pending(cur, limit)
            memo = {}
            for ev in events:
                made = fan_out(ev, memo)
                mails += made.mails
                deliveries += made.deliveries
                bells |= made.bells
            if events:
                last = events[-1]
                cur.last_txid, cur.last_id, cur.updated = last.txid or 0, last.id, utcnow()
            db.session.flush()
            mails = [n.id for n in mails]
            deliveries = [d.id for d in deliveries]
            db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return len(events), mails, deliveries, bells


def _once(memo, key, compute):
    if key not in memo:
        memo[key] = compute()
    return memo[key]


def fan_out(ev, memo):
    """What one event gives: notification rows and webhook deliveries (added to the session), live hints
    (published now). Rights are those of this moment: a pass is one moment, so `memo` keeps, for the pass, who of
    a set of users may view a module and which webhooks a portal has (many events of a pass share them)."""
    data = orjson.loads(ev.data or "{}")
    module = db.session.get(Module, ev.module_id)
    made = SimpleNamespace(mails=[], deliveries=[], bells=set())
    _live(ev, data, module)
    if module is None:  # gone since: nobody may view it
        return made
    actor = db.session.get(User, ev.actor_id) if ev.actor_id else None
    told = notifications.recipients(ev, data, watching.watchers_of(module))
    allowed = _once(memo, ("view", frozenset(told), module.id), lambda: perm.viewers_among(told, module))
    told = {uid: kind for uid, kind in told.items() if uid in allowed}
    new, joined = notifications.deliver(ev, data, module, told, mailing.modes_of(list(told)), actor,
                                        _languages(memo, told))
    made.bells |= {n.user_id for n in new + joined}
    made.mails += [n for n in new if n.mail == "immediate"]  # a group is mailed as its first change's mail says
    hooks = _once(memo, ("hooks", ev.portal_id, ev.category), lambda: webhooks.targets(ev))
    if hooks:
        owners_ids = frozenset(w.created_by_id for w in hooks if w.created_by_id)
        owners = _once(memo, ("view", owners_ids, module.id), lambda: perm.viewers_among(owners_ids, module))
        body = webhooks.payload(ev, data, module.name, actor.name if actor else None)
        for w in hooks:
            if w.created_by_id in owners:
                d = webhooks.new_delivery(w, ev, body)
                db.session.add(d)
                made.deliveries.append(d)
    return made


def _languages(memo, user_ids):
    """{user_id: language} of the people told (each text is written in its reader's language): one query a pass
    for those not met yet in it."""
    known = memo.setdefault("languages", {})
    missing = [uid for uid in user_ids if uid not in known]
    if missing:
        known.update(mailing.languages_of(missing))
    return known


def _live(ev, data, module):
    kind = f"{ev.category}.{ev.operation}"
    hint = {"id": ev.id, "kind": kind, "module": ev.module_id, "item": ev.item_id}
    live.publish(live.channel_of_module(ev.module_id), {**hint, "scope": "self"}, ev.module_id)
    parent = data.get("parentId") if ev.category == "module" else (module.parent_id if module else None)
    if ev.category in CHILD_KINDS and parent and kind != "module.delete":
        live.publish(live.channel_of_module(parent), {**hint, "scope": "child"}, ev.module_id)
    if kind in ("membership.edit", "membership.delete") and data.get("userId"):
        live.recheck({data["userId"]})  # the change may be on an ancestor of the modules they listen to
    if kind == "module.delete":
        for gone in (data.get("deleted") or [])[:50]:
            live.publish(live.channel_of_module(gone), {**hint, "module": gone, "scope": "self", "deleted": True},
                         ev.module_id)


def _after_commit(mails, deliveries, bells):
    """Hand mails and deliveries to the queue (in immediate mode they run now) and ring the bells."""
    from ... import tasks
    for uid in bells:
        live.publish(live.channel_of_user(uid), {"kind": "notification"})
    for nid in mails:
        _queue(tasks.send_notification_mail, nid, "the mail of notification")
    for did in deliveries:
        _queue(tasks.deliver_webhook, did, "webhook delivery")


def _queue(task, item_id, what):
    from ... import tasks
    try:
        task(item_id)
    except Exception:  # noqa: BLE001 - the sweep sends it later
        if tasks.huey.immediate:  # the task ran here (the tests) and failed: that is no queue being down
            raise
        log.warning("Could not queue %s %s", what, item_id, exc_info=True)
