"""Migrations: a single head, and `flask db upgrade` on an empty database gives exactly the models' schema,
the three platform roots and the skeleton (SQLite always, PostgreSQL when TEST_DATABASE_URL is set)."""
import logging
import os

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask_migrate import downgrade, upgrade

from api import create_app
from api.config import TestConfig
from api.extensions import db as _db
from api.models.search import unmodelled
from api.services.platforms import PLATFORMS, ROOT_TYPE, SKELETON

MIGRATIONS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "migrations")


def script_directory():
    from alembic.config import Config
    cfg = Config(os.path.join(MIGRATIONS, "alembic.ini"))
    cfg.set_main_option("script_location", MIGRATIONS)
    return ScriptDirectory.from_config(cfg)


def test_single_head():
    heads = script_directory().get_heads()
    assert len(heads) == 1, heads
    # Every revision chains down to one base.
    assert len(script_directory().get_bases()) == 1


def _databases(tmp_path):
    yield "sqlite", "sqlite:///" + str(tmp_path / "migrated.db")
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        base, name = url.rsplit("/", 1)
        fresh = name + "_migrations"
        admin = sa.create_engine(base + "/postgres", isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{fresh}" WITH (FORCE)'))
            conn.execute(sa.text(f'CREATE DATABASE "{fresh}"'))
        admin.dispose()
        yield "postgresql", f"{base}/{fresh}"


@pytest.fixture
def loggers_stay_on():
    """migrations/env.py configures logging from alembic.ini: an upgrade run in a process must not silence the
    loggers that process has (the app's warnings would be lost from then on)."""
    yield
    assert [name for name, lg in logging.root.manager.loggerDict.items()
            if isinstance(lg, logging.Logger) and lg.disabled] == []


@pytest.mark.parametrize("dialect", ["sqlite", "postgresql"])
def test_upgrade_matches_the_models_and_seeds_platforms(tmp_path, dialect, loggers_stay_on):
    urls = dict(_databases(tmp_path)) if dialect == "postgresql" else {"sqlite": "sqlite:///" + str(
        tmp_path / "migrated.db")}
    if dialect not in urls:
        pytest.skip("TEST_DATABASE_URL is not set")
    app = create_app(TestConfig, SQLALCHEMY_DATABASE_URI=urls[dialect], SQLALCHEMY_ENGINE_OPTIONS={},
                     INSTANCE_DIR=str(tmp_path))
    with app.app_context():
        try:
            upgrade()
            engine = _db.engine
            assert engine.dialect.name == dialect
            with engine.connect() as conn:
                # The FTS5 table of search and its shadow tables are no models (migrations/env.py skips them too).
                ctx = MigrationContext.configure(conn, opts={
                    "compare_type": True, "compare_server_default": False,
                    "include_name": lambda name, type_, parents: not unmodelled(name, type_)})
                diff = compare_metadata(ctx, _db.metadata)
                assert diff == [], diff
                version = conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
                assert version == script_directory().get_current_head()
                roots = conn.execute(sa.text("SELECT platform, name, type, level, path, id FROM module "
                                             "ORDER BY id")).all()
                assert [(r.platform, r.name) for r in roots] == PLATFORMS
                assert all(r.type == ROOT_TYPE and r.level == 0 and r.path == f"/{r.id}/" for r in roots)
                rules = conn.execute(sa.text("SELECT platform, parent_type, child_type, label, label_plural "
                                             "FROM skeleton_rule")).all()
                expected = {(p, *rule) for p, rs in SKELETON.items() for rule in rs}
                assert set(map(tuple, rules)) == expected and len(rules) == len(expected)
            # The health check agrees that the schema is at the head.
            r = app.test_client().get("/api/health")
            assert r.status_code == 200 and r.get_json()["status"] == "ok"
            # Upgrading again changes nothing; downgrading removes everything.
            upgrade()
            with engine.connect() as conn:
                assert conn.execute(sa.text("SELECT count(*) FROM module")).scalar() == len(PLATFORMS)
            downgrade(revision="base")
            left = set(sa.inspect(engine).get_table_names()) - {"alembic_version"}
            assert left == set()
        finally:
            _db.session.remove()
            _db.engine.dispose()


def test_0004_gives_old_feed_entries_their_portal_and_users_a_change_time(tmp_path, loggers_stay_on):
    app = create_app(TestConfig, SQLALCHEMY_DATABASE_URI="sqlite:///" + str(tmp_path / "0004.db"),
                     SQLALCHEMY_ENGINE_OPTIONS={}, INSTANCE_DIR=str(tmp_path))
    with app.app_context():
        try:
            upgrade(revision="0003")
            with _db.engine.begin() as conn:
                root = conn.execute(sa.text("SELECT id, path FROM module WHERE level = 0 ORDER BY id")).first()
                conn.execute(sa.text("INSERT INTO module (id, parent_id, idx, name, description, type, platform, path, "
                                     "level, locked, created) VALUES (900, :r, 0, 'P', '', '4rineu_portal', '4rineu', "
                                     ":p, 1, 0, '2026-01-01'), (901, 900, 0, 'Q', '', '4rineu_project', '4rineu', "
                                     ":q, 2, 0, '2026-01-01')"),
                             {"r": root.id, "p": f"{root.path}900/", "q": f"{root.path}900/901/"})
                conn.execute(sa.text("INSERT INTO user (id, email, name, is_superuser, is_active, created) "
                                     "VALUES (7, 'u@x.org', 'U', 0, 1, '2026-01-02 03:04:05')"))
                conn.execute(sa.text("INSERT INTO feed_entry (id, module_id, created, operation, category, description)"
                                     " VALUES (1, 901, '2026-01-01', 'add', 'module', 'a'), "
                                     "(2, :r, '2026-01-01', 'add', 'module', 'b')"), {"r": root.id})
            upgrade()
            with _db.engine.connect() as conn:
                assert conn.execute(sa.text("SELECT id, portal_id FROM feed_entry ORDER BY id")).all() == \
                    [(1, 900), (2, root.id)]
                assert conn.execute(sa.text("SELECT updated FROM user WHERE id = 7")).scalar() == \
                    "2026-01-02 03:04:05"
            downgrade(revision="0003")
            with _db.engine.connect() as conn:
                assert "portal_id" not in {c["name"] for c in sa.inspect(conn).get_columns("feed_entry")}
        finally:
            _db.session.remove()
            _db.engine.dispose()
