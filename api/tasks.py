"""Background work on Huey: the event dispatcher, mails, webhook deliveries, and the periodic sweeps.

Storage: Redis when REDIS_URL is set (every API host and consumer share it), else a SQLite file beside the
database (HUEY_SQLITE_PATH). `make run` starts the consumer beside gunicorn (scripts/serve.sh):
    huey_consumer api.tasks.huey -k thread -w 2
The tests switch Huey to immediate mode (a task runs where it is called) and call the dispatcher themselves.
A task needs the Flask app: in the consumer each task runs in an app context of the app made once per process;
called inside an app (immediate mode), it runs in that app's context.
A task reads, then writes: its transactions begin as a write request's do (BEGIN IMMEDIATE on SQLite, where a read
transaction that a request wrote behind cannot write any more), so each ends its transaction before it mails or
posts: nothing waits on the network while holding the database's write lock."""
import functools
import logging
import os
import threading

from flask import has_app_context
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


def in_app(fn):
    @functools.wraps(fn)
    def run(*args, **kwargs):
        if has_app_context():
            with writing():
                return fn(*args, **kwargs)
        with _app().app_context(), writing():
            try:
                return fn(*args, **kwargs)
            finally:
                from .extensions import db
                db.session.remove()
    return run


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
def deliver_webhook(delivery_id):
    from .services.events import webhooks
    return webhooks.attempt(delivery_id)


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
        webhooks.attempt(did)
    mailing.send_digests()


@huey.periodic_task(crontab(hour="3", minute="17"))
@in_app
def prune():
    """Every night: read notifications, dispatched events and finished webhook deliveries past their keeping time."""
    from .services.events import retention
    return retention.prune()
