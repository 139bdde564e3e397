"""A vault file's text and thumbnail, made on the worker after each upload and each new version (issue 47).

`queue` hands the current content of a file to the worker (Huey; services/background.py) once its row committed;
`process` reads its text (extract.py) and makes its thumbnail (thumbs.py), each in a bounded child process, then
writes them in one short transaction. Nothing is held while the children run: the row is read, the transaction
ended, the slow part done, then the row written only if it still has the same content (`stored_name`): a newer
version meanwhile has its own task. The text goes to the store beside the file (kind 'texts', named after the
file's stored name) and to the row, whose copy the search index reads (models/search.py); the thumbnail to the
store (kind 'thumbs'), named on the row. `flask extract-files` runs `process` for files never read (resumable: a
file is done once its state is written).
"""
import logging
import os
import shutil
import tempfile
from contextlib import contextmanager

import orjson
from flask import current_app
from sqlalchemy import exc, select, update

from ...extensions import db
from ...errors import Conflict, NotFound
from ...i18n import N_, _, translate
from ...models import VaultFile
from .. import background, storage
from ..objectstore import backend
from . import extract, thumbs

log = logging.getLogger(__name__)

PENDING, DONE, PARTIAL, FAILED, NONE = "pending", "done", "partial", "failed", "none"
READ = (DONE, PARTIAL)
# Why reading failed, as editors are told (the child's own sentence goes to the log).
ERRORS = {
    "timeout": N_("Reading the text of this file took too long."),
    "too_large": N_("This file is too large to read its text."),
    "protected": N_("This file is protected by a password."),
    "invalid": N_("This file is damaged, or is not the kind of file its name says."),
    "missing": N_("This file could not be found in storage."),
    "failed": N_("The text of this file could not be read."),
}
_CLUES = (("took longer", "timeout"), ("more memory or time", "timeout"), ("larger than", "too_large"),
          ("unpacks to more", "too_large"), ("packed too densely", "too_large"), ("more memory", "too_large"),
          ("password", "protected"), ("encrypted", "protected"), ("not a valid", "invalid"),
          ("binary data", "invalid"), ("could not be found", "missing"))
# PostgreSQL refuses a tsvector over 1 MB (a text of a million distinct words): such a text is kept in part.
FALLBACK_CHARS = 100_000


def enabled():
    """Made on upload (DOCUMENTS_WORK, on by default; the API tests switch it on where they test it)."""
    return current_app.config.get("DOCUMENTS_WORK", True)


def error_message(code):
    return translate(ERRORS.get(code or "failed", ERRORS["failed"]))


def text_name(stored_name):
    return f"{stored_name}.txt"


def queue(file_id, stored_name):
    """After the commit of a file's new content: read it on the worker."""
    if enabled():
        background.submit(process, file_id, stored_name)


def retry(f):
    """Read the file again (its editors' retry): pending until the worker is done (409 while it already is).
    Not an edit of the file: its version does not move, so an edit form open meanwhile stays good."""
    if f.text_state == PENDING:
        raise Conflict(_("This file's text is being read"))
    _write(f.id, f.stored_name, text_state=PENDING, text_error=None)
    db.session.commit()
    queue(f.id, f.stored_name)


def process(file_id, stored_name):
    """Read the text and make the thumbnail of this content of the file; a file deleted or replaced meanwhile
    is left alone."""
    row = db.session.execute(select(VaultFile.filename, VaultFile.mime, VaultFile.thumb).where(
        VaultFile.id == file_id, VaultFile.stored_name == stored_name)).first()
    db.session.rollback()  # no transaction (SQLite: no write lock) while the children run
    if row is None:
        return None
    filename, mime, old_thumb = row
    with _local_copy(stored_name) as path:
        found = _text(path, filename, mime)
        thumb = _thumbnail(path, filename, mime)
    state, error, text, pages = found
    if text is not None:
        storage.write_named("texts", text_name(stored_name), text.encode("utf-8"))
    else:
        storage.remove("texts", text_name(stored_name))
    written = _save(file_id, stored_name, state, error, text, pages, thumb)
    if not written:  # gone or replaced meanwhile
        storage.remove("thumbs", thumb)
        return None
    if old_thumb and old_thumb != thumb:
        storage.remove("thumbs", old_thumb)
    return written


def _save(file_id, stored_name, state, error, text, pages, thumb):
    values = dict(text_state=state, text_error=error, text=text, text_pages=pages, thumb=thumb)
    try:
        done = _write(file_id, stored_name, **values)
        db.session.commit()
    except exc.DataError:  # the index refused the text (PostgreSQL's tsvector limit): keep its beginning
        db.session.rollback()
        log.warning("file %s: text too large for the index, kept in part", file_id)
        values.update(text_state=PARTIAL, text=text[:FALLBACK_CHARS])
        done = _write(file_id, stored_name, **values)
        db.session.commit()
    return state if done else None


def _write(file_id, stored_name, **values):
    """A core UPDATE, not the ORM's: the file's `version` (its edit forms' check) is not the worker's to move."""
    table = VaultFile.__table__
    res = db.session.execute(update(table).where(table.c.id == file_id, table.c.stored_name == stored_name)
                             .values(**values))
    return res.rowcount == 1


def _text(path, filename, mime):
    """(state, error code, text, pages as JSON) of the file."""
    if extract.kind_of(filename, mime) is None:
        return NONE, None, None, None
    if path is None:
        return FAILED, "missing", None, None
    try:
        got = extract.extract(path, filename, mime, _limits())
    except extract.ExtractError as e:
        log.info("file %s: no text: %s", filename, e)
        return FAILED, _code(str(e)), None, None
    pages = orjson.dumps(got.pages).decode() if got.pages else None
    return (PARTIAL if got.truncated else DONE), None, got.text, pages


def _limits():
    return {k: v for k, v in {"seconds": current_app.config.get("EXTRACT_SECONDS"),
                              "chars": current_app.config.get("EXTRACT_CHARS")}.items() if v}


def _code(message):
    return next((code for clue, code in _CLUES if clue in message), "failed")


def _thumbnail(path, filename, mime):
    """The stored name of a new thumbnail, or None (no kind to render, or it could not be made)."""
    if path is None or thumbs.kind(filename, mime) is None:
        return None
    try:
        data = thumbs.make(path, filename, mime)
    except thumbs.ThumbError as e:
        log.info("file %s: no thumbnail: %s", filename, e)
        return None
    if not data:
        return None
    return storage.save_bytes("thumbs", data, ".webp" if data[:4] == b"RIFF" else ".png")


@contextmanager
def _local_copy(stored_name):
    """A path to the file's bytes: the stored file itself on a local folder, else a temporary copy of the
    object (S3), removed after; None when the bytes are gone."""
    key = storage.key_of("files", stored_name)
    store = backend()
    local = store.local_path(key)
    if local is not None:
        yield local if os.path.exists(local) else None
        return
    if store.size(key) is None:
        yield None
        return
    fd, tmp = tempfile.mkstemp(prefix="extract-")
    try:
        with os.fdopen(fd, "wb") as out, store.open(key) as body:
            shutil.copyfileobj(body, out, 1024 * 1024)
        yield tmp
    finally:
        os.unlink(tmp)


def forget(stored_names, thumbs_=()):
    """After the commit of a file's deletion or new version: its old text and thumbnails go from the store."""
    for name in stored_names:
        storage.remove("texts", text_name(name))
    for name in thumbs_:
        storage.remove("thumbs", name)


def unread(retry_failed=False, after=0, limit=500):
    """Ids and stored names of files whose text was never read (pending, or from before issue 47), in id order
    from `after`: `flask extract-files` goes through them."""
    states = [PENDING] + ([FAILED] if retry_failed else [])
    q = select(VaultFile.id, VaultFile.stored_name).where(
        VaultFile.id > after, VaultFile.text_state.is_(None) | VaultFile.text_state.in_(states)) \
        .order_by(VaultFile.id).limit(limit)
    out = db.session.execute(q).all()
    db.session.rollback()
    return out


def text_of(f):
    """{text, truncated, pages, state} of a read file (404 before): the text from the store (beside the file),
    else the row's."""
    if f.text_state not in READ:
        raise NotFound(_("This file's text has not been read"))
    data = storage.read_bytes("texts", text_name(f.stored_name))
    text = data.decode("utf-8") if data is not None else (f.text or "")
    return {"text": text, "truncated": f.text_state == PARTIAL, "state": f.text_state,
            "pages": orjson.loads(f.text_pages) if f.text_pages else None}


def sweep(limit=200):
    """Files nobody queued (copied by a clone or an import, seeded, or from before issue 47), queued now: the
    worker's minute sweep (api/tasks.py). Returns how many."""
    if not enabled():
        return 0
    rows = db.session.execute(select(VaultFile.id, VaultFile.stored_name).where(VaultFile.text_state.is_(None))
                              .order_by(VaultFile.id).limit(limit)).all()
    if rows:
        table = VaultFile.__table__
        db.session.execute(update(table).where(table.c.id.in_([r.id for r in rows]), table.c.text_state.is_(None))
                           .values(text_state=PENDING))
    db.session.commit()
    for r in rows:
        background.submit(process, r.id, r.stored_name)
    return len(rows)
