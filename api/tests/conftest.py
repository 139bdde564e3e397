"""Fixtures: one app and schema per session; every test starts from empty tables plus the platforms.

The suite runs on SQLite by default and on PostgreSQL when TEST_DATABASE_URL points at one
(scripts/test.sh does both when the server is reachable).
"""
import contextlib
import contextvars
import os
import re
import tempfile
from types import SimpleNamespace

import pytest
import sqlalchemy as sa
from flask.testing import FlaskClient
from sqlalchemy import event

from api import create_app
from api.config import TestConfig
from api.extensions import db as _db
from api.models import Membership, Module, SkeletonRule
from api.services import accounts
from api.services.modules import add_default_fields
from api.services.platforms import PORTAL, ensure_platforms

PASSWORD = "secret-pass-1"

# Argon2 with its production cost takes ~0.15 s per hash; the suite hashes hundreds of passwords.
# Cheap parameters keep it fast (the algorithm and the code paths are the same).
from argon2 import PasswordHasher  # noqa: E402

accounts._hasher = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
accounts._DUMMY = accounts._hasher.hash("not-a-real-password")


def _database_url(tmpdir):
    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        return "sqlite:///" + os.path.join(tmpdir, "test.db")
    # A database of our own on the server, made fresh for the run.
    base, name = url.rsplit("/", 1)
    admin = sa.create_engine(base + "/postgres", isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
        # A throw-away database: commits need not wait for the disk.
        conn.execute(sa.text(f'ALTER DATABASE "{name}" SET synchronous_commit = off'))
    admin.dispose()
    return url


class IsolatedClient(FlaskClient):
    """Each request runs in a context of its own, as under gunicorn: a fresh app context, so a fresh
    `g` and database session (the fixtures keep one app context pushed for the test code).
    The test's own session is committed before (its data reaches the request) and after (its next
    read sees what the request wrote)."""

    def open(self, *args, **kwargs):
        _db.session.commit()
        try:
            return contextvars.Context().run(super().open, *args, **kwargs)
        finally:
            _db.session.commit()


@pytest.fixture(scope="session")
def app():
    tmp = tempfile.mkdtemp(prefix="portal-test-")
    app = create_app(TestConfig, SQLALCHEMY_DATABASE_URI=_database_url(tmp), INSTANCE_DIR=tmp,
                     UPLOAD_DIR=os.path.join(tmp, "uploads"), MAIL_OUTBOX_DIR=os.path.join(tmp, "outbox"),
                     SQLALCHEMY_ENGINE_OPTIONS={})
    app.test_client_class = IsolatedClient
    with app.app_context():
        _db.create_all()
        yield app
        _db.session.remove()
        _db.drop_all()
        _db.engine.dispose()


# Which test module's shared data the database holds now (None: per-test data).
_STATE = {"owner": None, "generation": 0}


_PLATFORM_ROWS = {}


# The tables written since the last reset: only those need emptying (a DELETE costs ~0.3 ms a table on PostgreSQL
# even when empty, and most tests touch a few of the ~45). Any statement not known to be a read or a plain
# INSERT/UPDATE/DELETE of one table (DDL, TRUNCATE, a CTE that writes) counts as writing everything; what the
# search triggers write, the engine does not see (reset_database empties search_doc with any table).
_EVERYTHING = "*"
_DIRTY = {_EVERYTHING}
_WRITE = re.compile(r'\s*(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?', re.IGNORECASE)
_READ = re.compile(r"\s*(?:SELECT|SAVEPOINT|RELEASE|ROLLBACK|BEGIN|COMMIT|PRAGMA|SHOW|SET\s|EXPLAIN|VALUES)\b",
                   re.IGNORECASE)
_WITH, _WRITES = re.compile(r"\s*WITH\b", re.IGNORECASE), re.compile(r"\b(?:INSERT|UPDATE|DELETE)\b", re.IGNORECASE)


@event.listens_for(sa.engine.Engine, "before_cursor_execute")
def _note_writes(_conn, _cursor, statement, _parameters, _context, _executemany):
    m = _WRITE.match(statement)
    if m is not None:
        _DIRTY.add(m.group(1))
    elif _READ.match(statement) is None and not (_WITH.match(statement) and not _WRITES.search(statement)):
        _DIRTY.add(_EVERYTHING)


# What goes with a written table: search_doc (and search_word, on PostgreSQL), which the search triggers write
# unseen, whenever anything was written; the platforms' two tables together (their rows are put back as one).
_PLATFORM_TABLES = {"module", "skeleton_rule"}


def reset_database():
    """Empty every table written since the last reset and insert the platforms again."""
    _db.session.remove()
    names = {t.name for t in _db.metadata.sorted_tables} if _EVERYTHING in _DIRTY else set(_DIRTY)
    if names:
        names |= {"search_doc", "search_word"} | (_PLATFORM_TABLES if names & _PLATFORM_TABLES else set())
    with _db.engine.begin() as conn:
        # DELETE, children first: on these small tables it is much faster than TRUNCATE on PostgreSQL
        # (ids are not reset; nothing may depend on them).
        for t in reversed(_db.metadata.sorted_tables):
            if t.name in names:
                conn.execute(t.delete())
        if not _PLATFORM_ROWS:
            ensure_platforms(conn)
            for t in (Module.__table__, SkeletonRule.__table__):
                _PLATFORM_ROWS[t] = [dict(r._mapping) for r in conn.execute(t.select())]
        elif names & _PLATFORM_TABLES:  # the same rows again, without ensure_platforms' table reflection
            for t, rows in _PLATFORM_ROWS.items():
                conn.execute(t.insert(), rows)
    _DIRTY.clear()
    _STATE["generation"] += 1
    _STATE["owner"] = None


def shared_data_owner(request):
    """Tests of a module marked `pytestmark = pytest.mark.shared_data` read data built once for
    the module (by a module-scoped fixture that calls `claim_shared_data`) instead of empty tables."""
    return request.module.__name__ if request.node.get_closest_marker("shared_data") else None


def claim_shared_data(request):
    reset_database()
    _STATE["owner"] = request.module.__name__


@pytest.fixture(autouse=True)
def _huey_mode_kept():
    """An app a test makes with another configuration (gunicorn's start, a limited app) sets Huey's mode for the
    whole process (api/app.py): put it back, so that the tests after it still run their tasks at once."""
    from api import tasks
    before = tasks.huey.immediate
    yield
    tasks.huey.immediate = before


@pytest.fixture(autouse=True)
def db(app, request):
    """Empty tables and fresh platforms before each test (unless the module shares its data)."""
    owner = shared_data_owner(request)
    if owner is None or _STATE["owner"] != owner:
        reset_database()
    yield _db
    _db.session.remove()


@pytest.fixture
def client(app):
    return app.test_client()


_TOKENS = {}


def login_headers(client, user, password=PASSWORD):
    """Bearer headers for the user; logins are cached for as long as the database holds the user."""
    key = (_STATE["generation"], user.id, user.email)
    if key not in _TOKENS:
        r = client.post("/json/login", json={"username": user.email, "password": password})
        assert r.status_code == 200, r.get_json()
        _TOKENS[key] = r.get_json()["token"]
    return {"Authorization": "Bearer " + _TOKENS[key]}


@pytest.fixture
def token_for(client):
    def login(user, password=PASSWORD):
        return login_headers(client, user, password)
    return login


_COUNTER = {"n": 0}


def new_user(name=None, email=None, superuser=False, password=PASSWORD, **extra):
    _COUNTER["n"] += 1
    n = _COUNTER["n"]
    user = accounts.create_user(email or f"user{n}@example.org", password, name or f"User {n}",
                                superuser=superuser, **extra)
    _db.session.commit()
    return user


@pytest.fixture
def make_user(db):
    return new_user


@pytest.fixture
def su(make_user):
    """A superuser (a module may override it)."""
    return make_user(name="Root", superuser=True)


@pytest.fixture
def h(su, token_for):
    """The superuser's bearer headers."""
    return token_for(su)


def root(platform="4rineu"):
    return _db.session.scalar(sa.select(Module).where(Module.platform == platform, Module.level == 0))


def new_module(parent=None, type_="4rineu_portal", name=None, commit=True, **kw):
    """A module added without going through the API (portals get the checklist field, as the API does)."""
    parent = parent or root()
    m = Module(parent_id=parent.id, name=name or type_.split("_")[1].title(), description=kw.pop("description", ""),
               type=type_, platform=parent.platform, level=parent.level + 1, idx=kw.pop("idx", 0), path=parent.path,
               **kw)
    _db.session.add(m)
    _db.session.flush()
    m.path = f"{parent.path}{m.id}/"
    if type_ == PORTAL:
        add_default_fields(m)
    if commit:
        _db.session.commit()
    return m


@pytest.fixture
def make_module(db, make_user):
    """make_module(parent, "4rineu_project", "Name") adds a module without going through the API."""
    return new_module


def new_grant(module, user, admin=False, create=False, view=True, edit=False, delete=False, role="User"):
    m = Membership(module_id=module.id, user_id=user.id, admin=admin, allow_create=create, allow_view=view,
                   allow_edit=edit, allow_delete=delete, role=role)
    _db.session.add(m)
    _db.session.commit()
    return m


@pytest.fixture
def grant(db):
    return new_grant


def new_tree(platform="4rineu", name="Portal"):
    """portal -> project -> phase -> task -> subtask (plus a second project)."""
    portal = new_module(root(platform), PORTAL, name)
    project = new_module(portal, "4rineu_project", "Project A")
    other = new_module(portal, "4rineu_project", "Project B", idx=1)
    phase = new_module(project, "4rineu_phase", "Phase 0")
    task = new_module(phase, "4rineu_task", "Task 1")
    subtask = new_module(task, "4rineu_subtask", "Subtask 1")
    return SimpleNamespace(portal=portal, project=project, other=other, phase=phase, task=task, subtask=subtask)


@pytest.fixture
def tree(db):
    return new_tree()


# --- server-described forms ------------------------------------------------------------------------

@pytest.fixture
def people(tree, make_user, grant):
    """An editor, a viewer and an editor who may also delete, all of the tree's portal, and a stranger."""
    editor, viewer, deleter, stranger = (make_user(name=n) for n in ("Eddie", "Vera", "Dee", "Sam"))
    grant(tree.portal, editor, edit=True)
    grant(tree.portal, viewer)
    grant(tree.portal, deleter, edit=True, delete=True)
    return editor, viewer, deleter, stranger


def form_of(client, headers, url):
    r = client.get(url, headers=headers)
    assert r.status_code == 200, (url, r.status_code, r.get_json())
    return r.get_json()


def element(form, name):
    return next(e for e in form["elements"] if e["name"] == name)


def form_token(client, headers, url):
    return element(form_of(client, headers, url), "_token")["value"]


def submit(client, headers, url, data=None, method="POST", form_url=None, **kw):
    """GET the form (for its _token), then send `data` with it to `url`."""
    data = dict(data or {})
    data.setdefault("_token", form_token(client, headers, form_url or url))
    return client.open(url, method=method, headers=headers, data=data, **kw)


class QueryCounter:
    def __init__(self):
        self.statements = []

    def __call__(self, conn, cursor, statement, *args):
        # Transaction control is no query (SQLite's BEGIN [IMMEDIATE] passes through here, PostgreSQL's does not).
        if not statement.startswith("BEGIN"):
            self.statements.append(statement)

    @property
    def count(self):
        return len(self.statements)


@pytest.fixture
def count_queries(app):
    @contextlib.contextmanager
    def counting():
        counter = QueryCounter()
        event.listen(_db.engine, "before_cursor_execute", counter)
        try:
            yield counter
        finally:
            event.remove(_db.engine, "before_cursor_execute", counter)
    return counting


def pytest_configure(config):
    config.addinivalue_line("markers", "shared_data: the module's tests read data built once for the module")


@pytest.fixture
def outbox(app):
    """The mails sent (the test outbox folder, emptied first), read as email.message objects: `outbox()`."""
    import email
    import email.policy
    folder = app.config["MAIL_OUTBOX_DIR"]
    os.makedirs(folder, exist_ok=True)
    for name in os.listdir(folder):
        os.remove(os.path.join(folder, name))

    def read():
        out = []
        for name in sorted(os.listdir(folder)):
            with open(os.path.join(folder, name), "rb") as fh:
                out.append(email.message_from_bytes(fh.read(), policy=email.policy.default))
        return out
    return read
