"""Read-modify-write sequences stay consistent under concurrent requests.

SQLite: a deferred transaction that read and then writes fails with 'database is locked' when another
writer committed in between, and two check-then-write requests can interleave. So every transaction of a
write request (any method but GET/HEAD/OPTIONS, or a view marked `@writes`) starts with BEGIN IMMEDIATE:
writers queue on the database's write lock (busy_timeout) and each sees the previous one's result.
Reads keep plain BEGIN and run beside them (WAL).

PostgreSQL: writers run concurrently, so a service that guards an invariant over several rows (the last
admin of a portal, the order of siblings) first locks one row that stands for it with `lock_row()`
(SELECT ... FOR UPDATE); its later reads then see what the previous holder committed.
"""
import contextlib
import contextvars
import logging
import re

from flask import current_app, has_request_context, request
from sqlalchemy import event, select
from sqlalchemy.engine import Engine

from .extensions import db

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
log = logging.getLogger(__name__)
# Work outside a request that writes after reading (the event dispatcher, background tasks) says so here.
_WRITING = contextvars.ContextVar("writing", default=False)


@contextlib.contextmanager
def writing():
    """Transactions begun inside begin IMMEDIATE on SQLite, as a write request's do (for work outside requests)."""
    token = _WRITING.set(True)
    try:
        yield
    finally:
        _WRITING.reset(token)


def writes(view):
    """Mark a view that changes data although its method is GET (spec-fixed routes such as reindex)."""
    view._writes = True
    return view


def _is_write_request():
    if _WRITING.get():
        return True
    if not has_request_context():
        return False
    if request.method not in SAFE_METHODS:
        return True
    view = current_app.view_functions.get(request.endpoint) if request.endpoint else None
    return bool(getattr(view, "_writes", False))


def _is_sqlite(dbapi_conn):
    return type(dbapi_conn).__module__.startswith("sqlite3")


@event.listens_for(Engine, "connect")
def _sqlite_connect(dbapi_conn, _record):
    if _is_sqlite(dbapi_conn):
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA busy_timeout=5000")
        cur.close()
        # pysqlite's own BEGIN handling is switched off; _sqlite_begin emits ours.
        dbapi_conn.isolation_level = None
        # PostgreSQL's split_part, so a query may read a materialized path's parts on both databases.
        dbapi_conn.create_function("split_part", 3, _split_part, deterministic=True)


def _split_part(text, delimiter, n):
    if text is None or delimiter is None or n is None or n < 1:
        return None
    parts = text.split(delimiter)
    return parts[n - 1] if n <= len(parts) else ""


@event.listens_for(Engine, "begin")
def _sqlite_begin(conn):
    if conn.dialect.name == "sqlite":
        conn.exec_driver_sql("BEGIN IMMEDIATE" if _is_write_request() else "BEGIN")


def check_version(item, data, present):
    """No lost update: an edit sent with the `_version` its form was read with must find the item at that version;
    otherwise someone else changed it meanwhile and the edit is refused (409) with the item as it is now
    (`present()`). An edit without `_version` (an API client that does not ask) is not checked here; two edits
    racing to the database are still caught by the version column (StaleDataError, also 409)."""
    from .errors import Stale
    sent = data.get("_version")
    if sent is not None and sent != item.version:
        raise Stale(present())


def lock_row(model, row_id):
    """Hold `row_id` of `model` until the transaction ends (PostgreSQL; SQLite writers are already serialized).
    Rows the session loaded before the lock keep their old values: read what the invariant needs after it, with
    `populate_existing` where those rows may already be in the session."""
    if db.session.get_bind().dialect.name != "sqlite":
        db.session.execute(select(model.id).where(model.id == row_id).with_for_update())


def init_app(app):
    """Register the session's end of request before Flask-SQLAlchemy's (teardowns run last-registered first)."""
    app.teardown_appcontext(_end_session)


def _end_session(_exc):
    """Close the request's session. When the database went away mid-request, the ROLLBACK of closing fails:
    that must not turn an answer already made (often a 503) into a 500, so the connection is invalidated
    (the pool opens a new one for the next request) and the session dropped."""
    try:
        db.session.remove()
    except Exception as e:  # noqa: BLE001 - any failure to close a dead connection
        log.warning("Closing a session on a lost database connection: %s", e.__class__.__name__)
        try:
            db.session.invalidate()
        except Exception:  # noqa: BLE001
            pass
        db.session.registry.clear()


# PostgreSQL: a read request runs its statements in autocommit, without BEGIN and ROLLBACK around them. Under READ
# COMMITTED every statement takes its own snapshot inside a transaction too, so nothing reads differently; the two
# round trips and the server's transaction start and end were a fifth of a module page's cost under load
# (docs/scaling.md). A read request that writes after all (a statement that is not a plain read, or a row lock)
# is back in a transaction from that statement on: its writes stay atomic and a rollback still discards them.
# Connections that are already autocommit (an engine or connection asking for it) are left as they are.
_READ = re.compile(r"\s*(SELECT|WITH)\b")
_WRITE_OR_LOCK = re.compile(r"\b(INSERT|UPDATE|DELETE|MERGE|FOR SHARE|FOR KEY SHARE)\b")
_READS = "reads_in_autocommit"


@event.listens_for(Engine, "checkout")
def _reads_without_transaction(dbapi_conn, record, _proxy):
    if not _is_sqlite(dbapi_conn) and not dbapi_conn.autocommit and has_request_context() \
            and not _is_write_request():
        dbapi_conn.autocommit = True
        record.info[_READS] = True


@event.listens_for(Engine, "before_cursor_execute")
def _writes_in_a_transaction(conn, _cursor, statement, *_):
    info = conn.connection.info
    if info.get(_READS) and not (_READ.match(statement) and not _WRITE_OR_LOCK.search(statement)):
        conn.connection.dbapi_connection.autocommit = False
        del info[_READS]


@event.listens_for(Engine, "checkin")
def _back_to_transactions(dbapi_conn, record):
    # An invalidated connection (the database went away) comes back as None: nothing left to switch.
    if record is not None and record.info.pop(_READS, False) and dbapi_conn is not None:
        dbapi_conn.autocommit = False
