"""flask backup / flask restore: one archive with a consistent database snapshot, every stored file and a
manifest of checksums; restored into an empty database and folder it gives back every row and every byte.
Runs on SQLite and on PostgreSQL (then the restore targets are databases of their own, dropped at the end)."""
import hashlib
import io
import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import tarfile
from types import SimpleNamespace

import pytest
import sqlalchemy as sa
from PIL import Image

from api import create_app
from api.config import ROOT, TestConfig
from api.extensions import db as _db
from api.models import Module, User
from api.services import demo

from .conftest import claim_shared_data, submit

pytestmark = pytest.mark.shared_data


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def png(colour, size=(64, 48)):
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "PNG")
    return out.getvalue()


def migration_head():
    from alembic.script import ScriptDirectory
    return ScriptDirectory(os.path.join(ROOT, "migrations")).get_current_head()


def rows_of(engine):
    """{table: (column names, every row sorted by primary key)} plus the id counters (sequences)."""
    out = {}
    with engine.connect() as conn:
        for name in sorted(sa.inspect(conn).get_table_names()):
            table = sa.Table(name, sa.MetaData(), autoload_with=conn)
            order = list(table.primary_key.columns) or list(table.columns)
            out[name] = ([c.name for c in table.columns],
                         [tuple(r) for r in conn.execute(sa.select(table).order_by(*order))])
        if conn.dialect.name == "sqlite":
            out["(sqlite_sequence)"] = conn.exec_driver_sql("SELECT name, seq FROM sqlite_sequence ORDER BY name").all()
        else:
            out["(sequences)"] = conn.exec_driver_sql(
                "SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1").all()
    return out


def files_of(folder):
    """{path relative to the folder: sha256} of every file below it."""
    out = {}
    for top, _, names in os.walk(folder):
        for n in names:
            full = os.path.join(top, n)
            with open(full, "rb") as fh:
                out[os.path.relpath(full, folder).replace(os.sep, "/")] = sha256(fh.read())
    return out


def tables_with_rows(engine):
    with engine.connect() as conn:
        return [n for n in sa.inspect(conn).get_table_names()
                if conn.execute(sa.text(f'SELECT 1 FROM "{n}" LIMIT 1')).first()]


def login(client, email="admin@demo.eu"):
    r = client.post("/json/login", json={"username": email, "password": demo.PASSWORD})
    assert r.status_code == 200, r.get_json()
    return {"Authorization": "Bearer " + r.get_json()["token"]}


@pytest.fixture(scope="module")
def source(app, request, tmp_path_factory):
    """The demo data plus files uploaded through the API (a vault file and its new version, a logo, an avatar),
    an alembic revision, and their backups: a plain tar and a gzipped one."""
    claim_shared_data(request)
    folder = tmp_path_factory.mktemp("backup-source")
    old_uploads = app.config["UPLOAD_DIR"]
    app.config["UPLOAD_DIR"] = str(folder / "uploads")  # this module's files only
    try:
        runner = app.test_cli_runner()
        r = runner.invoke(args=["seed-demo"])
        assert r.exit_code == 0, r.output
        client = app.test_client()
        h = login(client)
        lisbon = _db.session.scalar(sa.select(Module.id).where(Module.name.like("Lisbon demo case%")))
        portal = _db.session.scalar(sa.select(Module.id).where(Module.name == "4RinEU Consortium"))
        r = client.post(f"/api/vault/upload/{lisbon}", headers=h, content_type="multipart/form-data",
                        data={"file": (io.BytesIO(b"first version\n" * 1000), "plan.txt"), "title": "Plan"})
        assert r.status_code == 200, r.get_json()
        fid = r.get_json()["item"]["id"]
        url = f"/api/vault/edit/{lisbon}/{fid}"
        r = submit(client, h, url, {"title": "Plan", "_method": "PUT",
                                    "file": (io.BytesIO(os.urandom(300_000)), "plan-v2.bin")},
                   content_type="multipart/form-data")
        assert r.status_code == 200, r.get_json()
        r = client.post(f"/api/brand/save-logo/{portal}", headers=h, content_type="multipart/form-data",
                        data={"logo": (io.BytesIO(png((11, 107, 79))), "logo.png")})
        assert r.status_code == 200, r.get_json()
        r = client.post("/api/avatar/edit", headers=h, content_type="multipart/form-data",
                        data={"avatar": (io.BytesIO(png((200, 30, 90))), "me.png")})
        assert r.status_code == 200, r.get_json()
        with _db.engine.begin() as conn:  # as `flask db upgrade` leaves it (the test schema comes from create_all)
            conn.exec_driver_sql("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL PRIMARY KEY)")
            conn.execute(sa.text("INSERT INTO alembic_version VALUES (:v)"), {"v": migration_head()})
        _db.session.remove()

        uploads = app.config["UPLOAD_DIR"]
        files = files_of(uploads)
        assert {p.split("/")[0] for p in files} >= {"files", "logos", "avatars"} and len(files) >= 10
        archive, gz = folder / "site.tar", folder / "site.tar.gz"
        r = runner.invoke(args=["backup", str(archive)])
        assert r.exit_code == 0, r.output
        assert f"Backup written to {archive}" in r.output and f"{len(files)} file(s)" in r.output
        r = runner.invoke(args=["backup", str(gz)])
        assert r.exit_code == 0, r.output
        rows = rows_of(_db.engine)
        assert rows["alembic_version"][1] == [(migration_head(),)]
        assert sum(1 for table, content in rows.items() if not table.startswith("(") and content[1]) >= 15
        yield SimpleNamespace(archive=str(archive), gz=str(gz), uploads=uploads, files=files,
                              rows=rows, admin_id=_db.session.scalar(
                                  sa.select(User.id).where(User.email == "admin@demo.eu")))
    finally:
        app.config["UPLOAD_DIR"] = old_uploads
        _db.session.remove()
        with _db.engine.begin() as conn:
            conn.exec_driver_sql("DROP TABLE IF EXISTS alembic_version")


@pytest.fixture
def make_target(app, tmp_path):
    """make_target() -> an app on a new empty database and an empty UPLOAD_DIR (on PostgreSQL a database
    <test db>_restore[N], dropped at the end whatever happens)."""
    made = []
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    postgres = url.startswith("postgresql")
    base, name = url.rsplit("/", 1)
    admin = sa.create_engine(base + "/postgres", isolation_level="AUTOCOMMIT") if postgres else None

    def make():
        n = len(made) + 1
        folder = tmp_path / f"target{n}"
        folder.mkdir()
        target = SimpleNamespace(folder=str(folder), uploads=str(folder / "uploads"), app=None, database=None)
        made.append(target)
        if postgres:
            target.database = f"{name}_restore" + (str(n) if n > 1 else "")
            with admin.connect() as conn:
                conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{target.database}" WITH (FORCE)')
                conn.exec_driver_sql(f'CREATE DATABASE "{target.database}"')
            target_url = f"{base}/{target.database}"
        else:
            target_url = "sqlite:///" + str(folder / "restored.db")
        target.app = create_app(TestConfig, SQLALCHEMY_DATABASE_URI=target_url, UPLOAD_DIR=target.uploads,
                                INSTANCE_DIR=str(folder), MAIL_OUTBOX_DIR=str(folder / "outbox"),
                                SQLALCHEMY_ENGINE_OPTIONS={})
        def restore(*args):
            # The command runs in the app context it finds: the target's, not the session app's.
            with target.app.app_context():
                return target.app.test_cli_runner().invoke(args=["restore", *args])
        target.restore = restore
        def engine():
            with target.app.app_context():
                return _db.engine
        target.engine = engine
        return target

    yield make
    try:
        for target in made:
            if target.app is not None:
                with target.app.app_context():
                    _db.session.remove()
                    for engine in _db.engines.values():
                        engine.dispose()
    finally:
        if postgres:
            with admin.connect() as conn:
                for target in made:
                    if target.database:
                        conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{target.database}" WITH (FORCE)')
            admin.dispose()


def assert_same_as_source(target, source):
    assert files_of(target.uploads) == source.files
    restored = rows_of(target.engine())
    assert restored.keys() == source.rows.keys()
    for table, content in source.rows.items():
        assert restored[table] == content, table


# --- backup ---------------------------------------------------------------------------------------------------------

def test_backup_holds_the_database_and_every_file_with_their_checksums(app, source):
    assert stat.S_IMODE(os.stat(source.archive).st_mode) == 0o600  # it holds every password hash
    dialect = _db.engine.dialect.name
    with tarfile.open(source.archive) as tar:
        members = tar.getmembers()
        assert members[-1].name == "manifest.json"
        manifest = json.loads(tar.extractfile("manifest.json").read())
        actual = {m.name: (m.size, sha256(tar.extractfile(m).read())) for m in members[:-1]}
    assert manifest["format"] == "portal-backup" and manifest["version"] == 1
    assert manifest["dialect"] == dialect and manifest["alembicRevision"] == migration_head()
    db_member = {"sqlite": "database/portal.sqlite3", "postgresql": "database/portal.pgdump"}[dialect]
    assert manifest["database"]["path"] == db_member
    listed = {e["path"]: (e["size"], e["sha256"]) for e in manifest["entries"]}
    assert listed == actual
    assert {p[len("uploads/"):]: s for p, (_, s) in listed.items() if p.startswith("uploads/")} == source.files
    assert set(listed) - {"uploads/" + p for p in source.files} == {db_member}
    with tarfile.open(source.gz, "r:gz") as tar:
        gz_manifest = json.loads(tar.extractfile("manifest.json").read())
    assert [(e["path"], e["sha256"]) for e in gz_manifest["entries"][1:]] == \
        [(e["path"], e["sha256"]) for e in manifest["entries"][1:]]


def test_backup_never_overwrites_nor_writes_into_the_upload_folder(app, source, tmp_path):
    runner = app.test_cli_runner()
    before = os.stat(source.archive).st_mtime_ns
    r = runner.invoke(args=["backup", source.archive])
    assert r.exit_code != 0 and "already exists" in r.output
    assert os.stat(source.archive).st_mtime_ns == before
    old, app.config["UPLOAD_DIR"] = app.config["UPLOAD_DIR"], source.uploads
    try:
        r = runner.invoke(args=["backup", os.path.join(source.uploads, "inside.tar")])
    finally:
        app.config["UPLOAD_DIR"] = old
    assert r.exit_code != 0 and "outside UPLOAD_DIR" in r.output
    assert not os.path.exists(os.path.join(source.uploads, "inside.tar"))


# --- restore --------------------------------------------------------------------------------------------------------

def test_restore_into_an_empty_database_gives_back_every_row_and_file(source, make_target):
    target = make_target()
    r = target.restore(source.archive)
    assert r.exit_code == 0, r.output
    assert "Restored the" in r.output and f"{len(source.files)} file(s)" in r.output
    assert_same_as_source(target, source)
    assert not [n for n in os.listdir(target.uploads) if n.startswith(".")]  # no staging folder left
    # The restored site works: sign in, and the avatar comes from the restored folder.
    client = target.app.test_client()
    h = login(client)
    r = client.get(f"/api/avatar/view/{source.admin_id}", headers=h)
    assert r.status_code == 200
    assert sha256(r.data) in set(source.files.values())


GARBAGE = b"not a database dump, but its checksum is right\n" * 50


def manifest_db_path():
    return {"sqlite": "database/portal.sqlite3", "postgresql": "database/portal.pgdump"}[_db.engine.dialect.name]


def test_restore_refuses_a_target_that_is_not_empty_unless_forced(source, make_target, tmp_path):
    target = make_target()
    os.makedirs(os.path.join(target.uploads, "files"))
    stray = os.path.join(target.uploads, "files", "stray.bin")
    with open(stray, "wb") as fh:
        fh.write(b"someone else's file")
    r = target.restore(source.gz)
    assert r.exit_code != 0 and "UPLOAD_DIR" in r.output and "already holds files" in r.output
    assert "--force" in r.output
    assert tables_with_rows(target.engine()) == [] and os.path.exists(stray)

    os.remove(stray)
    r = target.restore(source.gz)
    assert r.exit_code == 0, r.output
    assert_same_as_source(target, source)

    # Now the database holds data: refused, and nothing changes.
    with target.app.app_context():
        _db.session.execute(sa.update(User).values(name="Changed after the restore"))
        _db.session.commit()
    with open(stray, "wb") as fh:
        fh.write(b"a newer file")
    r = target.restore(source.gz)
    assert r.exit_code != 0 and "already holds data" in r.output and "--force" in r.output
    with target.app.app_context():
        assert set(_db.session.scalars(sa.select(User.name))) == {"Changed after the restore"}
        _db.session.remove()
    assert os.path.exists(stray)

    # --force replaces both: the rows and files are the backup's again, the stray file is gone.
    r = target.restore("--force", source.gz)
    assert r.exit_code == 0, r.output
    assert_same_as_source(target, source)

    # A database that cannot be restored (its checksum is right) leaves the target as it was, even forced.
    def garbage_database(manifest):
        entry = manifest["entries"][0]
        entry["size"], entry["sha256"] = len(GARBAGE), sha256(GARBAGE)
    broken = rebuild(source.archive, str(tmp_path / "broken.tar"), change=garbage_database,
                     replace={manifest_db_path(): GARBAGE})
    r = target.restore("--force", broken)
    assert r.exit_code != 0 and "database" in r.output, r.output
    assert_same_as_source(target, source)


def flip_byte(archive, dest, member_prefix):
    shutil.copyfile(archive, dest)
    with tarfile.open(dest) as tar:
        member = next(m for m in tar.getmembers() if m.name.startswith(member_prefix) and m.size > 100)
    with open(dest, "r+b") as fh:
        fh.seek(member.offset_data + member.size // 2)
        byte = fh.read(1)
        fh.seek(-1, os.SEEK_CUR)
        fh.write(bytes([byte[0] ^ 0x01]))
    return member.name


@pytest.mark.parametrize("member_prefix", ["uploads/files/", "database/"])
def test_restore_refuses_a_corrupted_archive(source, make_target, tmp_path, member_prefix):
    target = make_target()
    damaged = str(tmp_path / "damaged.tar")
    name = flip_byte(source.archive, damaged, member_prefix)
    r = target.restore(damaged)
    assert r.exit_code != 0
    assert "corrupted" in r.output and "checksum" in r.output and name in r.output
    assert tables_with_rows(target.engine()) == [] and files_of(target.uploads) == {}


def rebuild(archive, dest, extra=(), change=None, replace=None):
    """A copy of the archive with extra members (listed in the manifest with their right checksums), members
    whose content is replaced ({name: bytes}) and the manifest changed by `change`."""
    with tarfile.open(archive) as tin, tarfile.open(dest, "w", format=tarfile.PAX_FORMAT) as tout:
        manifest = json.loads(tin.extractfile("manifest.json").read())
        for m in tin.getmembers():
            if m.name in (replace or {}):
                m.size = len(replace[m.name])
                tout.addfile(m, io.BytesIO(replace[m.name]))
            elif m.name != "manifest.json":
                tout.addfile(m, tin.extractfile(m))
        for info, data in extra:
            info.size = len(data) if info.isfile() else 0
            tout.addfile(info, io.BytesIO(data) if info.isfile() else None)
            manifest["entries"].append({"path": info.name, "size": len(data), "sha256": sha256(data)})
        if change:
            change(manifest)
        data = json.dumps(manifest).encode()
        info = tarfile.TarInfo("manifest.json")
        info.size = len(data)
        tout.addfile(info, io.BytesIO(data))
    return dest


def member(name, type_=tarfile.REGTYPE, linkname=""):
    info = tarfile.TarInfo(name)
    info.type, info.linkname, info.mode = type_, linkname, 0o644
    return info


@pytest.mark.parametrize("info, words", [
    (member("../evil.txt"), "leaves its folder"),
    (member("uploads/../../evil.txt"), "leaves its folder"),
    (member("uploads/files/../../../evil.txt"), "leaves its folder"),
    (member("/tmp/evil.txt"), "absolute path"),
    (member("uploads/files/evil.txt", tarfile.SYMTYPE, "/etc/passwd"), "is a link"),
    (member("uploads/files/evil.txt", tarfile.LNKTYPE, "database/portal.sqlite3"), "is a link"),
    (member("uploads/files/evil.txt", tarfile.FIFOTYPE), "not a regular file"),
], ids=["dotdot", "uploads-dotdot", "deep-dotdot", "absolute", "symlink", "hardlink", "fifo"])
def test_restore_refuses_members_that_could_write_outside_the_folder(source, make_target, tmp_path, info, words):
    target = make_target()
    bad = rebuild(source.archive, str(tmp_path / "bad.tar"), extra=[(info, b"evil")])
    r = target.restore(bad)
    assert r.exit_code != 0 and "Refused" in r.output and words in r.output, r.output
    assert tables_with_rows(target.engine()) == [] and files_of(target.uploads) == {}
    for folder in (tmp_path, target.folder, os.path.dirname(target.folder), "/tmp"):
        assert not os.path.exists(os.path.join(folder, "evil.txt"))


def test_restore_refuses_a_backup_of_another_database_kind_and_what_is_no_backup(source, make_target, tmp_path):
    target = make_target()
    dialect = _db.engine.dialect.name
    other = "postgresql" if dialect == "sqlite" else "sqlite"
    other_member = {"sqlite": "database/portal.sqlite3", "postgresql": "database/portal.pgdump"}[other]

    def as_other(manifest):
        manifest["dialect"] = other
        manifest["database"]["path"] = other_member
        for e in manifest["entries"]:
            if e["path"].startswith("database/"):
                e["path"] = other_member

    foreign = str(tmp_path / "foreign.tar")
    with tarfile.open(source.archive) as tin, tarfile.open(foreign, "w") as tout:
        manifest = json.loads(tin.extractfile("manifest.json").read())
        as_other(manifest)
        for m in tin.getmembers():
            if m.name.startswith("database/"):
                m.name = other_member
            if m.name != "manifest.json":
                tout.addfile(m, tin.extractfile(m))
        data = json.dumps(manifest).encode()
        info = tarfile.TarInfo("manifest.json")
        info.size = len(data)
        tout.addfile(info, io.BytesIO(data))
    r = target.restore(foreign)
    assert r.exit_code != 0 and f"holds a {other} database and the target is {dialect}" in r.output
    assert "same kind of database" in r.output

    unlisted = rebuild(source.archive, str(tmp_path / "unlisted.tar"),
                       change=lambda m: m["entries"].pop())  # the last file is no longer in the manifest
    r = target.restore(unlisted)
    assert r.exit_code != 0 and "which the manifest does not list" in r.output

    not_tar = tmp_path / "notes.txt"
    not_tar.write_text("not an archive")
    r = target.restore(str(not_tar))
    assert r.exit_code != 0 and "is not a backup archive" in r.output
    r = target.restore(str(tmp_path / "missing.tar"))
    assert r.exit_code != 0 and "does not exist" in r.output
    assert tables_with_rows(target.engine()) == [] and files_of(target.uploads) == {}


def test_restore_refuses_an_archive_holding_a_file_and_a_folder_of_the_same_name(source, make_target, tmp_path):
    target = make_target()
    bad = rebuild(source.archive, str(tmp_path / "both.tar"),
                  extra=[(member("uploads/files/x"), b"a file"), (member("uploads/files/x/y"), b"and a folder")])
    r = target.restore(bad)
    assert r.exit_code != 0 and isinstance(r.exception, SystemExit), r.output  # a message, not a traceback
    assert r.output.strip().splitlines() == [
        "Error: Refused: the archive holds both 'uploads/files/x' and 'uploads/files/x/y': a file cannot also be a "
        "folder."]
    assert tables_with_rows(target.engine()) == [] and files_of(target.uploads) == {}


# --- a restore killed midway -----------------------------------------------------------------------------------------

# Run in a process of its own: `flask restore --force` that SIGKILLs itself at one point, so that no clean-up of its
# own runs, as after kill -9 or a power cut.
KILLED_RESTORE = r"""
import json, os, shutil, signal, sqlite3, sys, types
from api import create_app
from api.config import TestConfig
from api.services import backup

config, archive, point = json.loads(sys.argv[1]), sys.argv[2], sys.argv[3]
app = create_app(TestConfig, **config)
die = lambda *_: os.kill(os.getpid(), signal.SIGKILL)
calls = []

def after(owner, name, when):
    real = getattr(owner, name)
    def wrapped(*args, **kwargs):
        out = real(*args, **kwargs)
        if when(*args, **kwargs):
            die()
        return out
    setattr(owner, name, wrapped)

if point == "extracting":  # five members staged
    after(backup, "_extract_verified", lambda *a: calls.append(1) or len(calls) == 5)
elif point == "staged":
    after(backup, "_write_journal", lambda job, phase: phase == "staged")
elif point == "in-database" and app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
    class Slow:  # the backup API a page at a time, killed halfway through
        def __init__(self, conn):
            self.conn = conn
        def __getattr__(self, name):
            return getattr(self.conn, name)
        def backup(self, target, **kwargs):
            self.conn.backup(target, pages=1, progress=lambda _, left, total: left < total // 2 and die())
    backup.sqlite3 = types.SimpleNamespace(connect=lambda *a: Slow(sqlite3.connect(*a)),
                                           DatabaseError=sqlite3.DatabaseError)
elif point == "in-database":  # psql has half of the dump, and no COMMIT
    shutil.copyfileobj = lambda src, dst, *_: (dst.write(src.read(200_000)), dst.flush(), die())
elif point == "database":  # replaced, the journal not yet told
    for name in ("_restore_sqlite", "_restore_postgresql"):
        after(backup, name, lambda *a: True)
elif point == "moved-aside":  # UPLOAD_DIR renamed away, the staged folder not yet in its place
    after(os, "rename", lambda src, dst: ".restore-old-" in dst)
elif point == "switched":
    after(os, "rename", lambda src, dst: ".restore-staging-" in src)
elif point == "cleaning":
    after(shutil, "rmtree", lambda path, **_: ".restore-old-" in path)
with app.app_context():
    backup.restore(archive, force=True)
print("not killed")
"""


def target_config(target):
    return {k: target.app.config[k] for k in ("SQLALCHEMY_DATABASE_URI", "UPLOAD_DIR", "INSTANCE_DIR",
                                               "MAIL_OUTBOX_DIR", "SQLALCHEMY_ENGINE_OPTIONS")}


def site_of(target):
    with target.app.app_context():
        _db.session.remove()
        _db.engine.dispose()
    return rows_of(target.engine()), files_of(target.uploads)


def restore_leftovers(target):
    parent = os.path.dirname(target.uploads)
    return sorted(n for n in os.listdir(parent) if n.startswith(".restore-") and not n.startswith(".restore-lock-")) \
        + [n for n in os.listdir(target.uploads) if n.startswith(".")]


@pytest.mark.parametrize("point, outcome", [
    ("extracting", "undone"), ("staged", "finished"), ("in-database", "finished"), ("database", "finished"),
    ("moved-aside", "finished"), ("switched", "finished"), ("cleaning", "finished")])
def test_a_restore_killed_at_any_point_is_finished_or_undone_at_the_next_start(source, make_target, point, outcome):
    target = make_target()
    r = target.restore(source.gz)
    assert r.exit_code == 0, r.output
    # What the site holds before: not the backup's (a renamed person, one more file, an empty folder).
    with target.app.app_context():
        _db.session.execute(sa.update(User).values(name="Before the restore"))
        _db.session.commit()
    with open(os.path.join(target.uploads, "files", "only-before.bin"), "wb") as fh:
        fh.write(os.urandom(5000))
    os.makedirs(os.path.join(target.uploads, "empty"))
    before = site_of(target)

    config = target_config(target)
    run = subprocess.run([sys.executable, "-c", KILLED_RESTORE, json.dumps(config), source.archive, point],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == -signal.SIGKILL, (run.stdout, run.stderr)
    parent = os.path.dirname(target.uploads)
    with open(os.path.join(parent, ".restore-journal-uploads.json")) as fh:
        journal = json.load(fh)
    assert os.path.dirname(journal["staging"]) == parent  # staged beside UPLOAD_DIR, never inside it
    if os.path.isdir(target.uploads):
        assert not [n for n in os.listdir(target.uploads) if n.startswith(".")]
    if point == "in-database":
        assert site_of(target)[0] == before[0]  # one transaction: killed halfway, it never happened
    if point == "moved-aside":
        assert not os.path.exists(target.uploads)  # the worst moment: the next command finds no UPLOAD_DIR
        env = {**os.environ, "DATABASE_URL": config["SQLALCHEMY_DATABASE_URI"], "UPLOAD_DIR": target.uploads,
               "INSTANCE_DIR": target.folder, "SECRET_KEY": target.app.config["SECRET_KEY"]}
        start = subprocess.run([sys.executable, "-m", "flask", "--app", "api", "init-platforms"], cwd=ROOT, env=env,
                               capture_output=True, text=True, timeout=300)
        assert start.returncode == 0, start.stderr
        assert "was interrupted after its files were staged: finished" in start.stderr
    else:
        started = create_app(TestConfig, **config)  # the next start
        with started.app_context():
            _db.engine.dispose()
    assert restore_leftovers(target) == []
    after = site_of(target)
    if outcome == "undone":
        assert after == before
    else:
        assert after[1] == source.files
        assert after[0] == source.rows


def test_staging_left_inside_the_upload_folder_by_an_older_restore_is_never_backed_up(source, make_target, tmp_path):
    target = make_target()
    assert target.restore(source.archive).exit_code == 0
    old = os.path.join(target.uploads, ".restore-k2j4h1_x", "database")
    os.makedirs(old)
    with open(os.path.join(old, "portal.sqlite3"), "wb") as fh:
        fh.write(b"a whole database")
    with target.app.app_context():
        r = target.app.test_cli_runner().invoke(args=["backup", str(tmp_path / "again.tar")])
    assert r.exit_code == 0, r.output
    with tarfile.open(tmp_path / "again.tar") as tar:
        assert not [n for n in tar.getnames() if ".restore-" in n]
    create_app(TestConfig, **target_config(target))  # the next start removes it
    assert restore_leftovers(target) == [] and files_of(target.uploads) == source.files
