"""Stored files (vault files and versions, logos, avatars) under generated names, never the client's name or path,
in the backend STORAGE_URL names (services/objectstore.py: a local folder by default, or an S3-compatible store)."""
import os
import secrets
import unicodedata
from contextlib import contextmanager

from flask import current_app

from .objectstore import backend


def key_of(kind, name):
    """'<kind>/<name>' of a stored name; a name that is not one of ours (a path, a dot file) is refused."""
    if not name or "/" in name or "\\" in name or name.startswith("."):
        raise ValueError("bad stored name")
    return f"{kind}/{name}"


def path_of(kind, name):
    """The file's path when the store is a local folder (tests, backups), else None."""
    return backend().local_path(key_of(kind, name))


def new_name(ext=""):
    return secrets.token_hex(16) + ext


# A file is written under a staged name (its final name + ".part") and published (renamed to the final name)
# only after the row that points at it has committed. A process killed in between leaves a staged file that
# `recover()` publishes when its row exists and removes otherwise.
STAGED = ".part"


def stage_bytes(kind, data, ext=""):
    """Write bytes under a new generated name, staged; returns the name."""
    name = new_name(ext)
    backend().write(key_of(kind, name) + STAGED, data)
    return name


def stage_upload(kind, upload):
    """Stream an uploaded file to a new generated name, staged (in parts to an object store); returns (name,
    size)."""
    name = new_name()
    size = backend().write(key_of(kind, name) + STAGED, upload.stream)
    return name, size


def stage_copy(kind, src_name):
    """Copy a stored file to a new generated name, staged; None when the source bytes are gone."""
    try:
        src = key_of(kind, src_name)
    except ValueError:
        return None
    if backend().size(src) is None:
        return None
    name = new_name()
    backend().copy(src, key_of(kind, name) + STAGED)
    return name


def publish(kind, name):
    key = key_of(kind, name)
    backend().move(key + STAGED, key)


def write_named(kind, name, data):
    """Write bytes under a name of ours made from a stored name (a file's extracted text beside it)."""
    backend().write(key_of(kind, name), data)


def save_bytes(kind, data, ext=""):
    """Write bytes straight to a new generated name (seeding and tests: no row to wait for)."""
    name = stage_bytes(kind, data, ext)
    publish(kind, name)
    return name


def remove(kind, name):
    """Remove a stored file, published or staged."""
    try:
        key = key_of(kind, name)
    except ValueError:
        return
    backend().delete(key)
    backend().delete(key + STAGED)


def read_bytes(kind, name):
    """The bytes of a (small) stored file, or None: logos and avatars."""
    try:
        key = key_of(kind, name)
    except ValueError:
        return None
    if backend().size(key) is None:
        return None
    with backend().open(key) as fh:
        return fh.read()


@contextmanager
def kept_only_if_committed(kind, *names):
    """Commit the rows that point at freshly staged files, then publish the files; if anything fails first,
    the files go, so the database row and the stored file exist together or not at all."""
    from ..extensions import db
    names = [n for n in names if n]
    try:
        yield
        db.session.commit()
    except BaseException:
        db.session.rollback()
        for name in names:
            remove(kind, name)
        raise
    for name in names:
        publish(kind, name)


def referenced_names():
    """{kind: set of stored names some row points at}."""
    from sqlalchemy import select

    from ..extensions import db
    from ..models import Brand, FileVersion, User, VaultFile
    current = set(db.session.scalars(select(VaultFile.stored_name)))
    return {
        "files": current | set(db.session.scalars(select(FileVersion.stored_name))),
        "thumbs": set(db.session.scalars(select(VaultFile.thumb).where(VaultFile.thumb.is_not(None)))),
        "texts": {f"{n}.txt" for n in current},
        "logos": set(db.session.scalars(select(Brand.logo).where(Brand.logo.is_not(None)))),
        "avatars": set(db.session.scalars(select(User.avatar).where(User.avatar.is_not(None)))),
    }


KINDS = ("files", "logos", "avatars", "thumbs", "texts")


def unreferenced():
    """[(kind, stored name)] in the store that no row accounts for: orphans and staged files."""
    out = []
    for kind, known in referenced_names().items():
        out += [(kind, n) for n in backend().names(kind) if n not in known]
    return out


def recover():
    """After a crash: publish staged files whose row committed, remove every other file no row points at.
    Run when no request is in flight (the gunicorn master does it before starting workers)."""
    published, removed = [], []
    known = referenced_names()
    for kind, fname in unreferenced():
        base = fname[:-len(STAGED)] if fname.endswith(STAGED) else None
        if base and base in known[kind] and backend().size(key_of(kind, base)) is None:
            publish(kind, base)
            published.append((kind, base))
        else:
            backend().delete(f"{kind}/{fname}")
            removed.append((kind, fname))
    return published, removed


def remove_later(stored):
    """Remove files of rows that are already deleted (after the commit)."""
    for kind, name in stored:
        remove(kind, name)


def clean_filename(raw, limit=255, default="file"):
    """A client's file name fit to store, show and put in a header: no folders, no control, format or surrogate
    characters (NUL, CR/LF, bidi overrides), at most `limit` characters with the extension kept."""
    name = os.path.basename(str(raw or "").replace("\\", "/"))
    name = "".join(c for c in name if unicodedata.category(c)[0] != "C").strip()
    if name in ("", ".", ".."):
        return default
    if len(name) > limit:
        stem, ext = os.path.splitext(name)
        ext = ext[:16]
        name = stem[:limit - len(ext)] + ext
    return name


def content_disposition(filename, attachment=True):
    """RFC 6266 header value with an ASCII fallback and the UTF-8 name `filename*` (quotes, paths and control
    characters cannot leak)."""
    from urllib.parse import quote

    from werkzeug.http import dump_options_header
    name = clean_filename(filename, default="download")
    kind = "attachment" if attachment else "inline"
    try:
        name.encode("ascii")
        return dump_options_header(kind, {"filename": name})
    except UnicodeEncodeError:
        ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode() or "download"
        return dump_options_header(kind, {"filename": ascii_name, "filename*": "UTF-8''" + quote(name, safe="")})


def _chunks(body, size=256 * 1024):
    """A stored object streamed out a piece at a time (it needs no app context), closed at the end."""
    try:
        yield from iter(lambda: body.read(size), b"")
    finally:
        body.close()


def send_stored(kind, name, mimetype, download_name=None, max_age=0, headers=None):
    """Send a stored file. From a folder: by nginx (X-Accel-Redirect) when configured, else streamed by Flask. From
    an object store: a redirect to a short-lived presigned URL that answers as an attachment of the stored type
    (STORAGE_DOWNLOADS=presigned), else streamed through here. The caller has already checked the right.
    Downloads are always attachments with nosniff and a sandbox CSP. `headers`: the answer's own (a preview's,
    issue 47), last: then always streamed through here, as neither nginx nor a presigned URL would send them."""
    from flask import Response, redirect, send_file
    from ..errors import NotFound
    from ..i18n import _
    store, key = backend(), key_of(kind, name)
    local = store.local_path(key)
    if local is not None:
        if not os.path.exists(local):
            raise NotFound(_("File not found"))
        prefix = current_app.config.get("ACCEL_REDIRECT_PREFIX")
        if prefix and headers is None:
            resp = Response(status=200, mimetype=mimetype)
            resp.headers["X-Accel-Redirect"] = f"{prefix.rstrip('/')}/{kind}/{name}"
        else:
            resp = send_file(local, mimetype=mimetype, conditional=True, max_age=max_age)
    else:
        size = store.size(key)
        if size is None:
            raise NotFound(_("File not found"))
        presigned = current_app.config.get("STORAGE_DOWNLOADS") == "presigned"
        if download_name is not None and headers is None and presigned:
            resp = redirect(store.download_url(key, download_name, mimetype), code=302)
            resp.headers["Cache-Control"] = "private, no-store"
            return resp
        resp = Response(_chunks(store.open(key)), mimetype=mimetype)
        resp.headers["Content-Length"] = str(size)
    if download_name is not None:
        resp.headers["Content-Disposition"] = content_disposition(download_name)
        # Even if a browser were talked into rendering it, an uploaded page could run nothing.
        resp.headers["Content-Security-Policy"] = "sandbox; default-src 'none'"
    resp.headers["X-Content-Type-Options"] = "nosniff"
    resp.headers["Cache-Control"] = f"private, max-age={max_age}" if max_age else "private, no-cache"
    for header, value in (headers or {}).items():
        resp.headers[header] = value
    return resp
