"""Files on disk under UPLOAD_DIR/<kind>/ with generated names; never the client's name or path."""
import os
import secrets

from flask import current_app


def _dir(kind):
    d = os.path.join(current_app.config["UPLOAD_DIR"], kind)
    os.makedirs(d, exist_ok=True)
    return d


def path_of(kind, name):
    if not name or "/" in name or "\\" in name or name.startswith("."):
        raise ValueError("bad stored name")
    return os.path.join(_dir(kind), name)


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


def remove_later(stored):
    """Remove files of rows that are already deleted (after the commit)."""
    for kind, name in stored:
        remove(kind, name)
