"""The live suites: a real gunicorn (2 workers x 4 threads) over HTTP, on SQLite and on PostgreSQL.

They need none of the unit suite's fixtures: the autouse `db` fixture of api/tests/conftest.py (which builds the
in-process app and empties its tables before every test) is replaced here by one that does nothing.

Which databases: LIVE_DATABASES=sqlite,postgresql (the default: both; PostgreSQL is skipped when the server at
LIVE_PG_URL / TEST_PG_URL / 127.0.0.1:5432 does not answer). Leave them out with `-m "not live"`.
"""
import os

import pytest

from .livestack import LiveStack, pg_reachable


def pytest_configure(config):
    config.addinivalue_line("markers", "live: runs a real gunicorn over HTTP (api/tests/live); -m 'not live' skips")


@pytest.fixture(autouse=True)
def db():
    """Replaces the unit suite's autouse fixture: no in-process app, no table resets."""
    yield None


def _databases():
    wanted = [d.strip() for d in os.environ.get("LIVE_DATABASES", "sqlite,postgresql").split(",") if d.strip()]
    params = []
    for kind in wanted:
        marks = []
        if kind == "postgresql" and not pg_reachable():
            marks.append(pytest.mark.skip(reason="PostgreSQL is not reachable (LIVE_PG_URL / TEST_PG_URL / "
                                                 "127.0.0.1:5432)"))
        params.append(pytest.param(kind, marks=marks, id=kind))
    return params


DATABASES = _databases()


@pytest.fixture(scope="module", params=DATABASES)
def database_kind(request):
    return request.param


@pytest.fixture(scope="module")
def make_stack(tmp_path_factory):
    """make_stack(kind) -> a migrated LiveStack (not started); every stack made is closed after the module."""
    made = []

    def make(kind, **kw):
        stack = LiveStack(kind, tmp_path_factory.mktemp(f"live-{kind}-"), **kw)
        made.append(stack)
        stack.migrate()
        return stack

    yield make
    for stack in made:
        stack.close()
