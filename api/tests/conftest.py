"""Fixtures: one app and schema per session; every test starts from empty tables plus the platforms.

The suite runs on SQLite by default and on PostgreSQL when TEST_DATABASE_URL points at one
(scripts/test.sh does both when the server is reachable).
"""
import contextlib
import os
import tempfile

import pytest
import sqlalchemy as sa
from sqlalchemy import event

from api import create_app
from api.config import TestConfig
from api.extensions import db as _db
from api.models import Membership, Module, User
from api.services import accounts
from api.services.platforms import ensure_platforms

PASSWORD = "secret-pass-1"


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
    admin.dispose()
    return url


@pytest.fixture(scope="session")
def app():
    tmp = tempfile.mkdtemp(prefix="portal-test-")
    app = create_app(TestConfig, SQLALCHEMY_DATABASE_URI=_database_url(tmp), INSTANCE_DIR=tmp,
                     UPLOAD_DIR=os.path.join(tmp, "uploads"), MAIL_OUTBOX_DIR=os.path.join(tmp, "outbox"),
                     SQLALCHEMY_ENGINE_OPTIONS={})
    with app.app_context():
        _db.create_all()
        yield app
        _db.session.remove()
        _db.drop_all()
        _db.engine.dispose()


@pytest.fixture(autouse=True)
def db(app):
    """Empty tables and fresh platforms before each test."""
    _db.session.remove()
    tables = list(reversed(_db.metadata.sorted_tables))
    with _db.engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(sa.text("TRUNCATE " + ", ".join(f'"{t.name}"' for t in tables) + " RESTART IDENTITY CASCADE"))
        else:
            for t in tables:
                conn.execute(t.delete())
        ensure_platforms(conn)
    yield _db
    _db.session.remove()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def make_user(db):
    counter = {"n": 0}

    def make(name=None, email=None, superuser=False, password=PASSWORD, **extra):
        counter["n"] += 1
        n = counter["n"]
        user = accounts.create_user(email or f"user{n}@example.org", password, name or f"User {n}",
                                    superuser=superuser, **extra)
        db.session.commit()
        return user
    return make


@pytest.fixture
def token_for(client):
    cache = {}

    def login(user, password=PASSWORD):
        if user.id not in cache:
            r = client.post("/json/login", json={"username": user.email, "password": password})
            assert r.status_code == 200, r.get_json()
            cache[user.id] = r.get_json()["token"]
        return {"Authorization": "Bearer " + cache[user.id]}
    return login


def root(platform="4rineu"):
    return _db.session.scalar(sa.select(Module).where(Module.platform == platform, Module.level == 0))


@pytest.fixture
def make_module(db, make_user):
    """make_module(parent, "4rineu_project", "Name") adds a module without going through the API."""
    def make(parent=None, type_="4rineu_portal", name=None, **kw):
        parent = parent or root()
        m = Module(parent_id=parent.id, name=name or type_.split("_")[1].title(), description="", type=type_,
                   platform=parent.platform, level=parent.level + 1, idx=kw.pop("idx", 0), path=parent.path, **kw)
        db.session.add(m)
        db.session.flush()
        m.path = f"{parent.path}{m.id}/"
        db.session.commit()
        return m
    return make


@pytest.fixture
def grant(db):
    def grant(module, user, admin=False, create=False, view=True, edit=False, delete=False, role="User"):
        m = Membership(module_id=module.id, user_id=user.id, admin=admin, allow_create=create, allow_view=view,
                       allow_edit=edit, allow_delete=delete, role=role)
        db.session.add(m)
        db.session.commit()
        return m
    return grant


class QueryCounter:
    def __init__(self):
        self.statements = []

    def __call__(self, conn, cursor, statement, *args):
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
