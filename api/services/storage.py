"""Files on disk under UPLOAD_DIR/<kind>/ with generated names; never the client's name or path."""
import os
import secrets
from contextlib import contextmanager

from flask import current_app


def _dir(kind):
    d = os.path.join(current_app.config["UPLOAD_DIR"], kind)
    os.makedirs(d, exist_ok=True)
    return d


def path_of(kind, name):
    if not name or "/" in name or "\\" in name or name.startswith("."):
        raise ValueError("bad stored name")
    return os.path.join(_dir(kind), name)


def new_name(ext=""):
    return secrets.token_hex(16) + ext


def save_bytes(kind, data, ext=""):
    """Write bytes to a new generated name (atomically, via a temp file) and return the name."""
    name = secrets.token_hex(16) + ext
    final = path_of(kind, name)
    tmp = final + ".part"
    with open(tmp, "wb") as fh:
        fh.write(data)
    os.replace(tmp, final)
    return name


def remove(kind, name):
    try:
        os.remove(path_of(kind, name))
    except (FileNotFoundError, ValueError):
        pass


@contextmanager
def kept_only_if_committed(kind, *names):
    """Commit the rows that point at freshly stored files; if anything fails first, the files go too,
    so the database row and the stored file exist together or not at all."""
    from ..extensions import db
    try:
        yield
        db.session.commit()
    except BaseException:
        db.session.rollback()
        for name in names:
            if name:
                remove(kind, name)
        raise


def remove_later(stored):
    """Remove files of rows that are already deleted (after the commit)."""
    for kind, name in stored:
        remove(kind, name)


def content_disposition(filename, attachment=True):
    """RFC 6266 header value with an ASCII fallback and the UTF-8 name (quotes and paths cannot leak)."""
    import unicodedata
    from urllib.parse import quote

    from werkzeug.http import dump_options_header
    name = os.path.basename((filename or "download").replace("\\", "/")) or "download"
    kind = "attachment" if attachment else "inline"
    try:
        name.encode("ascii")
        return dump_options_header(kind, {"filename": name})
    except UnicodeEncodeError:
        ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode() or "download"
        return dump_options_header(kind, {"filename": ascii_name, "filename*": "UTF-8''" + quote(name, safe="")})


def send_stored(kind, name, mimetype, download_name=None, max_age=0):
    """Send a stored file: by nginx (X-Accel-Redirect) when configured, else streamed by Flask.
    The caller has already checked the right. Downloads are always attachments with nosniff."""
    from flask import Response, send_file
    prefix = current_app.config.get("ACCEL_REDIRECT_PREFIX")
    path = path_of(kind, name)
    if not os.path.exists(path):
        from ..errors import NotFound
        raise NotFound("File not found")
    if prefix:
        resp = Response(status=200, mimetype=mimetype)
        resp.headers["X-Accel-Redirect"] = f"{prefix.rstrip('/')}/{kind}/{name}"
    else:
        resp = send_file(path, mimetype=mimetype, conditional=True, max_age=max_age)
    if download_name is not None:
        resp.headers["Content-Disposition"] = content_disposition(download_name)
        # Even if a browser were talked into rendering it, an uploaded page could run nothing.
        resp.headers["Content-Security-Policy"] = "sandbox; default-src 'none'"
    resp.headers["X-Content-Type-Options"] = "nosniff"
    resp.headers["Cache-Control"] = f"private, max-age={max_age}" if max_age else "private, no-cache"
    return resp
