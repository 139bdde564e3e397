"""Is the installation healthy: the database answers and its schema is at the migrations' head."""
import functools
import os

from alembic.script import ScriptDirectory
from flask import current_app
from sqlalchemy import text

from ..extensions import db


@functools.lru_cache(maxsize=4)
def _head_of(directory):
    """The migrations' head: read once per process (reading the scripts costs ~10 ms; they change only with a
    deploy, which restarts the process)."""
    from alembic.config import Config as AlembicConfig
    cfg = AlembicConfig(os.path.join(directory, "alembic.ini"))
    cfg.set_main_option("script_location", directory)
    return ScriptDirectory.from_config(cfg).get_current_head()


def _head():
    return _head_of(current_app.extensions["migrate"].directory)


def status():
    """({status, database, migration, head}, healthy)."""
    try:
        current = db.session.execute(text("SELECT version_num FROM alembic_version")).scalar()
    except Exception:  # noqa: BLE001 - any database failure means unhealthy
        db.session.rollback()
        return {"status": "error", "database": "unreachable or not migrated"}, False
    head = _head()
    ok = current == head
    return {"status": "ok" if ok else "error", "database": "ok", "migration": current, "head": head}, ok
