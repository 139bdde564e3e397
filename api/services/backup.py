"""Backup and restore of the whole site: the database and every stored file, in one tar archive.

The archive (plain tar, or gzip when its name ends in .gz / .tgz) holds, in this order:

  database/portal.pgdump | database/portal.sqlite3   a consistent snapshot of the database
  uploads/<kind>/<name>                              every file under UPLOAD_DIR (files, logos, avatars, ...)
  manifest.json                                      format, dialect, alembic revision, and for every entry
                                                     above its path, size and sha256

PostgreSQL is dumped by `pg_dump --format=custom` inside a snapshot exported from a REPEATABLE READ transaction
(the alembic revision is read in that same snapshot); SQLite by the online backup API
(`sqlite3.Connection.backup`), so both are consistent while the site runs. Files are streamed into the archive
and hashed on the way (nothing is read whole into memory); the manifest comes last because only then are the
checksums known.

Restore reads the archive twice: first the headers (every member must be a regular file with a safe relative
name that the manifest lists: no `..`, no absolute path, no link or device, no file that is also another's
folder) and the manifest; then each member is extracted into a staging folder beside UPLOAD_DIR (never inside:
backups would take it along) while its sha256 is computed and compared with the manifest. Only when everything
matches is the database restored (same dialect only; PostgreSQL in one transaction through psql, SQLite through
the backup API) and is the staged folder renamed into UPLOAD_DIR's place. A journal beside UPLOAD_DIR says how far
a restore got, so that a killed one is finished or undone at the next start (`settle_interrupted`, see
"A restore stages beside UPLOAD_DIR" below). The target must be empty (no table with rows, no file in UPLOAD_DIR)
unless `force` is given.
"""
import fcntl
import hashlib
import io
import json
import os
import posixpath
import re
import secrets
import shutil
import sqlite3
import stat
import subprocess
import tarfile
import tempfile
import time
from contextlib import contextmanager
from datetime import datetime, timezone

import sqlalchemy as sa
from flask import current_app

from ..extensions import db

FORMAT = "portal-backup"
VERSION = 1
MANIFEST = "manifest.json"
UPLOADS = "uploads/"
DB_MEMBER = {"postgresql": "database/portal.pgdump", "sqlite": "database/portal.sqlite3"}
DB_FORMAT = {"postgresql": "pg_dump custom format", "sqlite": "SQLite database file"}
CHUNK = 1024 * 1024
MANIFEST_MAX_BYTES = 256 * 1024 * 1024
_SHA256 = re.compile(r"^[0-9a-f]{64}$")


class BackupError(Exception):
    """A refusal or failure, with a message for the person running the command."""


# --- shared helpers -------------------------------------------------------------------------------------------

def _dialect():
    name = db.engine.dialect.name
    if name not in DB_MEMBER:
        raise BackupError(f"Backups support SQLite and PostgreSQL, not {name}.")
    return name


def _libpq(url):
    """(libpq URL without password, environment with PGPASSWORD) for pg_dump/pg_restore/psql."""
    url = sa.engine.make_url(url)
    env = dict(os.environ)
    if url.password is not None:
        env["PGPASSWORD"] = str(url.password)
    plain = url.set(drivername="postgresql", password=None)
    return plain.render_as_string(hide_password=False), env


def _tool(name):
    path = shutil.which(name)
    if not path:
        raise BackupError(f"{name} was not found on PATH: install the PostgreSQL client programs "
                          f"(the same major version as the server, or newer).")
    return path


def _run(args, env, what, **kw):
    proc = subprocess.run(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)
    if proc.returncode != 0:
        raise BackupError(f"{what} failed (exit {proc.returncode}): {_tail(proc.stderr)}")
    return proc


def _tail(data, lines=12):
    text = data.decode("utf-8", "replace").strip() if isinstance(data, bytes) else str(data or "").strip()
    return "\n".join(text.splitlines()[-lines:]) or "no message"


def _inside(path, folder):
    path, folder = os.path.realpath(path), os.path.realpath(folder)
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


class _HashingReader:
    """A file object that hashes what tarfile reads from it."""

    def __init__(self, fh):
        self.fh, self.sha, self.count = fh, hashlib.sha256(), 0

    def read(self, n=-1):
        data = self.fh.read(n)
        self.sha.update(data)
        self.count += len(data)
        return data


# --- backup ---------------------------------------------------------------------------------------------------

def _local_files_only():
    """The archive carries the files of a local folder; an object store keeps (and versions) its own."""
    from .objectstore import LocalBackend, backend
    if not isinstance(backend(), LocalBackend):
        raise BackupError("The files live in an object store (STORAGE_URL): back up the database with pg_dump and "
                          "the files with the bucket's versioning (docker/README.md, 'Backups').")


def backup(path):
    """Write the archive to `path` (refused if it exists). Returns a summary dict."""
    started = time.monotonic()
    _local_files_only()
    path = os.path.abspath(path)
    upload_dir = os.path.abspath(current_app.config["UPLOAD_DIR"])
    if os.path.lexists(path):
        raise BackupError(f"{path} already exists: choose a new file name (backups are never overwritten).")
    if _inside(path, upload_dir):
        raise BackupError(f"Write the backup outside UPLOAD_DIR ({upload_dir}): it would contain itself.")
    folder = os.path.dirname(path)
    if not os.path.isdir(folder):
        raise BackupError(f"The folder {folder} does not exist.")
    dialect = _dialect()
    gzip = path.endswith((".gz", ".tgz"))
    partial = path + ".part"
    if os.path.lexists(partial):
        raise BackupError(f"{partial} exists: another backup is being written there, or one was interrupted "
                          f"(remove it).")
    work = tempfile.mkdtemp(prefix=".backup-", dir=folder)  # next to the archive: room for the dump is there
    created = False
    try:
        dump = os.path.join(work, "database")
        revision = _dump_postgresql(dump) if dialect == "postgresql" else _dump_sqlite(dump)
        entries, skipped = [], []
        # The archive holds every password hash: readable by its owner only.
        fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        created = True
        with open(fd, "wb") as out, \
                tarfile.open(fileobj=out, mode="w:gz" if gzip else "w", format=tarfile.PAX_FORMAT) as tar:
            with open(dump, "rb") as fh:
                entries.append(_add(tar, DB_MEMBER[dialect], fh))
            os.remove(dump)
            for rel in _stored_files(upload_dir, skipped):
                try:
                    fh = open(os.path.join(upload_dir, *rel.split("/")), "rb")
                except FileNotFoundError:  # removed since the listing (its row is gone too)
                    skipped.append(rel)
                    continue
                with fh:
                    entries.append(_add(tar, UPLOADS + rel, fh))
            manifest = {
                "format": FORMAT, "version": VERSION,
                "createdAt": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                "dialect": dialect, "alembicRevision": revision,
                "database": {"path": DB_MEMBER[dialect], "format": DB_FORMAT[dialect]},
                "entries": entries,
            }
            data = json.dumps(manifest, indent=1, ensure_ascii=False).encode()
            info = tarfile.TarInfo(MANIFEST)
            info.size, info.mtime, info.mode = len(data), int(time.time()), 0o644
            tar.addfile(info, io.BytesIO(data))
        os.replace(partial, path)
    except BaseException:
        if created:
            try:
                os.remove(partial)
            except FileNotFoundError:
                pass
        raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    files = entries[1:]
    return {"path": path, "dialect": dialect, "revision": revision, "databaseBytes": entries[0]["size"],
            "files": len(files), "fileBytes": sum(e["size"] for e in files), "skipped": skipped,
            "archiveBytes": os.path.getsize(path), "seconds": round(time.monotonic() - started, 2)}


def _add(tar, name, fh):
    """Stream an open file into the archive, hashing it on the way; returns its manifest entry."""
    st = os.fstat(fh.fileno())
    info = tarfile.TarInfo(name)
    info.size, info.mtime, info.mode = st.st_size, int(st.st_mtime), 0o644
    reader = _HashingReader(fh)
    tar.addfile(info, reader)  # reads exactly info.size bytes (fails if the file shrank meanwhile)
    return {"path": name, "size": reader.count, "sha256": reader.sha.hexdigest()}


def _stored_files(upload_dir, skipped):
    """Relative paths ('kind/name') of every regular file under UPLOAD_DIR, sorted; links are skipped, and so is
    the staging folder (a whole database) an interrupted restore of an earlier version left inside it."""
    out = []
    for top, dirs, names in os.walk(upload_dir):
        links = [d for d in dirs if os.path.islink(os.path.join(top, d))]
        skipped += [os.path.relpath(os.path.join(top, d), upload_dir).replace(os.sep, "/") for d in links]
        dirs[:] = sorted(d for d in dirs if d not in links and not (top == upload_dir and d.startswith(".restore-")))
        for n in names:
            full = os.path.join(top, n)
            rel = os.path.relpath(full, upload_dir).replace(os.sep, "/")
            if os.path.islink(full) or not os.path.isfile(full):
                skipped.append(rel)
            else:
                out.append(rel)
    return sorted(out)


def _read_revision(conn):
    if not sa.inspect(conn).has_table("alembic_version"):
        return None
    return conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()


def _dump_postgresql(dest):
    """pg_dump in a snapshot exported by a REPEATABLE READ transaction, whose alembic revision is read too."""
    pg_dump = _tool("pg_dump")
    url, env = _libpq(db.engine.url)
    with db.engine.connect().execution_options(isolation_level="REPEATABLE READ") as conn:
        with conn.begin():
            snapshot = conn.execute(sa.text("SELECT pg_export_snapshot()")).scalar()
            revision = _read_revision(conn)
            _run([pg_dump, "--format=custom", "--no-owner", "--no-privileges", f"--snapshot={snapshot}",
                  f"--file={dest}", "--dbname", url], env, "pg_dump")
    return revision


def _dump_sqlite(dest):
    """The online backup API: a consistent copy while the site runs; made self-contained (no WAL)."""
    target = sqlite3.connect(dest)
    try:
        raw = db.engine.raw_connection()
        try:
            raw.driver_connection.backup(target)
        finally:
            raw.close()
        target.execute("PRAGMA journal_mode=DELETE")
        row = target.execute("SELECT name FROM sqlite_master WHERE type='table' AND name='alembic_version'").fetchone()
        revision = target.execute("SELECT version_num FROM alembic_version").fetchone() if row else None
    finally:
        target.close()
    return revision[0] if revision else None


# --- restore --------------------------------------------------------------------------------------------------

def _check_name(name):
    """A member or manifest path: relative, '/'-separated, no '.', '..' or empty parts, no backslash or NUL."""
    if not isinstance(name, str) or not name or len(name) > 4096:
        raise BackupError(f"Refused: the archive holds an invalid member name {name!r}.")
    if name.startswith("/") or "\\" in name or "\x00" in name or re.match(r"^[A-Za-z]:", name):
        raise BackupError(f"Refused: the archive member {name!r} has an absolute path (or a backslash or NUL).")
    parts = name.split("/")
    if any(p in ("", ".", "..") for p in parts) or posixpath.normpath(name) != name:
        raise BackupError(f"Refused: the archive member {name!r} leaves its folder ('..' or empty parts).")
    return name


def _open_archive(path):
    if not os.path.isfile(path):
        raise BackupError(f"{path} does not exist or is not a file.")
    try:
        return tarfile.open(path, "r:*")
    except (tarfile.TarError, OSError, EOFError) as e:
        raise BackupError(f"{path} is not a backup archive (tar or tar.gz): {e}") from None


def read_manifest(tar):
    """Check every member header and the manifest; returns (manifest, {path: member})."""
    try:
        members = tar.getmembers()
    except (tarfile.TarError, OSError, EOFError) as e:
        raise BackupError(f"The archive is damaged: {e}") from None
    by_name = {}
    for m in members:
        _check_name(m.name.rstrip("/") if m.isdir() else m.name)
        if m.isdir():
            continue
        if m.issym() or m.islnk():
            raise BackupError(f"Refused: the archive member {m.name!r} is a link.")
        if not m.isfile():
            raise BackupError(f"Refused: the archive member {m.name!r} is not a regular file.")
        if m.name in by_name:
            raise BackupError(f"Refused: the archive holds {m.name!r} twice.")
        by_name[m.name] = m
    for name in by_name:
        parts = name.split("/")
        folder = next((f for f in ("/".join(parts[:i]) for i in range(1, len(parts))) if f in by_name), None)
        if folder is not None:
            raise BackupError(f"Refused: the archive holds both {folder!r} and {name!r}: a file cannot also be a "
                              f"folder.")
    man = by_name.pop(MANIFEST, None)
    if man is None:
        raise BackupError("The archive has no manifest.json: it is not a backup made by `flask backup`.")
    if man.size > MANIFEST_MAX_BYTES:
        raise BackupError("The manifest is implausibly large.")
    try:
        manifest = json.loads(tar.extractfile(man).read())
    except (ValueError, tarfile.TarError, OSError, EOFError) as e:
        raise BackupError(f"The manifest cannot be read: {e}") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise BackupError("The manifest is not that of a backup made by `flask backup`.")
    if manifest.get("version") != VERSION:
        raise BackupError(f"Backup format version {manifest.get('version')!r} is not supported (this code reads "
                          f"version {VERSION}).")
    dialect = manifest.get("dialect")
    database = manifest.get("database")
    if dialect not in DB_MEMBER or not isinstance(database, dict) or database.get("path") != DB_MEMBER[dialect]:
        raise BackupError(f"The manifest names an unknown database kind {dialect!r}.")
    entries = manifest.get("entries")
    if not isinstance(entries, list):
        raise BackupError("The manifest lists no entries.")
    listed = {}
    for e in entries:
        if not (isinstance(e, dict) and isinstance(e.get("size"), int) and e["size"] >= 0
                and isinstance(e.get("sha256"), str) and _SHA256.match(e["sha256"])):
            raise BackupError(f"The manifest has a malformed entry: {e!r}")
        name = _check_name(e.get("path"))
        if name != DB_MEMBER[dialect] and not name.startswith(UPLOADS):
            raise BackupError(f"Refused: the manifest entry {name!r} is neither the database nor a stored file.")
        if name in listed:
            raise BackupError(f"The manifest lists {name!r} twice.")
        listed[name] = e
    if DB_MEMBER[dialect] not in listed:
        raise BackupError("The manifest lists no database.")
    extra = sorted(set(by_name) - set(listed))
    missing = sorted(set(listed) - set(by_name))
    if extra:
        raise BackupError(f"Refused: the archive holds {extra[0]!r}, which the manifest does not list"
                          + (f" (and {len(extra) - 1} more)." if len(extra) > 1 else "."))
    if missing:
        raise BackupError(f"The archive is incomplete: {missing[0]!r} is in the manifest but not in the archive"
                          + (f" (and {len(missing) - 1} more)." if len(missing) > 1 else "."))
    for name, m in by_name.items():
        if m.size != listed[name]["size"]:
            raise BackupError(f"The archive is corrupted: {name} has {m.size} bytes, the manifest says "
                              f"{listed[name]['size']}.")
    return manifest, by_name


def _tables_with_rows(engine):
    with engine.connect() as conn:
        names = sa.inspect(conn).get_table_names()
        prep = conn.dialect.identifier_preparer
        return [n for n in names
                if conn.execute(sa.text(f"SELECT 1 FROM {prep.quote(n)} LIMIT 1")).first() is not None]


def _files_in(folder, limit=3):
    found = []
    if os.path.isdir(folder):
        for top, dirs, names in os.walk(folder):
            for n in names:
                found.append(os.path.relpath(os.path.join(top, n), folder))
                if len(found) >= limit:
                    return found
    return found


def restore(path, force=False):
    """Restore the archive into this app's database and UPLOAD_DIR. Returns a summary dict."""
    started = time.monotonic()
    _local_files_only()
    upload_dir = _upload_dir()
    dialect = _dialect()
    with _open_archive(path) as tar:
        manifest, members = read_manifest(tar)
        if manifest["dialect"] != dialect:
            raise BackupError(f"This backup holds a {manifest['dialect']} database and the target is {dialect}: "
                              f"a backup can only be restored onto the same kind of database.")
        with _restore_lock(upload_dir):
            _settle(upload_dir)  # a restore killed before this one is finished or undone first
            if not force:
                busy = _tables_with_rows(db.engine)
                if busy:
                    raise BackupError(f"Refused: the target database already holds data ({len(busy)} table(s) with "
                                      f"rows, e.g. {', '.join(sorted(busy)[:5])}). Restore into an empty database, "
                                      f"or pass --force to replace it.")
                files = _files_in(upload_dir)
                if files:
                    raise BackupError(f"Refused: UPLOAD_DIR ({upload_dir}) already holds files (e.g. {files[0]}). "
                                      f"Restore into an empty folder, or pass --force to replace its contents.")
            job = _begin(upload_dir, dialect)
            try:
                entries = {e["path"]: e for e in manifest["entries"]}
                for name, member in members.items():
                    _extract_verified(tar, member, entries[name], job["staging"])
                os.sync()  # what the journal is about to call complete is on the disk
                _write_journal(job, "staged")
            except BaseException:
                _roll_back(job)
                raise
            _finish(job)
    files = [e for e in manifest["entries"] if e["path"].startswith(UPLOADS)]
    return {"dialect": dialect, "revision": manifest.get("alembicRevision"), "createdAt": manifest.get("createdAt"),
            "files": len(files), "fileBytes": sum(e["size"] for e in files), "head": _migration_head(),
            "seconds": round(time.monotonic() - started, 2)}


# A restore stages beside UPLOAD_DIR, never inside it (a backup would take the staging along), and keeps a journal
# there of how far it got; its lock is held until it ends, and the kernel drops it when the process dies:
#   staging    the archive is being extracted and verified into <parent>/.restore-staging-<id>/ (uploads/ and
#              database/): interrupted, it is undone (the staging removed; nothing else was touched)
#   staged     all of it is there and verified: interrupted, it is finished. The database is replaced in one
#              transaction (doing it again gives the same); a database that cannot be restored undoes it.
#   database   the database is replaced: interrupted, the folders' switch (two renames) and the clean-up finish.
# The next start (create_app: `flask` commands, gunicorn's master, and so `make run`) settles a journal it finds.

def _upload_dir():
    return os.path.realpath(current_app.config["UPLOAD_DIR"])  # a link to the folder: the folder's siblings


def _beside(upload_dir, what):
    parent, name = os.path.split(upload_dir)
    return os.path.join(parent, f".restore-{what}-{name}")


@contextmanager
def _restore_lock(upload_dir):
    try:
        os.makedirs(os.path.dirname(upload_dir), exist_ok=True)
        fd = os.open(_beside(upload_dir, "lock"), os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as e:
        raise BackupError(f"A restore stages its files beside UPLOAD_DIR, in {os.path.dirname(upload_dir)}, which "
                          f"must be writable: {e}") from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise BackupError(f"Another restore into {upload_dir} is running: wait for it to end.") from None
        yield
    finally:
        os.close(fd)


def _sync_dir(folder):
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _journal(upload_dir):
    return _beside(upload_dir, "journal") + ".json"


def _write_journal(job, phase):
    """Atomically (a new file renamed over the old one): the journal is always a whole one."""
    job["phase"] = phase
    path = _journal(job["uploadDir"])
    with open(path + ".tmp", "w") as fh:
        json.dump(job, fh)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(path + ".tmp", path)
    _sync_dir(os.path.dirname(path))


def _read_journal(upload_dir):
    path = _journal(upload_dir)
    try:
        with open(path) as fh:
            job = json.load(fh)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as e:
        raise BackupError(f"The restore journal {path} cannot be read ({e}): compare UPLOAD_DIR with the folders "
                          f"beside it named .restore-*, then remove the journal.") from None
    if not isinstance(job, dict) or job.get("phase") not in ("staging", "staged", "database") \
            or job.get("uploadDir") != upload_dir:
        raise BackupError(f"The restore journal {path} is not one this code wrote: check it, then remove it.")
    return job


def _is_mount(path):
    if os.path.ismount(path):
        return True
    try:  # a bind mount of a folder on the same device, which ismount() does not see
        with open("/proc/self/mountinfo") as fh:
            return any(line.split()[4] == path for line in fh)
    except OSError:
        return False


def _begin(upload_dir, dialect):
    """The journal (phase staging) and the staging folder, whose uploads/ will become UPLOAD_DIR."""
    if os.path.isdir(upload_dir) and _is_mount(upload_dir):
        raise BackupError(f"UPLOAD_DIR ({upload_dir}) is a mount point: a restore switches folders by renaming "
                          f"them, which a mount point does not allow. Mount the folder above it instead.")
    key = secrets.token_hex(6)
    parent = os.path.dirname(upload_dir)
    job = {"uploadDir": upload_dir, "dialect": dialect, "database": DB_MEMBER[dialect],
           "staging": os.path.join(parent, f".restore-staging-{key}"),
           "old": os.path.join(parent, f".restore-old-{key}")}
    _write_journal(job, "staging")
    try:
        os.mkdir(job["staging"], 0o700)  # it holds the whole database: its owner's only, as the archive is
        uploads = os.path.join(job["staging"], "uploads")
        os.mkdir(uploads)
        if os.path.isdir(upload_dir):
            os.chmod(uploads, stat.S_IMODE(os.stat(upload_dir).st_mode))  # what the web server may read stays so
    except BaseException:
        _roll_back(job)
        raise
    return job


def _roll_back(job):
    """Before the database step: the staging goes, and nothing else was touched."""
    shutil.rmtree(job["staging"], ignore_errors=True)
    _end(job)


def _end(job):
    for path in (_journal(job["uploadDir"]) + ".tmp", _journal(job["uploadDir"])):  # the journal last
        try:
            os.remove(path)
        except FileNotFoundError:
            pass


def _finish(job):
    """From a complete staging: the database, then the folders' switch, then the clean-up; each step may run again
    after an interruption."""
    upload_dir = job["uploadDir"]
    if job["phase"] == "staged":
        db_file = os.path.join(job["staging"], *job["database"].split("/"))
        db.session.remove()
        db.engine.dispose()
        try:
            (_restore_postgresql if job["dialect"] == "postgresql" else _restore_sqlite)(db_file)
        except BackupError:
            _roll_back(job)  # the database step is one transaction: it failed whole
            raise
        finally:
            db.engine.dispose()
        _write_journal(job, "database")
    staged = os.path.join(job["staging"], "uploads")
    if os.path.isdir(staged):  # not switched yet
        if os.path.lexists(upload_dir):
            if os.path.lexists(job["old"]):  # moved aside already, and made again since (a start script's mkdir -p)
                if _files_in(upload_dir, 1):
                    raise BackupError(f"{upload_dir} was moved aside by a restore and has files again: move them "
                                      f"away; the next start finishes the restore.")
                shutil.rmtree(upload_dir)
            else:
                os.rename(upload_dir, job["old"])
        os.rename(staged, upload_dir)
        _sync_dir(os.path.dirname(upload_dir))
    shutil.rmtree(job["old"], ignore_errors=True)
    shutil.rmtree(job["staging"], ignore_errors=True)
    _end(job)


_OLD_STAGING = re.compile(r"^\.restore-[a-z0-9_]{8}$")  # tempfile.mkdtemp(prefix=".restore-")'s names


def _remove_old_staging(upload_dir):
    """Staging folders that restores of earlier versions left inside UPLOAD_DIR (with a copy of the database)."""
    try:
        found = [e.path for e in os.scandir(upload_dir) if _OLD_STAGING.match(e.name) and e.is_dir()]
    except OSError:  # no folder yet
        return []
    for path in found:
        shutil.rmtree(path, ignore_errors=True)
    return found


def _settle(upload_dir):
    """Finish or undo a restore left by a killed process (the lock held); what was done, for a person, or None."""
    job = _read_journal(upload_dir)
    if job is None:
        return None
    if job["phase"] == "staging":
        _roll_back(job)
        return f"A restore into {upload_dir} was interrupted before its files were all staged: undone, as before."
    try:
        _finish(job)
    except BackupError as e:
        then = "it was undone, as before" if _read_journal(upload_dir) is None else "the next start tries again"
        raise BackupError(f"A restore into {upload_dir} was interrupted, and finishing it failed ({then}): {e}") \
            from None
    return f"A restore into {upload_dir} was interrupted after its files were staged: finished."


def settle_interrupted(app):
    """At every start (create_app): a restore killed midway is finished or undone before anything uses the site.
    With nothing to settle it costs a stat and a folder listing."""
    with app.app_context():
        upload_dir = _upload_dir()
        for path in _remove_old_staging(upload_dir):
            app.logger.warning("Removed %s, the staging folder of an interrupted restore", path)
        if not os.path.exists(_journal(upload_dir)):
            return
        try:
            with _restore_lock(upload_dir):
                done = _settle(upload_dir)
        except BackupError as e:  # logged, and tried again at the next start: the site itself still starts
            app.logger.error("%s", e)
        else:
            if done:
                app.logger.warning("%s", done)


def _extract_verified(tar, member, entry, staging):
    """Copy a member into the staging folder, hashing it; refuse it if size or sha256 differ from the manifest."""
    dest = os.path.join(staging, *member.name.split("/"))
    if not _inside(os.path.dirname(dest), staging):
        raise BackupError(f"Refused: {member.name!r} would be written outside the staging folder.")
    h, size = hashlib.sha256(), 0
    try:
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        src = tar.extractfile(member)
        with open(dest, "xb") as out:
            while chunk := src.read(CHUNK):
                h.update(chunk)
                size += len(chunk)
                out.write(chunk)
    except (tarfile.TarError, EOFError, OSError) as e:
        raise BackupError(f"The archive is damaged at {member.name}: {e}") from None
    if size != entry["size"] or h.hexdigest() != entry["sha256"]:
        raise BackupError(f"The archive is corrupted: the checksum of {member.name} does not match the manifest "
                          f"(sha256 {h.hexdigest()}, expected {entry['sha256']}). Nothing was restored.")
    if member.mtime:
        os.utime(dest, (member.mtime, member.mtime))
    return dest


def _restore_postgresql(dump):
    """pg_restore renders the dump as SQL and psql runs it in ONE transaction, after dropping what the database
    holds (nothing with rows unless --force). COMMIT is sent only once pg_restore has rendered the whole dump
    without error, so any failure leaves the database as it was."""
    pg_restore, psql = _tool("pg_restore"), _tool("psql")
    url, env = _libpq(db.engine.url)
    with db.engine.connect() as conn:
        insp = sa.inspect(conn)
        prep = conn.dialect.identifier_preparer
        tables = [prep.quote(t) for t in insp.get_table_names()]
        views = [prep.quote(v) for v in insp.get_view_names()]
        sequences = [prep.quote(s) for s in insp.get_sequence_names()]
        # Functions (the search triggers') and text search configurations of the schema come back with the dump;
        # an extension's own objects stay (the dump creates extensions IF NOT EXISTS).
        functions = conn.execute(sa.text(
            "SELECT p.oid::regprocedure::text FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace "
            "WHERE n.nspname = current_schema() AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid "
            "AND d.deptype = 'e')")).scalars().all()
        configs = [prep.quote(c) for c in conn.execute(sa.text(
            "SELECT c.cfgname FROM pg_ts_config c JOIN pg_namespace n ON n.oid = c.cfgnamespace "
            "WHERE n.nspname = current_schema() AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid "
            "AND d.deptype = 'e')")).scalars()]
    head = "SET client_min_messages = warning;\nBEGIN;\n"
    if views:
        head += f"DROP VIEW IF EXISTS {', '.join(views)} CASCADE;\n"
    if tables:
        head += f"DROP TABLE IF EXISTS {', '.join(tables)} CASCADE;\n"
    if sequences:
        head += f"DROP SEQUENCE IF EXISTS {', '.join(sequences)} CASCADE;\n"
    if functions:
        head += f"DROP FUNCTION IF EXISTS {', '.join(functions)} CASCADE;\n"
    if configs:
        head += f"DROP TEXT SEARCH CONFIGURATION IF EXISTS {', '.join(configs)} CASCADE;\n"
    with tempfile.TemporaryFile() as render_err, tempfile.TemporaryFile() as load_err:
        load = subprocess.Popen([psql, "--no-psqlrc", "--quiet", "--set=ON_ERROR_STOP=1", "--dbname", url],
                                env=env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=load_err)
        render = subprocess.Popen([pg_restore, "--no-owner", "--no-privileges", "--file=-", dump], env=env,
                                  stdout=subprocess.PIPE, stderr=render_err)
        try:
            try:
                load.stdin.write(head.encode())
                shutil.copyfileobj(render.stdout, load.stdin, CHUNK)
                render.stdout.close()
                if render.wait() == 0:
                    load.stdin.write(b"COMMIT;\n")
            except BrokenPipeError:  # psql stopped at an error: the transaction is rolled back
                pass
            finally:
                render.stdout.close()
                try:
                    load.stdin.close()
                except BrokenPipeError:
                    pass
        finally:
            if render.poll() is None:
                render.kill()
            render.wait()
            load.wait()
        render_err.seek(0)
        load_err.seek(0)
        render_msg, load_msg = render_err.read(), load_err.read()
    if load.returncode != 0:
        raise BackupError(f"Restoring the database failed and was rolled back (psql exit {load.returncode}): "
                          f"{_tail(load_msg)}")
    if render.returncode != 0:
        raise BackupError(f"pg_restore could not read the dump (exit {render.returncode}); the database was left "
                          f"as it was: {_tail(render_msg)}")


def _restore_sqlite(copy):
    """The backup API from the verified copy onto the target: replaces its whole content in one step."""
    source = sqlite3.connect(copy)
    try:
        check = source.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise BackupError(f"The SQLite database in the archive is damaged: {check}")
        raw = db.engine.raw_connection()
        try:
            source.backup(raw.driver_connection)
        finally:
            raw.close()
    except sqlite3.DatabaseError as e:
        raise BackupError(f"Restoring the SQLite database failed: {e}") from None
    finally:
        source.close()


def _migration_head():
    try:
        from alembic.script import ScriptDirectory
        return ScriptDirectory(current_app.extensions["migrate"].directory).get_current_head()
    except Exception:  # noqa: BLE001 (only a hint for the person running restore)
        return None
