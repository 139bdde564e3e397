"""Ids are never given twice (issue 10): a deleted row's id does not go to the next new row, so an old
link cannot open a different item. PostgreSQL's sequences never go back; on SQLite every table with an
integer key is AUTOINCREMENT (api/models/base.py) and migration 0003 rebuilds existing databases so."""
import os

import pytest
import sqlalchemy as sa
from flask_migrate import downgrade, upgrade

from api import create_app
from api.config import TestConfig
from api.extensions import db as _db
from api.models import Article, Comment, FeedEntry, Membership, Module, VaultFile
from api.models.base import has_integer_surrogate_key

from .conftest import new_module, root, submit
from .test_migrations import loggers_stay_on, script_directory  # noqa: F401  (a fixture)

REVISION = "0003"  # migrations/versions/0003_sqlite_autoincrement.py


def _sqlite_only(engine):
    if engine.dialect.name != "sqlite":
        pytest.skip("SQLite only (PostgreSQL sequences never reuse an id)")


def _table_sql(conn):
    return dict(conn.execute(sa.text("SELECT name, sql FROM sqlite_master WHERE type = 'table'")).all())


def _integer_key_tables(conn):
    """Tables whose primary key is one INTEGER column of their own (not a reference to another row), read from the
    database itself; the shadow tables of a virtual table (FTS5's) are the virtual table's business."""
    sql = _table_sql(conn)
    virtual = [n for n, text in sql.items() if (text or "").upper().startswith("CREATE VIRTUAL TABLE")]
    names = []
    for name in sql:
        if name.startswith("sqlite_") or name in virtual or any(name.startswith(v + "_") for v in virtual):
            continue
        pk = [r for r in conn.execute(sa.text(f'PRAGMA table_info("{name}")')).all() if r.pk]
        refs = {r[3] for r in conn.execute(sa.text(f'PRAGMA foreign_key_list("{name}")')).all()}
        if len(pk) == 1 and pk[0].type.upper() == "INTEGER" and pk[0].name not in refs:
            names.append(name)
    return names


# --- the models ----------------------------------------------------------------------------------------

def test_every_model_table_with_an_integer_key_is_autoincrement_on_sqlite():
    keyed = [t for t in _db.metadata.sorted_tables if has_integer_surrogate_key(t)]
    assert len(keyed) >= 20
    for t in _db.metadata.sorted_tables:
        assert t.dialect_options["sqlite"]["autoincrement"] is (t in keyed), t.name
    # A table with another key is left alone.
    assert _db.metadata.tables["event_cursor"] not in keyed


def test_the_test_database_tables_are_autoincrement(app):
    _sqlite_only(_db.engine)
    with _db.engine.connect() as conn:
        sql = _table_sql(conn)
        keyed = _integer_key_tables(conn)
    assert set(keyed) == {t.name for t in _db.metadata.sorted_tables if has_integer_surrogate_key(t)}
    for name in keyed:
        assert "AUTOINCREMENT" in sql[name], name


@pytest.fixture
def su(make_user, token_for):
    return token_for(make_user(name="Super User", superuser=True))


def test_a_deleted_modules_id_goes_to_no_new_module_and_its_link_stays_dead(client, su):
    portal = new_module(root(), "4rineu_portal", "Portal")
    add = f"/api/module/add/{portal.id}/4rineu_project"
    r = submit(client, su, add, {"name": "Old"})
    assert r.status_code == 200, r.get_json()
    old_id = r.get_json()["item"]["id"]
    assert old_id == _db.session.scalar(sa.select(sa.func.max(Module.id)))  # the highest id: SQLite would reuse it
    r = client.delete(f"/api/module/delete/{old_id}", headers=su)
    assert r.status_code == 200, r.get_json()

    r = submit(client, su, add, {"name": "New"})
    assert r.status_code == 200, r.get_json()
    new_id = r.get_json()["item"]["id"]
    assert new_id > old_id
    assert client.get(f"/api/module/view/{old_id}", headers=su).status_code == 404
    assert client.get(f"/api/module/view/{new_id}", headers=su).get_json()["item"]["name"] == "New"


_n = iter(range(10**6))


def _vault_file(m, user):
    return VaultFile(module_id=m.id, title="Doc", filename="doc.txt", stored_name=f"ids-{next(_n)}-{os.getpid()}",
                     created_by_id=user.id)


ROWS = {
    "vault_file": _vault_file,
    "comment": lambda m, user: Comment(module_id=m.id, content="Hello", created_by_id=user.id),
    "article": lambda m, user: Article(module_id=m.id, title="Page", content="", created_by_id=user.id),
    "membership": lambda m, user: Membership(module_id=m.id, user_id=user.id),
    "feed_entry": lambda m, user: FeedEntry(module_id=m.id, operation="add", category="module", description="x"),
}


@pytest.mark.parametrize("table", list(ROWS))
def test_a_deleted_rows_id_goes_to_no_new_row(table, make_user):
    user = make_user()
    module = new_module(root(), "4rineu_portal", "Portal")
    make = ROWS[table]
    first = make(module, user)
    _db.session.add(first)
    _db.session.commit()
    old_id = first.id
    model = type(first)
    assert old_id == _db.session.scalar(sa.select(sa.func.max(model.id)))
    _db.session.delete(first)
    _db.session.commit()
    if table == "membership":
        user = make_user()  # (one membership per module and user)
    second = make(module, user)
    _db.session.add(second)
    _db.session.commit()
    assert second.id > old_id


# --- the migration ------------------------------------------------------------------------------------

def _rows(conn):
    """Every row of every table (but alembic_version and sqlite_sequence), ordered."""
    out = {}
    for name in _table_sql(conn):
        if name.startswith("sqlite_") or name == "alembic_version":
            continue
        out[name] = sorted(map(tuple, conn.execute(sa.text(f'SELECT * FROM "{name}"')).all()), key=repr)
    return out


def _schema(conn):
    """What the tables promise, as SQLite reports it: columns, keys, foreign keys, indexes, unique constraints
    (the primary key constraint's name is left out: an AUTOINCREMENT key is declared on its column)."""
    insp = sa.inspect(conn)
    out = {}
    for name in insp.get_table_names():
        if name == "alembic_version":
            continue
        out[name] = {
            "columns": [(c["name"], str(c["type"]), c["nullable"], c["default"]) for c in insp.get_columns(name)],
            "pk": insp.get_pk_constraint(name)["constrained_columns"],
            "fks": sorted((fk["name"], tuple(fk["constrained_columns"]), fk["referred_table"],
                           tuple(fk["referred_columns"]), tuple(sorted(fk["options"].items())))
                          for fk in insp.get_foreign_keys(name)),
            "indexes": sorted((ix["name"], tuple(ix["column_names"]), bool(ix["unique"]))
                              for ix in insp.get_indexes(name)),
            "unique": sorted((uq["name"], tuple(uq["column_names"])) for uq in insp.get_unique_constraints(name)),
        }
    return out


def _seed_before(conn):
    """Rows with known ids at the revision before 0003, parents and children, written with foreign keys on."""
    now = "2026-01-01 00:00:00"
    x = lambda sql, **kw: conn.execute(sa.text(sql), kw)  # noqa: E731
    for uid in (10, 11, 12):
        x("INSERT INTO user (id, email, name, is_superuser, is_active, created) VALUES (:id, :e, 'U', 0, 1, :now)",
          id=uid, e=f"u{uid}@example.org", now=now)
    platform_root = conn.execute(sa.text("SELECT id, path FROM module WHERE level = 0 ORDER BY id")).first()
    parent, path = platform_root.id, platform_root.path
    for mid, level in ((20, 1), (21, 2), (22, 3)):
        path = f"{path}{mid}/"
        x("INSERT INTO module (id, parent_id, idx, name, description, type, platform, path, level, locked, created, "
          "created_by_id) VALUES (:id, :p, 0, :n, '', '4rineu_x', '4rineu', :path, :lvl, 0, :now, 10)",
          id=mid, p=parent, n=f"M{mid}", path=path, lvl=level, now=now)
        parent = mid
    x("INSERT INTO membership (id, module_id, user_id, role, admin, allow_create, allow_view, allow_edit, "
      "allow_delete, created) VALUES (70, 20, 11, 'User', 1, 1, 1, 1, 1, :now)", now=now)
    x("INSERT INTO vault_file (id, module_id, title, filename, stored_name, filesize, mime, locked, created, "
      "created_by_id) VALUES (30, 21, 'Doc', 'doc.pdf', 's30', 3, 'application/pdf', 0, :now, 11)", now=now)
    x("INSERT INTO file_version (id, file_id, module_id, filename, stored_name, filesize, mime, created) "
      "VALUES (31, 30, 21, 'doc.pdf', 's31', 2, 'application/pdf', :now)", now=now)
    for cid, parent_id in ((40, None), (41, 40), (42, 41)):
        x("INSERT INTO comment (id, module_id, parent_id, title, content, deleted, created, created_by_id) "
          "VALUES (:id, 21, :p, '', 'c', 0, :now, 12)", id=cid, p=parent_id, now=now)
    x("INSERT INTO custom_field (id, module_id, attribute, label, type, multiple, prefix_symbol, idx) "
      "VALUES (50, 20, 'status', 'Status', 'PICKLIST', 0, 0, 0)")
    x("INSERT INTO picklist_option (id, field_id, value, label, idx) VALUES (51, 50, 'a', 'A', 0)")
    x("INSERT INTO custom_value (id, field_id, module_id, option_id, user_id, created) "
      "VALUES (52, 50, 22, 51, 11, :now)", now=now)
    x("INSERT INTO report (id, module_id, layout) VALUES (60, 21, '[]')")
    x("INSERT INTO metric (id, report_id, module_id, title, description, attribute, layout, created) "
      "VALUES (61, 60, 21, 'T', '', 'status', '{}', :now)", now=now)
    x("INSERT INTO article (id, module_id, parent_id, title, content, created) VALUES (80, 21, NULL, 'A', '', :now)",
      now=now)
    x("INSERT INTO article (id, module_id, parent_id, title, content, created) VALUES (81, 21, 80, 'B', '', :now)",
      now=now)
    # The bug, before the upgrade: the highest id, deleted, goes to the next row.
    x("DELETE FROM comment WHERE id = 42")
    x("INSERT INTO comment (module_id, title, content, deleted, created) VALUES (22, '', 'again', 0, :now)", now=now)
    assert conn.execute(sa.text("SELECT max(id) FROM comment")).scalar() == 42


@pytest.fixture
def sqlite_app(tmp_path, loggers_stay_on):  # noqa: F811
    app = create_app(TestConfig, SQLALCHEMY_DATABASE_URI="sqlite:///" + str(tmp_path / "upgraded.db"),
                     SQLALCHEMY_ENGINE_OPTIONS={}, INSTANCE_DIR=str(tmp_path))
    with app.app_context():
        try:
            yield app
        finally:
            _db.session.remove()
            _db.engine.dispose()


def _previous():
    return script_directory().get_revision(REVISION).down_revision


def test_upgrade_keeps_rows_ids_and_keys_and_ids_are_never_reused_after(sqlite_app):
    upgrade(revision=_previous())
    engine = _db.engine
    with engine.begin() as conn:
        _seed_before(conn)
    with engine.connect() as conn:
        rows, schema = _rows(conn), _schema(conn)
        assert not any("AUTOINCREMENT" in (sql or "") for sql in _table_sql(conn).values())
    assert rows["comment"] and rows["module"] and rows["custom_value"]

    upgrade(revision=REVISION)  # (later revisions add columns: the rows are compared as they were)

    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == REVISION
        # env.py gave the connection back with foreign keys on again.
        assert conn.execute(sa.text("PRAGMA foreign_keys")).scalar() == 1
        assert conn.execute(sa.text("PRAGMA foreign_key_check")).all() == []
        assert _rows(conn) == rows
        assert _schema(conn) == schema
        sql = _table_sql(conn)
        keyed = _integer_key_tables(conn)
        assert len(keyed) >= 20 and "revoked_token" not in keyed
        for name in keyed:
            assert "AUTOINCREMENT" in sql[name], name
        # Each sequence starts at the table's highest id.
        seq = dict(conn.execute(sa.text("SELECT name, seq FROM sqlite_sequence")).all())
        for name in keyed:
            top = conn.execute(sa.text(f'SELECT max(id) FROM "{name}"')).scalar() or 0
            assert seq.get(name, 0) == top, name

    # From now on the highest id, deleted, is not given again; the foreign keys still act.
    now = "2026-02-01 00:00:00"
    with engine.begin() as conn:
        conn.execute(sa.text("DELETE FROM comment WHERE id = 42"))
        conn.execute(sa.text("DELETE FROM user WHERE id = 12"))  # SET NULL: its comments' author
        assert conn.execute(sa.text("SELECT created_by_id FROM comment WHERE id IN (40, 41)")).all() == [(None,)] * 2
        conn.execute(sa.text("DELETE FROM user WHERE id = 11"))  # CASCADE: its membership
        assert conn.execute(sa.text("SELECT count(*) FROM membership")).scalar() == 0
        conn.execute(sa.text("DELETE FROM vault_file WHERE id = 30"))  # CASCADE: its version
        assert conn.execute(sa.text("SELECT count(*) FROM file_version")).scalar() == 0
        conn.execute(sa.text("DELETE FROM module WHERE id = 22"))  # CASCADE: its custom value
        assert conn.execute(sa.text("SELECT count(*) FROM custom_value")).scalar() == 0
        conn.execute(sa.text("INSERT INTO comment (module_id, title, content, deleted, created) "
                             "VALUES (21, '', 'new', 0, :now)"), {"now": now})
        conn.execute(sa.text("INSERT INTO user (email, name, is_superuser, is_active, created) "
                             "VALUES ('new@example.org', 'N', 0, 1, :now)"), {"now": now})
        conn.execute(sa.text("INSERT INTO module (parent_id, idx, name, description, type, platform, path, level, "
                             "locked, created) VALUES (21, 0, 'N', '', '4rineu_x', '4rineu', '/', 3, 0, :now)"),
                     {"now": now})
        assert conn.execute(sa.text("SELECT max(id) FROM comment")).scalar() == 43
        assert conn.execute(sa.text("SELECT max(id) FROM user")).scalar() == 13  # 11 and 12 are gone for good
        assert conn.execute(sa.text("SELECT max(id) FROM module")).scalar() == 23
        conn.execute(sa.text("DELETE FROM comment WHERE id = 43"))
        conn.execute(sa.text("INSERT INTO comment (module_id, title, content, deleted, created) "
                             "VALUES (21, '', 'newer', 0, :now)"), {"now": now})
        assert conn.execute(sa.text("SELECT max(id) FROM comment")).scalar() == 44
        # A child may not point at a missing parent.
        with pytest.raises(sa.exc.IntegrityError):
            with conn.begin_nested():
                conn.execute(sa.text("INSERT INTO picklist_option (field_id, value, label, idx) "
                                     "VALUES (999, 'x', 'X', 0)"))


def test_downgrade_keeps_the_rows_without_autoincrement(sqlite_app):
    upgrade(revision=_previous())
    with _db.engine.begin() as conn:
        _seed_before(conn)
    with _db.engine.connect() as conn:
        rows, schema = _rows(conn), _schema(conn)
    upgrade()
    downgrade(revision=_previous())
    with _db.engine.connect() as conn:
        assert conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == _previous()
        assert _rows(conn) == rows
        assert _schema(conn) == schema
        assert not any("AUTOINCREMENT" in (sql or "") for sql in _table_sql(conn).values())
        assert conn.execute(sa.text("PRAGMA foreign_key_check")).all() == []
        assert conn.execute(sa.text("PRAGMA foreign_keys")).scalar() == 1


def test_a_dangling_reference_fails_the_upgrade_and_changes_nothing(sqlite_app, capsys):
    upgrade(revision=_previous())
    engine = _db.engine
    with engine.connect() as conn:
        raw = conn.connection.driver_connection
        raw.execute("PRAGMA foreign_keys=OFF")
        raw.execute("INSERT INTO comment (id, module_id, title, content, deleted, created) "
                    "VALUES (5, 99999, '', 'orphan', 0, '2026-01-01')")
        raw.execute("PRAGMA foreign_keys=ON")
    with engine.connect() as conn:
        sql = _table_sql(conn)
    with pytest.raises(SystemExit):  # flask-migrate logs the error and exits 1, as `flask db upgrade` does
        upgrade()
    assert "foreign key check failed after the migrations, nothing was committed: comment row 5 -> module" \
        in capsys.readouterr().err
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == _previous()
        assert _table_sql(conn) == sql  # rolled back: no table rebuilt
        assert conn.execute(sa.text("PRAGMA foreign_keys")).scalar() == 1
