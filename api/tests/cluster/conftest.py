"""The two-replica suite (make test-cluster; part of make test when PostgreSQL and Redis answer): two API processes
on different ports sharing PostgreSQL, Redis and an S3-compatible store (moto's server), the Huey consumer, and two
nginx hosts with nchan sharing their channels through Redis. Leave it out with `-m "not cluster"`."""
import pytest

from ..live.livestack import pg_reachable


def pytest_configure(config):
    config.addinivalue_line("markers", "cluster: two API replicas behind nginx on PostgreSQL, Redis and S3 (api/tests/cluster)")


def redis_reachable(url="redis://127.0.0.1:6379/0"):
    try:
        import redis
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
        return True
    except Exception:  # noqa: BLE001 - any failure: not reachable
        return False


@pytest.fixture(autouse=True)
def db():
    """Replaces the unit suite's autouse fixture: no in-process app, no table resets."""
    yield None


def pytest_collection_modifyitems(config, items):
    if pg_reachable() and redis_reachable():
        return
    skip = pytest.mark.skip(reason="the two-replica suite needs PostgreSQL (127.0.0.1:5432) and Redis (127.0.0.1:6379)")
    for item in items:
        if "cluster" in item.keywords:
            item.add_marker(skip)
