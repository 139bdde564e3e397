"""Background work on Huey: the event dispatcher, mails, webhook deliveries, and the periodic sweeps.

Storage: Redis when REDIS_URL is set (every API host and consumer share it), else a SQLite file beside the
database (HUEY_SQLITE_PATH). `make run` starts the consumer beside gunicorn (scripts/serve.sh):
    huey_consumer api.tasks.huey -k thread -w 2
The tests switch Huey to immediate mode (a task runs where it is called) and call the dispatcher themselves.
A task needs the Flask app: in the consumer each task runs in an app context of the app made once per process;
called inside an app (immediate mode), it runs in that app's context.
A task reads, then writes: its transactions begin as a write request's do (BEGIN IMMEDIATE on SQLite, where a read
transaction that a request wrote behind cannot write any more), so each ends its transaction before it mails or
posts: nothing waits on the network while holding the database's write lock.
Webhook attempts wait on other hosts: the consumer's threads hand them to threads of their own (`webhook_threads`)
and are free at once, so the dispatcher and mails never queue behind a slow receiver."""
import functools
import logging
import os
import queue
import threading

from flask import current_app, has_app_context
from huey import RedisHuey, SqliteHuey, crontab
from huey.storage import SqliteStorage

from .config import Config
from .transactions import writing

log = logging.getLogger(__name__)


class _LazySqliteStorage(SqliteStorage):
    """Creates its tables when first used, not when imported (importing the app must not touch the disk)."""

    def __init__(self, *args, **kwargs):
        kwargs["create_tables"] = False
        super().__init__(*args, **kwargs)
        self._made = False

    def _create_connection(self):
        conn = super()._create_connection()
        if not self._made:
            os.makedirs(os.path.dirname(os.path.abspath(self.filename)), exist_ok=True)
            for sql in self.ddl:
                conn.execute(sql)
            self._made = True
        return conn


class _Sqlite(SqliteHuey):
    storage_class = _LazySqliteStorage


def make_huey():
    immediate = os.environ.get("HUEY_IMMEDIATE", "").lower() in ("1", "true", "yes", "on")
    if Config.REDIS_URL:
        return RedisHuey("portal", url=Config.REDIS_URL, results=False, immediate=immediate)
    return _Sqlite("portal", filename=Config.HUEY_SQLITE_PATH, results=False, immediate=immediate)


huey = make_huey()
_APP = {}
_APP_LOCK = threading.Lock()


def _app():
    """The consumer's one app, made by the first task that needs it: the consumer runs tasks in threads (-k thread),
    and two first tasks at once must not make two (seen: CPython 3.11's compiler failing under werkzeug's rule
    builders in two threads, 'AST constructor recursion depth mismatch', on a loaded machine)."""
    app = _APP.get("app")
    if app is None:
        with _APP_LOCK:
            if "app" not in _APP:
                from . import create_app
                _APP["app"] = create_app()
            app = _APP["app"]
    return app


def _run_in(app, fn, *args, **kwargs):
    with app.app_context(), writing():
        try:
            return fn(*args, **kwargs)
        finally:
            from .extensions import db
            db.session.remove()


def in_app(fn):
    @functools.wraps(fn)
    def run(*args, **kwargs):
        if has_app_context():
            with writing():
                return fn(*args, **kwargs)
        return _run_in(_app(), fn, *args, **kwargs)
    return run


class Threads:
    """A few threads of this process for work that waits on other hosts. A task hands its work over and returns,
    so the consumer's own threads stay free; at most `size` such jobs run at once and the rest wait their turn.
    A job whose key is already waiting or running is dropped (twelve clicks on Redeliver are one attempt, and the
    sweep does not send again what is being sent). Not durable: what waits here when the process stops is still
    pending in the database, and the sweep hands it over again. In immediate mode (tests) a job runs at once."""

    def __init__(self, name, size):
        self.name, self.size = name, size
        self._jobs = queue.SimpleQueue()
        self._keys = set()
        self._started = 0
        self._cond = threading.Condition()

    def submit(self, key, fn, *args):
        """Run `fn(*args)` on one of the threads, in the current app's context. False: `key` is already there."""
        if huey.immediate:
            fn(*args)
            return True
        app = current_app._get_current_object()
        with self._cond:
            if key in self._keys:
                return False
            self._keys.add(key)
            if self._started < self.size:  # started on first use: the API's processes import this module too
                self._started += 1
                threading.Thread(target=self._work, name=f"{self.name}-{self._started}", daemon=True).start()
        self._jobs.put((key, app, fn, args))
        return True

    def _work(self):
        while True:
            key, app, fn, args = self._jobs.get()
            try:
                _run_in(app, fn, *args)
            except Exception:  # noqa: BLE001 - one failed job must not end the thread
                log.exception("%s: job %r failed", self.name, key)
            finally:
                with self._cond:
                    self._keys.discard(key)
                    self._cond.notify_all()

    def wait_idle(self, timeout):
        """True once nothing waits or runs (within `timeout` seconds)."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._keys, timeout)


# Each attempt ends by its deadline (WEBHOOK_TIMEOUT, services/events/webhooks.py), so four threads send at least
# 4 / WEBHOOK_TIMEOUT attempts a second however slow the receivers; a receiver that keeps failing is switched off
# after WEBHOOK_DISABLE_AFTER attempts, and its waiting attempts then end at once.
webhook_threads = Threads("webhooks", 4)


def _deliver(delivery_id, manual=False):
    from .services.events import webhooks
    webhook_threads.submit((delivery_id, manual), webhooks.attempt, delivery_id, manual)


@huey.task()
@in_app
def dispatch_events():
    """Two of these at once take turns on the cursor row (a row lock, or SQLite's write lock): a wake-up is
    never lost behind a pass that is running."""
    from .services.events import dispatch
    return dispatch.run()


@huey.task()
@in_app
def send_notification_mail(notification_id):
    from .services.events import mailing
    return mailing.send_immediate(notification_id)


@huey.task()
@in_app
def deliver_webhook(delivery_id, manual=False):
    """Handed to `webhook_threads`: this consumer thread does not wait on the receiver."""
    _deliver(delivery_id, manual)


@huey.task()
@in_app
def call(module, name, *args):
    """Run `module.name(*args)` (services/background.py: work that must not hold up a response)."""
    import importlib
    return getattr(importlib.import_module(module), name)(*args)


@huey.periodic_task(crontab(minute="*"))
@in_app
def sweep():
    """Every minute: events whose wake-up was lost, mails and webhook attempts that fell due or were never
    queued (a crash between a commit and the queue), digests that fell due."""
    from .services.events import dispatch, mailing, webhooks
    from .models import Notification
    from .models.base import utcnow
    from .extensions import db
    from datetime import timedelta
    dispatch.run()
    stale = utcnow() - timedelta(seconds=30)
    for nid in db.session.scalars(db.select(Notification.id).where(Notification.mail == "immediate",
                                                                  Notification.created < stale).limit(500)).all():
        mailing.send_immediate(nid)
    for did in webhooks.due():
        _deliver(did)
    mailing.send_digests()
    from .services.documents import work
    work.sweep()


@huey.periodic_task(crontab(minute="7"))
@in_app
def recur():
    """Every hour: the next occurrence of each repeating item whose start date came (issue 42, point 6)."""
    from .services import recurrence
    return recurrence.run_due()


@huey.periodic_task(crontab(hour="3", minute="17"))
@in_app
def prune():
    """Every night: read notifications, dispatched events and finished webhook deliveries past their keeping time."""
    from .services.events import retention
    return retention.prune()
