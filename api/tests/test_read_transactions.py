"""On PostgreSQL a read request runs without BEGIN/ROLLBACK (api/transactions.py); a write in it is still atomic."""
import contextvars

import pytest
import sqlalchemy as sa
from sqlalchemy import event

from api.extensions import db as _db
from api.models import Module

from .conftest import submit


@pytest.fixture(autouse=True)
def _postgresql_only(app):
    if _db.engine.dialect.name != "postgresql":
        pytest.skip("SQLite keeps its BEGIN (a write request's BEGIN IMMEDIATE takes the write lock)")


@pytest.fixture
def su(make_user, token_for):
    return token_for(make_user(name="Super User", superuser=True))


@pytest.fixture
def autocommit_seen(app):
    """The DB-API connection's autocommit flag at every statement the requests run."""
    seen = []

    def listener(conn, _cursor, statement, *_):
        seen.append((conn.connection.dbapi_connection.autocommit, statement.split(None, 1)[0]))
    event.listen(_db.engine, "before_cursor_execute", listener)
    yield seen
    event.remove(_db.engine, "before_cursor_execute", listener)


def test_a_read_request_runs_without_a_transaction(client, tree, su, autocommit_seen):
    url = f"/api/module/view/{tree.portal.id}"
    autocommit_seen.clear()
    assert client.get(url, headers=su).status_code == 200
    assert autocommit_seen and all(auto for auto, _ in autocommit_seen)


def test_a_write_request_runs_in_a_transaction(client, tree, su, autocommit_seen):
    url = f"/api/module/edit/{tree.project.id}"
    autocommit_seen.clear()
    resp = submit(client, su, url, {"name": "Renamed"}, method="PUT")
    assert resp.status_code == 200, resp.get_json()
    writes = [auto for auto, verb in autocommit_seen if verb == "UPDATE"]
    assert writes == [False]
    assert _db.session.scalar(sa.select(Module.name).where(Module.id == tree.project.id)) == "Renamed"


def _in_a_get_request(app, work):
    def run():
        with app.test_request_context("/api/module/view/1", method="GET"):
            try:
                return work()
            finally:
                _db.session.remove()
    return contextvars.Context().run(run)


def test_a_write_in_a_read_request_is_in_a_transaction_and_a_rollback_discards_it(app, tree, autocommit_seen):
    portal_id, before = tree.portal.id, tree.portal.name

    def work():
        _db.session.execute(sa.select(Module.id).where(Module.id == portal_id))
        _db.session.execute(sa.update(Module).where(Module.id == portal_id).values(name="Not kept"))
        _db.session.execute(sa.select(Module.name).where(Module.id == portal_id))
        _db.session.rollback()
    autocommit_seen.clear()
    _in_a_get_request(app, work)
    assert [auto for auto, _ in autocommit_seen] == [True, False, False]
    assert _db.session.scalar(sa.select(Module.name).where(Module.id == portal_id)) == before


def test_a_row_lock_in_a_read_request_is_held_in_a_transaction(app, tree, autocommit_seen):
    portal_id = tree.portal.id

    def work():
        _db.session.execute(sa.select(Module.id).where(Module.id == portal_id).with_for_update())
    autocommit_seen.clear()
    _in_a_get_request(app, work)
    assert [auto for auto, _ in autocommit_seen] == [False]


def test_the_connection_goes_back_to_the_pool_in_transaction_mode(app, tree):
    portal_id = tree.portal.id

    def work():
        _db.session.execute(sa.select(Module.id).where(Module.id == portal_id))
        used.append(_db.session.connection().connection.dbapi_connection)
        assert used[0].autocommit is True
    used = []
    _in_a_get_request(app, work)
    assert used[0].autocommit is False  # the next user of the pooled connection (a job, a write) gets a transaction


def test_a_read_connection_lost_mid_request_goes_back_to_the_pool_quietly(app, tree):
    """The database went away: SQLAlchemy invalidates the connection and checks it in without its DB-API
    connection (the fault suite's restart under load answered 500 here)."""
    portal_id = tree.portal.id

    def work():
        _db.session.execute(sa.select(Module.id).where(Module.id == portal_id))
        _db.session.connection().invalidate()
    _in_a_get_request(app, work)
    assert _db.session.scalar(sa.select(Module.id).where(Module.id == portal_id)) == portal_id
