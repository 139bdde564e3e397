"""A file shown in the preview pane (issue 47): a short-lived ticket in the URL, since a frame or an image cannot
send the bearer token, and the file's bytes under the headers preview.py decides (no script, nosniff, a fixed
type). Served through the API on every store (not by nginx's X-Accel location, whose own headers would replace
these), so any API replica answers: the ticket is signed with the key they share and the bytes come from the
shared store."""
from flask import current_app
from itsdangerous import BadSignature, URLSafeTimedSerializer

from ...errors import NotFound
from ...extensions import db
from ...i18n import _
from .. import storage
from . import preview

SHOWN = ("image", "pdf", "text")


def _signer():
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt="file-preview")


def ticket(user, module, f):
    """{url, mode, expiresIn} of the file's preview for this user: good for PREVIEW_TICKET_SECONDS, for this
    content of the file only (a new version needs a new ticket). 404 for a file with no preview."""
    if preview.mode(f.filename, f.mime) not in SHOWN:
        raise NotFound(_("This file has no preview"))
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
    """The file's bytes as its preview: inline only as an image, a PDF or plain text, under preview.headers
    (streamed through here; from a folder with Range requests: a long PDF's first pages show before its end)."""
    mode = preview.mode(f.filename, f.mime)
    headers = preview.headers(mode if mode in SHOWN else "none", f.filename, f.mime)
    return storage.send_stored("files", f.stored_name, headers["Content-Type"], headers=headers)


def opened(token, module_id, file_id):
    """The file a preview ticket opens: genuine, unexpired, for this file and its current content, and its user
    still active and allowed to view the module now; else 404."""
    from ...models import User
    from .. import modules, vault
    user_id, stored = read_ticket(token, module_id, file_id)
    user = db.session.get(User, user_id) if isinstance(user_id, int) else None
    if user is None or not user.is_active:
        raise NotFound(_("File not found"))
    f = vault.get("file", modules.visible_module(user, module_id), file_id)
    if f.stored_name != stored:  # a new version since the ticket: ask again
        raise NotFound(_("File not found"))
    return f


def send_thumbnail(f):
    """The file's thumbnail (WebP or PNG), cached by the browser: its address changes with it (`?v=`)."""
    if not f.thumb:
        raise NotFound(_("File not found"))
    mime = "image/webp" if f.thumb.endswith(".webp") else "image/png"
    resp = storage.send_stored("thumbs", f.thumb, mime, max_age=86400)
    resp.headers["Content-Security-Policy"] = "sandbox; default-src 'none'"
    return resp
