"""A file shown in the preview pane (issue 47): a short-lived ticket in the URL, since a frame or an image cannot
send the bearer token, and the file's bytes under the headers preview.py decides (no script, nosniff, a fixed
type). Served through the API on every store (not by nginx's X-Accel location, whose own headers would replace
these), so any API replica answers: the ticket is signed with the key they share and the bytes come from the
shared store."""
import os

from flask import Response, current_app, send_file
from itsdangerous import BadSignature, URLSafeTimedSerializer

from ...errors import NotFound
from ...i18n import _
from ..objectstore import backend
from .. import storage
from . import preview

SHOWN = ("image", "pdf", "text")


def _signer():
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt="file-preview")


def ticket(user, module, f):
    """{url, mode, expiresIn} of the file's preview for this user: good for PREVIEW_TICKET_SECONDS, for this
    content of the file only (a new version needs a new ticket)."""
    token = _signer().dumps({"u": user.id, "m": module.id, "f": f.id, "s": f.stored_name})
    return {"url": f"/api/vault/preview/{module.id}/{f.id}?t={token}", "mode": preview.mode(f.filename, f.mime),
            "expiresIn": current_app.config["PREVIEW_TICKET_SECONDS"]}


def read_ticket(token, module_id, file_id):
    """(user id, stored name) a genuine, unexpired ticket for this file grants; else 404 (as for a file one may
    not see: the address says nothing more)."""
    try:
        data = _signer().loads(token or "", max_age=current_app.config["PREVIEW_TICKET_SECONDS"])
    except BadSignature:
        raise NotFound(_("File not found")) from None
    if not isinstance(data, dict) or data.get("m") != module_id or data.get("f") != file_id:
        raise NotFound(_("File not found"))
    return data.get("u"), data.get("s")


def send(f):
    """The file's bytes as its preview: inline only as an image, a PDF or plain text, under preview.headers."""
    mode = preview.mode(f.filename, f.mime)
    headers = preview.headers(mode if mode in SHOWN else "none", f.filename, f.mime)
    store, key = backend(), storage.key_of("files", f.stored_name)
    local = store.local_path(key)
    if local is not None:
        if not os.path.exists(local):
            raise NotFound(_("File not found"))
        # Range requests: a long PDF's first pages show before its end arrives.
        resp = send_file(local, mimetype=headers["Content-Type"], conditional=True, etag=f.stored_name)
    else:
        size = store.size(key)
        if size is None:
            raise NotFound(_("File not found"))
        resp = Response(storage.chunks(store.open(key)), mimetype=headers["Content-Type"])
        resp.headers["Content-Length"] = str(size)
    for name, value in headers.items():
        resp.headers[name] = value
    return resp


def send_thumbnail(f):
    """The file's thumbnail (WebP or PNG), cached by the browser: its address changes with it (`?v=`)."""
    if not f.thumb:
        raise NotFound(_("File not found"))
    mime = "image/webp" if f.thumb.endswith(".webp") else "image/png"
    resp = storage.send_stored("thumbs", f.thumb, mime, max_age=86400)
    resp.headers["Content-Security-Policy"] = "sandbox; default-src 'none'"
    return resp
