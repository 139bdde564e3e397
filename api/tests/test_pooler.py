"""Behind PgBouncer in transaction mode (DATABASE_POOLER=transaction) no statement is prepared on the server:
the next transaction may run on another server connection, where it would not exist (docs/scaling.md)."""
import os

import pytest
import sqlalchemy as sa

from api.config import engine_options

URL = os.environ.get("TEST_DATABASE_URL", "")


def test_the_default_keeps_psycopg_defaults():
    assert engine_options({}) == {"pool_pre_ping": True}


@pytest.mark.skipif(not URL.startswith("postgresql"), reason="PostgreSQL only (TEST_DATABASE_URL)")
@pytest.mark.parametrize("pooler, prepared", [("", True), ("transaction", False)])
def test_no_server_side_prepared_statements_for_a_transaction_pooler(pooler, prepared):
    engine = sa.create_engine(URL, **engine_options({"DATABASE_POOLER": pooler}))
    try:
        with engine.connect() as conn:
            for n in range(10):  # psycopg prepares a statement from its 5th run by default
                conn.execute(sa.text("SELECT :n + 1"), {"n": n}).scalar()
            count = conn.execute(sa.text("SELECT count(*) FROM pg_prepared_statements")).scalar()
        assert (count > 0) is prepared
    finally:
        engine.dispose()


@pytest.mark.skipif(not URL.startswith("postgresql"), reason="PostgreSQL only (TEST_DATABASE_URL)")
def test_the_app_s_postgresql_sessions_run_without_jit():
    """A list's estimated cost once crossed the JIT threshold (a table without statistics): 20-180 ms compiling."""
    options = engine_options({"DATABASE_URL": URL})
    assert options["connect_args"] == {"options": "-c jit=off"}
    engine = sa.create_engine(URL, **options)
    try:
        with engine.connect() as conn:
            assert conn.execute(sa.text("SHOW jit")).scalar() == "off"
    finally:
        engine.dispose()
    assert "connect_args" not in engine_options({"DATABASE_URL": "sqlite:///x.db"})
